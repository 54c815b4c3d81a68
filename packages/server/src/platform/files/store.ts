import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { fileChunks, files } from '../db/schema';

/** Size of one stored piece in the database (and of a backup's file line): big enough, never the whole file. */
export const CHUNK_BYTES = 256 * 1024;

/** What a stored file's bytes come from: bytes at hand, a temporary file (e.g. an upload) or a stream. */
export type FileContent = Buffer | { fromPath: string } | Readable;

/**
 * Where the bytes of stored files live, addressed by their random storage name (files.storage_name).
 * The folder store keeps DATA_DIR/files/<name>; the database store keeps ~256 KB pieces in file_chunks,
 * so every server on one PostgreSQL serves every file. Bytes are streamed in and out.
 */
export interface FileStore {
  readonly kind: 'folder' | 'database';
  /**
   * True when writes and removals take part in the database transaction they are given (a rollback
   * undoes them); false when they happen at once and withFiles removes them again after a rollback.
   */
  readonly transactional: boolean;
  /** Writes the content under `name` (through `db`, a transaction or not) and answers its size in bytes. */
  put(db: Db, name: string, content: FileContent): Promise<number>;
  /** The bytes of `name` as a stream, read through `db`; null when they are not stored. */
  open(db: Db, name: string): Promise<Readable | null>;
  /** Whether bytes are stored under `name`. */
  has(db: Db, name: string): Promise<boolean>;
  /** Removes the bytes of these names (missing ones are no error). */
  remove(db: Db, names: readonly string[]): Promise<void>;
  /** Every stored name. */
  names(db: Db): Promise<string[]>;
}

