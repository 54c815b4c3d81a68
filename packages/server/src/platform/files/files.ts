import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { messages, platformCalls } from '@hortus/contract';
import type { LoadedUser } from '../auth/session-user';
import type { Db } from '../db/database';
import { files as filesTable } from '../db/schema';
import type { FileContent } from './store';
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
  /** The content, a temporary file (e.g. an upload) that is moved into the store, or a stream. */
  bytes: FileContent;
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
 * are removed again when the transaction rolls back (no orphans), and bytes of replaced or removed files
 * are deleted only when it commits (a rollback keeps them). The database store writes and deletes its
 * pieces in the transaction itself; the folder store writes at once and tidies up after the outcome. Write the module's own
 * rows with `tx` as well. `files` is only usable while `work` runs; withFiles cannot be nested.
 */
export async function withFiles<T>(app: AppContext, work: (tx: Db, files: FileTransaction) => Promise<T>): Promise<T> {
  if (insideFileTransaction.getStore()) {
    throw new Error('withFiles cannot be nested: use the FileTransaction of the outer withFiles.');
  }
  const store = app.fileStore;
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
            const storageName = randomBytes(16).toString('hex');
            written.push(storageName);
            const size = await store.put(tx, storageName, file.bytes);
            const values = {
              path: file.path,
              area: file.area,
              ownerUserId: file.ownerUserId,
              originalName: file.originalName,
              mime: file.mime,
              size,
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
          const outcome = await work(tx, files);
          if (store.transactional) await store.remove(tx, afterCommit);
          return outcome;
        } finally {
          open = false;
        }
      }),
    );
    if (!store.transactional) await store.remove(app.db, afterCommit);
    return result;
  } catch (error) {
    if (!store.transactional) await store.remove(app.db, written);
    throw error;
  }
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
    const stream = await app.fileStore.open(app.db, file.storageName);
    if (!stream) throw new CallError('notFound', messages.fileNotFound);
    return { kind: 'file', stream, downloadName: file.originalName, mime: file.mime, size: file.size };
  },
});
