import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { fileRules } from '@hortus/contract';
import { childrenMessages } from '@hortus/contract/modules/children';
import type { UploadedFile } from '@hortus/contract';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { files as storedFiles } from '../../platform/db/schema';
import { withFiles } from '../../platform/files/files';
import { checkedUpload } from '../../platform/files/checked-upload';
import { type AppContext, invalid } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { requireChild } from './access';
import { childDocuments, childExceptionFiles, childExceptions } from './schema';

/** File area of children's documents and exception attachments: whoever sees the child's class. */
export const CHILD_FILE_AREA = 'f200';

/** Checks an upload (name charset, PDF or image by content); the platform's rule (platform/files). */
export function checkedFile(file: UploadedFile) {
  return checkedUpload(file, fileRules.pdfOrImage);
}

function storeChildFile(files: FileStore, user: Caller, childId: number, file: UploadedFile, checked: CheckedFile) {
  return files.store({
    path: `${CHILD_FILE_AREA}/${childId}/${randomBytes(12).toString('hex')}.${checked.kind.endung}`,
    area: CHILD_FILE_AREA,
    ownerUserId: user.id,
    originalName: checked.name,
    mime: checked.kind.mime,
    bytes: { fromPath: file.path },
  });
}
export type CheckedFile = Awaited<ReturnType<typeof checkedFile>>;
type FileStore = Parameters<Parameters<typeof withFiles>[1]>[1];

/** uploadDokument: a PDF or image (judged by content) for a child the caller may edit. */
export async function uploadDocument(app: AppContext, user: Caller, childId: number, file: UploadedFile) {
  const checked = await checkedFile(file);
  return withFiles(app, async (tx, files) => {
    const child = await requireChild(tx, user, childId, true);
    const stored = await storeChildFile(files, user, child.id, file, checked);
    const [row] = await tx
      .insert(childDocuments)
      .values({ childId: child.id, fileId: stored.id })
      .returning({ id: childDocuments.id });
    return { id: row?.id ?? 0, pfad: stored.path, name: checked.name, art: 'dokument' };
  });
}

/** Most attachments on one exception. */
export const EXCEPTION_ATTACHMENTS_MAX = 10;

/** A staff exception of a child the caller may edit (unseen class → notFound; a parent's → noRight). */
async function requireStaffException(db: Db, user: Caller, id: number) {
  const [row] = await db.select().from(childExceptions).where(eq(childExceptions.id, id));
  const found = requireRecord(row, { canSee: true }, childrenMessages.unknownException);
  await requireChild(db, user, found.childId, true);
  return requireRecord(
    found,
    { canSee: true, canChange: (r) => !r.byParent, noRightMessage: childrenMessages.parentException },
    childrenMessages.unknownException,
  );
}

/** uploadAnhang: a PDF or image attached to a staff exception (edit right on the child's class). */
export async function uploadAttachment(app: AppContext, user: Caller, exceptionId: number, file: UploadedFile) {
  const checked = await checkedFile(file);
  return withFiles(app, async (tx, files) => {
    const exception = await requireStaffException(tx, user, exceptionId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(childExceptionFiles)
      .where(eq(childExceptionFiles.exceptionId, exception.id));
    if (n >= EXCEPTION_ATTACHMENTS_MAX) {
      throw invalid('file', childrenMessages.tooManyAttachments);
    }
    const stored = await storeChildFile(files, user, exception.childId, file, checked);
    await tx.insert(childExceptionFiles).values({ exceptionId: exception.id, fileId: stored.id });
    return { pfad: stored.path, name: checked.name };
  });
}

/** deleteAnhang: one attachment (by its path) of a staff exception, with its file. */
export async function deleteAttachment(app: AppContext, user: Caller, exceptionId: number, pfad: string) {
  await withFiles(app, async (tx, files) => {
    const exception = await requireStaffException(tx, user, exceptionId);
    const [row] = await tx
      .select({ fileId: childExceptionFiles.fileId })
      .from(childExceptionFiles)
      .innerJoin(storedFiles, eq(storedFiles.id, childExceptionFiles.fileId))
      .where(and(eq(childExceptionFiles.exceptionId, exception.id), eq(storedFiles.path, pfad)));
    const attachment = requireRecord(row, { canSee: true }, childrenMessages.unknownAttachment);
    await tx
      .delete(childExceptionFiles)
      .where(and(eq(childExceptionFiles.exceptionId, exception.id), eq(childExceptionFiles.fileId, attachment.fileId)));
    await files.remove([attachment.fileId]);
  });
}

/** deleteDokument: the document and its file (edit right on the child's class). */
export async function deleteDocument(app: AppContext, user: Caller, id: number): Promise<void> {
  await withFiles(app, async (tx, files) => {
    const [row] = await tx.select().from(childDocuments).where(eq(childDocuments.id, id));
    const document = requireRecord(row, { canSee: true }, childrenMessages.unknownDocument);
    await requireChild(tx, user, document.childId, true);
    await tx.delete(childDocuments).where(eq(childDocuments.id, id));
    await files.remove([document.fileId]);
  });
}