/** The whole content of a small stored file (a photo for a PDF); null when its bytes are gone. */
export async function readStored(store: FileStore, db: Db, name: string): Promise<Buffer | null> {
  const stream = await store.open(db, name);
  if (!stream) return null;
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A stream that opens the stored file only when it is first read (e.g. one of many entries of a ZIP). */
export function openLater(store: FileStore, db: Db, name: string): Readable {
  async function* pieces(): AsyncGenerator<Buffer> {
    const stream = await store.open(db, name);
    if (!stream) throw new Error(`The stored file ${name} is gone.`);
    for await (const piece of stream) yield piece as Buffer;
  }
  return Readable.from(pieces(), { objectMode: false });
}

function contentStream(content: FileContent): Readable {
  if (Buffer.isBuffer(content)) return Readable.from([content]);
  if (content instanceof Readable) return content;
  return fs.createReadStream(content.fromPath, { highWaterMark: CHUNK_BYTES });
}

/** Cuts a stream into pieces of exactly `size` bytes (the last one shorter). */
export function chunked(size: number): Transform {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  return new Transform({
    readableObjectMode: true,
    transform(part: Buffer, _encoding, done) {
      pending.push(part);
      pendingBytes += part.length;
      while (pendingBytes >= size) {
        const all = Buffer.concat(pending);
        this.push(all.subarray(0, size));
        pending = [all.subarray(size)];
        pendingBytes = all.length - size;
      }
      done();
    },
    flush(done) {
      if (pendingBytes > 0) this.push(Buffer.concat(pending));
      done();
    },
  });
}

export function folderStore(dataDir: string): FileStore {
  const dir = path.join(dataDir, 'files');
  const at = (name: string) => path.join(dir, name);
  return {
    kind: 'folder',
    transactional: false,
    async put(_db, name, content) {
      await fs.promises.mkdir(dir, { recursive: true });
      if (Buffer.isBuffer(content)) {
        await fs.promises.writeFile(at(name), content);
      } else if (content instanceof Readable) {
        await pipeline(content, fs.createWriteStream(at(name)));
      } else {
        try {
          await fs.promises.rename(content.fromPath, at(name));
        } catch {
          // The temporary file lives on another file system.
          await fs.promises.copyFile(content.fromPath, at(name));
          await fs.promises.rm(content.fromPath, { force: true });
        }
      }
      return (await fs.promises.stat(at(name))).size;
    },
    async open(_db, name) {
      try {
        const handle = await fs.promises.open(at(name), 'r');
        return handle.createReadStream();
      } catch {
        return null;
      }
    },
    async has(_db, name) {
      return fs.existsSync(at(name));
    },
    async remove(_db, names) {
      // A file that cannot be removed stays as an unreferenced blob; the committed data is right either way.
      await Promise.allSettled(names.map((name) => fs.promises.rm(at(name), { force: true })));
    },
    async names() {
      return fs.existsSync(dir) ? (await fs.promises.readdir(dir)).filter((name) => !name.startsWith('.')) : [];
    },
  };
}

export function databaseStore(): FileStore {
  const has = async (db: Db, name: string) => {
    const [row] = await db
      .select({ seq: fileChunks.seq })
      .from(fileChunks)
      .where(and(eq(fileChunks.storageName, name), eq(fileChunks.seq, 0)));
    return row !== undefined;
  };
  return {
    kind: 'database',
    transactional: true,
    async put(db, name, content) {
      let seq = 0;
      let size = 0;
      await db.delete(fileChunks).where(eq(fileChunks.storageName, name));
      await pipeline(
        contentStream(content),
        chunked(CHUNK_BYTES),
        new Writable({
          objectMode: true,
          write(piece: Buffer, _encoding, done) {
            db.insert(fileChunks)
              .values({ storageName: name, seq: seq++, bytes: piece })
              .then(() => {
                size += piece.length;
                done();
              }, done);
          },
        }),
      );
      if (seq === 0) await db.insert(fileChunks).values({ storageName: name, seq: 0, bytes: Buffer.alloc(0) });
      return size;
    },
    async open(db, name) {
      if (!(await has(db, name))) return null;
      // One piece per read: a download holds ~256 KB at a time however large the file.
      async function* pieces(): AsyncGenerator<Buffer> {
        for (let seq = 0; ; seq++) {
          const [row] = await db
            .select({ bytes: fileChunks.bytes })
            .from(fileChunks)
            .where(and(eq(fileChunks.storageName, name), eq(fileChunks.seq, seq)));
          if (!row) return;
          if (row.bytes.length > 0) yield row.bytes;
        }
      }
      return Readable.from(pieces(), { objectMode: false });
    },
    has,
    async remove(db, names) {
      if (names.length === 0) return;
      await db.delete(fileChunks).where(inArray(fileChunks.storageName, [...names]));
    },
    async names(db) {
      const rows = await db
        .selectDistinct({ name: fileChunks.storageName })
        .from(fileChunks)
        .orderBy(sql`1`);
      return rows.map((row) => row.name);
    },
  };
}

/** FILE_STORE: where the bytes go; by default in PostgreSQL when there is one, else in the data folder. */
export type FileStoreKind = 'folder' | 'database';

export function createFileStore(
  setting: FileStoreKind | undefined,
  dbKind: 'pglite' | 'postgres',
  dataDir: string,
): FileStore {
  const kind = setting ?? (dbKind === 'postgres' ? 'database' : 'folder');
  return kind === 'database' ? databaseStore() : folderStore(dataDir);
}

/**
 * Moves the bytes of recorded files that lie in the other store into the configured one (at start):
 * a PostgreSQL installation that kept its files in the data folder gets them into the database, one
 * file per transaction; FILE_STORE=folder takes them back out. Bytes no record names stay where they are.
 */
export async function moveIntoStore(db: Db, store: FileStore, dataDir: string): Promise<number> {
  const other = store.kind === 'database' ? folderStore(dataDir) : databaseStore();
  const candidates = await other.names(db);
  if (candidates.length === 0) return 0;
  const recorded = new Set<string>();
  for (let i = 0; i < candidates.length; i += 1000) {
    const some = candidates.slice(i, i + 1000);
    const rows = await db.select({ name: files.storageName }).from(files).where(inArray(files.storageName, some));
    for (const row of rows) recorded.add(row.name);
  }
  let moved = 0;
  for (const name of candidates) {
    if (!recorded.has(name) || (await store.has(db, name))) continue;
    try {
      await db.transaction(async (tx) => {
        const source = await other.open(tx, name);
        if (source) await store.put(tx, name, source);
        if (other.transactional) await other.remove(tx, [name]);
      });
      if (!other.transactional) await other.remove(db, [name]);
      moved++;
    } catch (error) {
      // Another server moved the same file at the same moment: it is in the store now.
      if (!(await store.has(db, name))) throw error;
    }
  }
  return moved;
}
