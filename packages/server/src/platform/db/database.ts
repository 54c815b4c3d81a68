import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import * as schema from './schema';
import { CACHE_CHANNEL, CACHE_MAX_AGE_MS, HotCache, attachCache } from '../cache/hot-cache';
import { attachAuditContextPglite, attachAuditContextPostgres } from './audit-context';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it (PGlite or PostgreSQL). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations (by default all of the product's). */
  migrate(folder?: string): Promise<void>;
  /**
   * Migrates and then runs `work` (bootstrap, seeding) while holding the start lock, so several
   * servers starting at once on one database run it one after the other.
   */
  startup<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` under the same start lock without migrating: start-up work of a server that must not run
   * twice at once on one database (the modules' `beforeRequests`, e.g. the demo's receipt PDFs).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Finds the migrations folder both from the sources (tests) and from the bundled dist/main.js. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Migrationsordner "drizzle" nicht gefunden.');
}

/**
 * PostgreSQL's memory settings for the embedded database. PGlite's WebAssembly memory only grows, never
 * shrinks: what the settings let PostgreSQL take once stays taken. Its defaults (128 MB shared buffers,
 * 4 MB per sort, 64 MB for maintenance) held ~300 MB RSS for PGlite alone; with these ~185 MB
 * (bench/pg-probe.mjs). A Hort's database fits into the buffers many times over; a larger sort spills
 * to a temporary file instead of growing the memory for good.
 */
export const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  'wal_buffers=512kB',
  'work_mem=2MB',
  'maintenance_work_mem=16MB',
  'temp_buffers=2MB',
];

/**
 * The empty database cluster `npm run build` leaves next to the server bundle (`packages/server/build.mjs`
 * runs `writePgliteTemplate`), named by PGlite's version so that another PGlite never loads it. A new
 * data folder starts from a copy of it: PGlite's own initdb runs a second PostgreSQL instance and copies
 * its whole WebAssembly memory, which made the first start peak at ~1 GB RSS (bench/memory.ts).
 */
export function pgliteTemplateFile(distDir = serverDistDir()): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  return path.join(distDir, `pgdata-template-${version}.tar.gz`);
}

/** `packages/server/dist`, both from the bundle (dist/main.js) and from the sources (tests, bench). */
function serverDistDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.basename(here) === 'dist' ? here : path.resolve(here, '..', '..', '..', 'dist');
}

/** Runs PGlite's initdb once in memory and writes the empty cluster to `file` (gzip tar). */
export async function writePgliteTemplate(file: string): Promise<void> {
  const client = new PGlite({ postgresqlconf: PGLITE_SETTINGS });
  await client.waitReady;
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.tmp`, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(`${file}.tmp`, file);
}

/**
 * Embedded PostgreSQL (PGlite) in `dataDir`, or in memory when dataDir is undefined (tests). A new
 * `dataDir` starts from the build's template cluster when there is one (else PGlite runs initdb);
 * `cluster` (a `dumpDataDir` tar, e.g. the test suites' migrated cluster) replaces it, also in memory.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { template?: string; cluster?: Blob } = {},
): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const fresh = dataDir === undefined || !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const template = fresh && dataDir !== undefined ? (options.template ?? pgliteTemplateFile()) : undefined;
  const loadDataDir = !fresh
    ? undefined
    : (options.cluster ?? (template && fs.existsSync(template) ? new Blob([fs.readFileSync(template)]) : undefined));
  // One options object: PGlite ignores the options after an undefined data folder (in memory).
  const client = new PGlite({ dataDir, postgresqlconf: PGLITE_SETTINGS, loadDataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // One process owns the folder: writes clear the cache in process, no notification needed.
  attachCache(db, new HotCache({ maxAgeMs: null }), { notify: false });
  attachAuditContextPglite(db, client);
  const migrate = (folder = migrationsFolder()) =>
    migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder });
  // One process owns a PGlite folder (data-dir lock); within it, starts run one after the other.
  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  }
  return {
    db,
    kind: 'pglite',
    migrate,
    startup<T>(work: () => Promise<T>): Promise<T> {
      return exclusive(async () => {
        await migrate();
        return work();
      });
    },
    exclusive,
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const client = postgres(url, { max: options.max ?? 10, onnotice: () => {} });
  const pg = drizzlePostgres(client, { schema });
  const db = pg as unknown as Db;
  // Several servers may share the database: writes notify (pg_notify) and every server listens on one
  // connection; a (re)connect of that connection clears everything, entries expire as a safety net.
  const cache = new HotCache({ maxAgeMs: CACHE_MAX_AGE_MS });
  attachCache(db, cache, { notify: true });
  attachAuditContextPostgres(db, client);
  const listener = postgres(url, { max: 1, onnotice: () => {} });
  await listener.listen(
    CACHE_CHANNEL,
    (payload) => cache.applyNotification(payload),
    () => cache.clearAll(),
  );
  // Several app servers may start at once on one PostgreSQL: one connection holds an advisory lock
  // while its server migrates and bootstraps, the others wait and then find nothing left to do.
  async function locked<T>(work: (single: postgres.Sql) => Promise<T>): Promise<T> {
    const single = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await single`select pg_advisory_lock(727001)`;
      try {
        return await work(single);
      } finally {
        await single`select pg_advisory_unlock(727001)`;
      }
    } finally {
      await single.end({ timeout: 5 });
    }
  }
  const migrateWith = (single: postgres.Sql, folder = migrationsFolder()) =>
    migratePostgres(drizzlePostgres(single, { schema }), { migrationsFolder: folder });
  return {
    db,
    kind: 'postgres',
    migrate: (folder) => locked((single) => migrateWith(single, folder)),
    startup: (work) =>
      locked(async (single) => {
        await migrateWith(single);
        return work();
      }),
    exclusive: (work) => locked(() => work()),
    async close() {
      await listener.end({ timeout: 5 });
      await client.end({ timeout: 5 });
    },
  };
}
