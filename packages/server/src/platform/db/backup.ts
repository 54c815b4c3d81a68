import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { CHUNK_BYTES, chunked, type FileStore } from '../files/store';
import { files as filesTable } from './schema';
import type { Database, Db } from './database';
import { migrationsFolder } from './database';
import { queryRows } from './raw';
import { invalidateAll } from '../cache/hot-cache';

/**
 * Logical backups that work the same on PGlite and PostgreSQL (and so also move an installation
 * from the embedded database to PostgreSQL): every table's rows as JSON plus the stored files,
 * in one gzip file of JSON lines.
 */
export const BACKUP_FORMAT = 'hortus-backup';

/**
 * Every table of the application (platform and modules alike, read from the database so the platform
 * needs to know no module), parents before children so inserts satisfy the foreign keys.
 */
export async function tableNames(db: Db): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  // The database file store's pieces travel as file lines, like the data folder's files.
  return parentsFirst(
    tables.map((table) => table.name).filter((name) => name !== FILE_CHUNKS_TABLE),
    edges,
  );
}

/** Topological order (parents first); ties and self-references keep alphabetical order. */
export function parentsFirst(names: string[], edges: { child: string; parent: string }[]): string[] {
  const parentsOf = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of edges) if (child !== parent) parentsOf.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const next = names.find(
      (name) => !placed.has(name) && [...(parentsOf.get(name) ?? [])].every((p) => placed.has(p)),
    );
    // A foreign-key cycle cannot be ordered; take the rest alphabetically (restore truncates and inserts in one transaction).
    const pick = next ?? names.find((name) => !placed.has(name));
    if (pick === undefined) break;
    ordered.push(pick);
    placed.add(pick);
  }
  return ordered;
}

interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  migrations: number;
  tables: string[];
}

/** A file's bytes come as one line per piece in order (`seq` 0, 1, …; older backups: one line without seq). */
type BackupLine = { table: string; rows: unknown[] } | { file: string; seq?: number; data: string };

const FILE_CHUNKS_TABLE = 'file_chunks';

const quote = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

