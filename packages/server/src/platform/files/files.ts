import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { messages, platformCalls } from '@hortus/contract';
import type { LoadedUser } from '../auth/session-user';
import type { Db } from '../db/database';
import { files as filesTable } from '../db/schema';
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

/** File writes of one database transaction (see {@link withFiles}). */
export interface FileTransaction {
  /**
   * Writes the bytes under a new random name, then records the row in the transaction. A file already
   * at `file.path` is replaced: its old bytes are removed once the transaction has committed.
   */
  store(file: NewFile): Promise<StoredFileRow>;
  /** Deletes files by record id in the transaction; their bytes are removed once it has committed. */
  remove(fileIds: readonly number[]): Promise<void>;
}

/** Set while a withFiles transaction runs, so a nested one (a second transaction) is refused. */
const insideFileTransaction = new AsyncLocalStorage<true>();

/**
 * Runs `work` in one database transaction whose file writes follow it: bytes stored by `files.store`
 * are removed again when the transaction rolls back (no orphans on disk), and bytes of replaced or
 * removed files are deleted only after it committed (a rollback keeps them). Write the module's own
 * rows with `tx` as well. `files` is only usable while `work` runs; withFiles cannot be nested.
 */
export async function withFiles<T>(app: AppContext, work: (tx: Db, files: FileTransaction) => Promise<T>): Promise<T> {
  if (insideFileTransaction.getStore()) {
    throw new Error('withFiles cannot be nested: use the FileTransaction of the outer withFiles.');
  }
  const dir = filesDir(app.dataDir);
  const written: string[] = [];
  const afterCommit: string[] = [];
  let open = true;
  const usable = () => {
    if (!open) throw new Error('This FileTransaction has ended; store files inside the withFiles callback.');
  };
  try {
    const result = await insideFileTransaction.run(true, () =>
      app.db.transaction(async (tx) => {
        const files: FileTransaction = {
          async store(file) {
            usable();
            await fs.promises.mkdir(dir, { recursive: true });
            const storageName = randomBytes(16).toString('hex');
            written.push(storageName);
            const target = path.join(dir, storageName);
            if (Buffer.isBuffer(file.bytes)) await fs.promises.writeFile(target, file.bytes);
            else await moveFile(file.bytes.fromPath, target);
            const values = {
              path: file.path,
              area: file.area,
              ownerUserId: file.ownerUserId,
              originalName: file.originalName,
              mime: file.mime,
              size: Buffer.isBuffer(file.bytes) ? file.bytes.length : (await fs.promises.stat(target)).size,
              storageName,
            };
            // Locks the row it replaces, so two replacements of one path each see the other's bytes.
            const [previous] = await tx
              .select({ storageName: filesTable.storageName })
              .from(filesTable)
              .where(eq(filesTable.path, file.path))
              .for('update');
            const [row] = await tx
              .insert(filesTable)
              .values(values)
              .onConflictDoUpdate({ target: filesTable.path, set: values })
              .returning();
            if (!row) throw new Error('The file row was not written.');
            if (previous) afterCommit.push(previous.storageName);
            return row;
          },
          async remove(fileIds) {
            usable();
            if (fileIds.length === 0) return;
            const removed = await tx
              .delete(filesTable)
              .where(inArray(filesTable.id, [...fileIds]))
              .returning({ storageName: filesTable.storageName });
            afterCommit.push(...removed.map((row) => row.storageName));
          },
        };
        try {
          return await work(tx, files);
        } finally {
          open = false;
        }
      }),
    );
    await removeBytes(dir, afterCommit);
    return result;
  } catch (error) {
    await removeBytes(dir, written);
    throw error;
  }
}

async function removeBytes(dir: string, storageNames: readonly string[]): Promise<void> {
  // A file that cannot be removed stays as an unreferenced blob; the committed data is right either way.
  await Promise.allSettled(storageNames.map((name) => fs.promises.rm(path.join(dir, name), { force: true })));
}

/** Stores one file in a transaction of its own (see {@link withFiles} to join other writes). */
export function storeFile(app: AppContext, file: NewFile): Promise<StoredFileRow> {
  return withFiles(app, (_tx, files) => files.store(file));
}

export async function canReadFile(app: AppContext, user: LoadedUser, file: StoredFileRow): Promise<boolean> {
  const rule = app.fileAccess.get(file.area);
  return rule ? await rule(app, user, file) : false;
}

export const downloadCall = defineCall(platformCalls.download).forSession({
  async handle({ app, db, input, user }) {
    // The client names a stored file; it is looked up as a record, never joined onto the disk path.
    const [file] = await db.select().from(filesTable).where(eq(filesTable.path, input.file)).limit(1);
    if (!file) throw new CallError('notFound', messages.fileNotFound);
    if (!(await canReadFile(app, user, file))) throw new CallError('noRight', messages.accessDenied);
    const absolutePath = path.join(filesDir(app.dataDir), file.storageName);
    if (!fs.existsSync(absolutePath)) throw new CallError('notFound', messages.fileNotFound);
    return { kind: 'file', absolutePath, downloadName: file.originalName, mime: file.mime, size: file.size };
  },
});
