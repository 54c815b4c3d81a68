import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import { fileRules, type UploadedFile } from '@hortus/contract';
import { ATTACHMENTS_MAX, messagesMessages, type UploadedAttachment } from '@hortus/contract/modules/messages';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { files as storedFiles } from '../../platform/db/schema';
import { checkedUpload, type CheckedUpload } from '../../platform/files/checked-upload';
import { withFiles } from '../../platform/files/files';
import { type AppContext, type FileAccessRule, invalid } from '../../platform/http/calls';
import type { BackgroundJob } from '../../platform/modules/server-module';
import { messageAttachments, messageMessages, messageParticipants } from './schema';

/**
 * Attachments of module 120 (issue 43): PDFs and photos uploaded while a message is written (`uploadAnhaenge`),
 * stored by the platform in area f120 for the uploader, linked to the message by sendNachricht's `anhaenge`,
 * read by the participants of the message's conversation only; unsent uploads go after a day.
 */

/** The file area of messages' attachments. */
export const MESSAGES_FILE_AREA = 'f120';
/** Most unsent uploads one user may keep waiting (they go after a day). */
export const UNUSED_UPLOADS_MAX = 20;
/** How long an upload may wait for the message that uses it. */
export const UNUSED_UPLOAD_MS = 24 * 3600 * 1000;

/** A condition on the platform's files table in a query: no message links the file. */
export function fileUnlinked(db: Db) {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(messageAttachments)
      .where(eq(messageAttachments.fileId, storedFiles.id)),
  );
}

/**
 * uploadAnhaenge: files `file1` … `file5` judged by content (PDF, PNG, JPEG, WebP), stored for the uploader until
 * a message of theirs uses them. Answers each file's id, name and size.
 */
export async function uploadAttachments(
  app: AppContext,
  user: Caller,
  uploads: readonly (UploadedFile | undefined)[],
): Promise<UploadedAttachment[]> {
  const given = uploads.flatMap((file, index) => (file ? [{ file, field: `file${index + 1}` }] : []));
  if (given.length === 0) throw invalid('file1', messagesMessages.chooseFile);
  if (given.length > ATTACHMENTS_MAX) throw invalid('file1', messagesMessages.tooManyAttachments);
  const [{ n } = { n: 0 }] = await app.db
    .select({ n: count() })
    .from(storedFiles)
    .where(and(eq(storedFiles.area, MESSAGES_FILE_AREA), eq(storedFiles.ownerUserId, user.id), fileUnlinked(app.db)));
  if (n + given.length > UNUSED_UPLOADS_MAX) throw invalid('file1', messagesMessages.tooManyUploads);
  const checked: (CheckedUpload & { file: UploadedFile })[] = [];
  for (const { file, field } of given) {
    checked.push({ file, ...(await checkedUpload(file, fileRules.pdfOrPhoto, field)) });
  }
  return withFiles(app, async (_tx, files) => {
    const stored: UploadedAttachment[] = [];
    for (const { file, kind, name } of checked) {
      const row = await files.store({
        path: `${MESSAGES_FILE_AREA}/${user.id}/${randomBytes(12).toString('hex')}.${kind.endung}`,
        area: MESSAGES_FILE_AREA,
        ownerUserId: user.id,
        originalName: name,
        mime: kind.mime,
        bytes: { fromPath: file.path },
      });
      stored.push({ id: row.id, name, groesse: row.size });
    }
    return stored;
  });
}

/**
 * Links the sender's unsent uploads to a new message (inside the send's transaction). An id that is not such an
 * upload — another user's, already sent, unknown — is a validation error on `anhaenge`; nothing is written then.
 */
export async function linkAttachments(tx: Db, user: Caller, messageId: number, fileIds: readonly number[]) {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return;
  const usable = await tx
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(
        inArray(storedFiles.id, ids),
        eq(storedFiles.area, MESSAGES_FILE_AREA),
        eq(storedFiles.ownerUserId, user.id),
        fileUnlinked(tx),
      ),
    )
    .for('update');
  if (usable.length !== ids.length) throw invalid('anhaenge', messagesMessages.unknownAttachment);
  // A file belongs to one message (unique index): a send racing for the same upload links nothing.
  const linked = await tx
    .insert(messageAttachments)
    .values(ids.map((fileId) => ({ messageId, fileId })))
    .onConflictDoNothing()
    .returning({ fileId: messageAttachments.fileId });
  if (linked.length !== ids.length) throw invalid('anhaenge', messagesMessages.unknownAttachment);
}

/**
 * Download rule of area f120: the participants of the conversation of a message the file is attached to; an
 * unsent upload only its uploader. Everyone else is refused by the platform's download call.
 */
export const messagesFileAccess: FileAccessRule = async (ctx, user, file) => {
  const [linked] = await ctx.db
    .select({ one: sql`1` })
    .from(messageAttachments)
    .innerJoin(messageMessages, eq(messageMessages.id, messageAttachments.messageId))
    .innerJoin(
      messageParticipants,
      and(
        eq(messageParticipants.conversationId, messageMessages.conversationId),
        eq(messageParticipants.userId, user.id),
      ),
    )
    .where(eq(messageAttachments.fileId, file.id))
    .limit(1);
  if (linked) return true;
  if (file.ownerUserId !== user.id) return false;
  const [used] = await ctx.db
    .select({ one: sql`1` })
    .from(messageAttachments)
    .where(eq(messageAttachments.fileId, file.id))
    .limit(1);
  return !used;
};

/**
 * Files of area f120 no message links that are older than a day (unsent uploads, attachments of messages that
 * went, links removed with an erased account): rows in the transaction, bytes after it. Answers how many went.
 */
export async function removeUnlinkedAttachments(
  tx: Db,
  files: { remove(ids: readonly number[]): Promise<void> },
  now: number,
) {
  const stale = await tx
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.area, MESSAGES_FILE_AREA),
        lt(storedFiles.createdAt, new Date(now - UNUSED_UPLOAD_MS)),
        fileUnlinked(tx),
      ),
    );
  await files.remove(stale.map((row) => row.id));
  return stale.length;
}

/** Removes uploads no message used within a day (the writer gave up), as 210 does. */
export function removeUnusedUploads(app: AppContext, now = Date.now()): Promise<number> {
  return withFiles(app, (tx, files) => removeUnlinkedAttachments(tx, files, now));
}

export const unusedUploadsJob: BackgroundJob = {
  name: 'messages-unused-uploads',
  everyMs: 3600 * 1000,
  run: (app) => removeUnusedUploads(app),
};
