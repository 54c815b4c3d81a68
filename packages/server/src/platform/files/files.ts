import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { downloadRequest, messages } from '@hortus/contract';
import type { LoadedUser } from '../auth/session-user';
import { files } from '../db/schema';
import { CallError, defineCall, type AppContext, type FileAccessRule, type StoredFileRow } from '../http/calls';

/** Area for files generated for one user (letters, exports): only their owner may fetch them. */
export const TEMP_AREA = 'temp';

export function filesDir(dataDir: string): string {
  return path.join(dataDir, 'files');
}

export const ownerOnly: FileAccessRule = (_ctx, user, file) => file.ownerUserId === user.id;

export interface NewFile {
  /** Logical path clients use to ask for it, e.g. 'f100-130/12/plan.pdf'. */
  path: string;
  area: string;
  ownerUserId: number | null;
  originalName: string;
  mime: string;
  /** The content, or a temporary file (e.g. an upload) that is moved into the store. */
  bytes: Buffer | { fromPath: string };
}

/** Renames within the data folder; copies when the temporary file lives on another file system. */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await fs.promises.rename(from, to);
  } catch {
    await fs.promises.copyFile(from, to);
    await fs.promises.rm(from, { force: true });
  }
}

/**
 * Writes the bytes under a random name first (slow work outside any transaction), then records the
 * row. A logical path that exists already is replaced.
 */
export async function storeFile(app: AppContext, file: NewFile): Promise<StoredFileRow> {
  const dir = filesDir(app.dataDir);
  await fs.promises.mkdir(dir, { recursive: true });
  const storageName = randomBytes(16).toString('hex');
  const target = path.join(dir, storageName);
  if (Buffer.isBuffer(file.bytes)) await fs.promises.writeFile(target, file.bytes);
  else await moveFile(file.bytes.fromPath, target);
  const size = Buffer.isBuffer(file.bytes) ? file.bytes.length : (await fs.promises.stat(target)).size;
  const values = {
    path: file.path,
    area: file.area,
    ownerUserId: file.ownerUserId,
    originalName: file.originalName,
    mime: file.mime,
    size,
    storageName,
  };
  const [previous] = await app.db.select().from(files).where(eq(files.path, file.path));
  const [row] = await app.db
    .insert(files)
    .values(values)
    .onConflictDoUpdate({ target: files.path, set: values })
    .returning();
  if (previous) await fs.promises.rm(path.join(dir, previous.storageName), { force: true });
  if (!row) throw new Error('Datei konnte nicht gespeichert werden.');
  return row;
}

/**
 * Deletes stored files by record id: the rows first (in the caller's transaction when `db` is one),
 * then the bytes on disk via the returned callback, to run after the transaction committed.
 */
export async function deleteStoredFiles(
  app: AppContext,
  db: AppContext['db'],
  fileIds: readonly number[],
): Promise<() => Promise<void>> {
  if (fileIds.length === 0) return async () => {};
  const removed = await db
    .delete(files)
    .where(inArray(files.id, [...fileIds]))
    .returning({ storageName: files.storageName });
  const dir = filesDir(app.dataDir);
  return async () => {
    await Promise.all(removed.map((row) => fs.promises.rm(path.join(dir, row.storageName), { force: true })));
  };
}

export async function canReadFile(app: AppContext, user: LoadedUser, file: StoredFileRow): Promise<boolean> {
  const rule = app.fileAccess.get(file.area);
  return rule ? await rule(app, user, file) : false;
}

export const downloadCall = defineCall({
  path: '/_api/data/download.php',
  allowGet: true,
  auth: 'session',
  request: downloadRequest,
  async handle({ app, db, input, user }) {
    // The client names a stored file; it is looked up as a record, never joined onto the disk path.
    const [file] = await db.select().from(files).where(eq(files.path, input.file)).limit(1);
    if (!file) throw new CallError('notFound', messages.fileNotFound);
    if (!(await canReadFile(app, user, file))) throw new CallError('noRight', messages.accessDenied);
    const absolutePath = path.join(filesDir(app.dataDir), file.storageName);
    if (!fs.existsSync(absolutePath)) throw new CallError('notFound', messages.fileNotFound);
    return { kind: 'file', absolutePath, downloadName: file.originalName, mime: file.mime, size: file.size };
  },
});
