import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { bidiControls, messages, validationMessages } from '@hortus/contract';
import type { UploadedFile } from '@hortus/contract';
import {
  CLOUD_FILE_AREA,
  cloudFileTitle,
  cloudMessages,
  detectCloudFileKind,
  germanDateTime,
  type CloudFile,
  type CloudSlotRights,
} from '@hortus/contract/modules/cloud';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { files as filesTable } from '../../platform/db/schema';
import { withFiles } from '../../platform/files/files';
import { firstBytes } from '../../platform/files/first-bytes';
import { CallError, type AppContext, invalid } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { requireSlot, rightsOnSlot } from './access';
import { cloudFiles } from './schema';

/** The files of the cloud (module 130): one platform file each in area f100-130, linked by cloud_files. */

export type FileRow = typeof cloudFiles.$inferSelect & { path: string };

export function toCloudFile(row: FileRow, user: LoadedUser, rights: CloudSlotRights): CloudFile {
  return {
    id: row.id,
    titel: row.title,
    endung: row.extension,
    ident_login_upload: row.uploaderIdent,
    date_lastMod_de: germanDateTime(row.uploadedAt.getTime()),
    pfad: row.path,
    loeschen: rights.bearbeiten || row.uploaderUserId === user.id,
  };
}

export async function filesOf(db: Db, slotIds: readonly number[]): Promise<FileRow[]> {
  if (slotIds.length === 0) return [];
  const rows = await db
    .select({ file: cloudFiles, path: filesTable.path })
    .from(cloudFiles)
    .innerJoin(filesTable, eq(filesTable.id, cloudFiles.fileId))
    .where(inArray(cloudFiles.slotId, [...slotIds]))
    .orderBy(asc(cloudFiles.topic), asc(cloudFiles.id));
  return rows.map((row) => ({ ...row.file, path: row.path }));
}

/** Stores one uploaded file under a topic (users with upload or bearbeiten in the slot). */
export async function uploadFile(
  app: AppContext,
  user: LoadedUser,
  slotId: number,
  topic: string,
  file: UploadedFile,
): Promise<{ neu: CloudFile; thema: string }> {
  // A file title with bidi overrides would read other than it is stored (e.g. 'rechnung\u202Efdp.exe').
  if (bidiControls.test(file.filename)) {
    throw invalid({ file: [validationMessages.charset] });
  }
  const kind = detectCloudFileKind(await firstBytes(file.path, 16));
  if (!kind) throw invalid('file', cloudMessages.wrongFileType);
  const title = cloudFileTitle(file.filename);
  // The bytes, the file row and the slot's link row commit together or not at all.
  return withFiles(app, async (tx, files) => {
    const slot = await requireSlot(tx, user, slotId, 'upload');
    const stored = await files.store({
      path: `${CLOUD_FILE_AREA}/${slot.id}/${randomBytes(12).toString('hex')}.${kind.endung}`,
      area: CLOUD_FILE_AREA,
      ownerUserId: user.id,
      originalName: `${title}.${kind.endung}`,
      mime: kind.mime,
      bytes: { fromPath: file.path },
    });
    const [row] = await tx
      .insert(cloudFiles)
      .values({
        slotId: slot.id,
        fileId: stored.id,
        topic,
        title,
        extension: kind.endung,
        uploaderUserId: user.id,
        uploaderIdent: user.ident,
      })
      .returning();
    if (!row) throw new Error('Datei konnte nicht gespeichert werden.');
    return { neu: toCloudFile({ ...row, path: stored.path }, user, rightsOnSlot(slot, user)), thema: topic };
  });
}

/** Deletes one file (slot admin, or its uploader) or a whole topic (slot admin). */
export async function deleteFiles(
  app: AppContext,
  user: LoadedUser,
  slotId: number,
  target: { fileId: number } | { topic: string },
): Promise<void> {
  const slot = await requireSlot(app.db, user, slotId, 'sehen');
  const rights = rightsOnSlot(slot, user);
  let rows: (typeof cloudFiles.$inferSelect)[];
  if ('fileId' in target) {
    rows = await app.db
      .select()
      .from(cloudFiles)
      .where(and(eq(cloudFiles.slotId, slot.id), eq(cloudFiles.id, target.fileId)));
    requireRecord(
      rows[0],
      { canSee: true, canChange: (row) => rights.bearbeiten || row.uploaderUserId === user.id },
      cloudMessages.unknownFile,
    );
  } else {
    if (!rights.bearbeiten) throw new CallError('noRight', messages.accessDenied);
    rows = await app.db
      .select()
      .from(cloudFiles)
      .where(and(eq(cloudFiles.slotId, slot.id), eq(cloudFiles.topic, target.topic)));
    if (rows.length === 0) throw new CallError('notFound', cloudMessages.unknownTopic);
  }
  await withFiles(app, (_tx, files) => files.remove(rows.map((row) => row.fileId)));
}