async function appliedMigrations(db: Db): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from drizzle.__drizzle_migrations`);
  return Number(rows[0]?.n ?? 0);
}

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  files: number;
}

export async function writeBackup(database: Database, store: FileStore, outFile: string): Promise<BackupSummary> {
  const tables = await tableNames(database.db);
  fs.mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
  const gzip = createGzip();
  const out = fs.createWriteStream(outFile);
  gzip.pipe(out);
  const write = (line: object) =>
    new Promise<void>((resolve) => (gzip.write(JSON.stringify(line) + '\n') ? resolve() : gzip.once('drain', resolve)));
  let rowCount = 0;
  let fileCount = 0;
  // One repeatable-read snapshot, so a backup of a running PostgreSQL server is consistent.
  await database.db.transaction(
    async (tx) => {
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: 1,
        createdAt: new Date().toISOString(),
        database: database.kind,
        migrations: await appliedMigrations(tx as unknown as Db),
        tables,
      };
      await write(header);
      for (const table of tables) {
        const rows = await queryRows<{ row: unknown }>(
          tx as unknown as Db,
          sql`select row_to_json(t) as row from ${quote(table)} t`,
        );
        rowCount += rows.length;
        for (let i = 0; i < rows.length; i += 500) {
          await write({
            table,
            rows: rows.slice(i, i + 500).map((r) => (typeof r.row === 'string' ? JSON.parse(r.row) : r.row)),
          });
        }
      }
      // The files in the same snapshot (database store), a piece per line: never a whole file in memory.
      for (const name of await store.names(tx as unknown as Db)) {
        const stream = await store.open(tx as unknown as Db, name);
        if (!stream) continue;
        let seq = 0;
        for await (const piece of stream.pipe(chunked(CHUNK_BYTES))) {
          await write({ file: name, seq: seq++, data: (piece as Buffer).toString('base64') });
        }
        if (seq === 0) await write({ file: name, seq: 0, data: '' });
        fileCount++;
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  gzip.end();
  await new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  return { file: outFile, tables: tables.length, rows: rowCount, files: fileCount };
}

export class RestoreError extends Error {}

async function* readLines(file: string): AsyncGenerator<unknown> {
  const stream = fs.createReadStream(file).pipe(createGunzip());
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
  for await (const line of lines) if (line.trim() !== '') yield JSON.parse(line) as unknown;
}

/** Migrations folder holding only the first `count` migrations (to load a backup at its own schema level). */
function partialMigrations(count: number): string {
  const source = migrationsFolder();
  const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  if (count > journal.entries.length) {
    throw new RestoreError(
      'Die Sicherung stammt aus einer neueren Version von Hortus. Bitte zuerst Hortus aktualisieren.',
    );
  }
  const target = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'hortus-migrations-'));
  fs.mkdirSync(path.join(target, 'meta'));
  const entries = journal.entries.slice(0, count);
  fs.writeFileSync(path.join(target, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(target, `${entry.tag}.sql`));
  return target;
}

export interface RestoreOptions {
  /** Wipe a database that already holds data. */
  force: boolean;
}

/**
 * Restores a backup into an empty database (or, with force, replaces its content): brings the
 * schema to the backup's migration level, loads every table in one transaction, resets the id
 * sequences, runs the remaining migrations, and puts the files back.
 */
export async function restoreBackup(
  database: Database,
  store: FileStore,
  file: string,
  options: RestoreOptions,
): Promise<BackupSummary> {
  if (!fs.existsSync(file)) throw new RestoreError(`Sicherungsdatei nicht gefunden: ${file}`);
  const lines = readLines(file);
  const first = await lines.next();
  const header = first.value as Partial<BackupHeader> | undefined;
  if (!header || header.format !== BACKUP_FORMAT || header.version !== 1 || !Array.isArray(header.tables)) {
    throw new RestoreError('Die Datei ist keine Hortus-Sicherung.');
  }
  const folder = partialMigrations(header.migrations ?? 0);
  try {
    await database.migrate(folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  const known = new Set(await tableNames(database.db));
  const tables = header.tables.filter((table) => known.has(table));
  const { db } = database;
  const existing = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from "users"`);
  if (Number(existing[0]?.n ?? 0) > 0 && !options.force) {
    throw new RestoreError('Die Zieldatenbank enthält bereits Daten. Mit --force werden sie ersetzt.');
  }
  let rows = 0;
  const batches: { table: string; rows: unknown[] }[] = [];
  for await (const value of lines) {
    const line = value as BackupLine;
    if ('table' in line && known.has(line.table)) batches.push(line);
  }
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // The restored rows are no changes to record, and the backup brings its own Protokoll (migration 0016).
    await t.execute(sql`select set_config('hortus.protokoll_aus', 'ja', true)`);
    await t.execute(sql.raw(`truncate ${tables.map((name) => `"${name}"`).join(', ')} restart identity cascade`));
    for (const batch of batches) {
      await t.execute(
        sql`insert into ${quote(batch.table)} select * from json_populate_recordset(null::${quote(batch.table)}, ${JSON.stringify(batch.rows)}::json)`,
      );
      rows += batch.rows.length;
    }
    // Let every serial column continue after the restored ids.
    const serials = await queryRows<{ table_name: string; column_name: string }>(
      t,
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and column_default like 'nextval(%'`,
    );
    for (const { table_name: table, column_name: column } of serials) {
      if (!tables.includes(table)) continue;
      await t.execute(
        sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}), coalesce((select max(${quote(column)}) from ${quote(table)}), 0) + 1, false)`,
      );
    }
  });
  await database.migrate();
  // The files once the schema is complete (the file store's table may be newer than the backup).
  const files = await restoreFiles(db, store, readLines(file));
  await invalidateAll(db);
  return { file, tables: tables.length, rows, files };
}

/** Valid storage names: 32 hex digits, or the demo seed's receipts. */
const storageNamePattern = /^(?:[a-f0-9]{32}|demo-[a-z0-9-]+\.pdf)$/;

/**
 * Streams the file lines of a backup into the store, each file in a transaction of its own, and drops
 * stored bytes no record names any more (the store then holds exactly the backup's files).
 */
async function restoreFiles(db: Db, store: FileStore, lines: AsyncGenerator<unknown>): Promise<number> {
  let count = 0;
  let current: { name: string; input: PassThrough; done: Promise<unknown> } | null = null;
  const finish = async () => {
    if (!current) return;
    current.input.end();
    await current.done;
    count++;
    current = null;
  };
  for await (const value of lines) {
    const line = value as BackupLine;
    if (!('file' in line) || !storageNamePattern.test(line.file)) continue;
    if (current?.name !== line.file) {
      await finish();
      const input = new PassThrough();
      const name: string = line.file;
      current = { name, input, done: db.transaction((tx) => store.put(tx as unknown as Db, name, input)) };
    }
    const open: { input: PassThrough; done: Promise<unknown> } = current;
    if (!open.input.write(Buffer.from(line.data, 'base64'))) {
      await Promise.race([once(open.input, 'drain'), open.done]);
    }
  }
  await finish();
  const recorded = new Set((await db.select({ name: filesTable.storageName }).from(filesTable)).map((r) => r.name));
  await store.remove(
    db,
    (await store.names(db)).filter((name) => !recorded.has(name)),
  );
  return count;
}
