/**
 * Global set-up of the server test projects: one migrated, empty database per run that every test database
 * is copied from, instead of initdb and all migrations per test server. PGlite: a dumped cluster in a
 * temporary file, loaded in ~0.7 s CPU (initdb and the migrations take ~5.5 s). PostgreSQL: a template
 * database (CREATE DATABASE … TEMPLATE, ~0.3 s instead of ~2.5 s of migrations), named by a hash of the
 * migrations so that another branch's or an older suite's template on the same server is never used.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openPostgres, PGLITE_SETTINGS } from '../../src/platform/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File of the migrated PGlite cluster (uncompressed tar). */
    pgliteCluster: string;
    /** Name of the migrated PostgreSQL template database. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (project.config.env['HORTUS_TEST_DB'] === 'postgres') {
    project.provide('postgresTemplate', await postgresTemplate());
    return undefined;
  }
  const client = new PGlite({ postgresqlconf: PGLITE_SETTINGS });
  await client.waitReady;
  await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-test-cluster-'));
  const file = path.join(folder, 'pgdata.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteCluster', file);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}

async function postgresTemplate(): Promise<string> {
  const adminUrl = process.env['DATABASE_URL'];
  if (!adminUrl) throw new Error('HORTUS_TEST_DB=postgres needs DATABASE_URL');
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const file of [
    ...fs
      .readdirSync(folder)
      .filter((name) => name.endsWith('.sql'))
      .sort(),
    'meta/_journal.json',
  ]) {
    hash.update(file).update(fs.readFileSync(path.join(folder, file)));
  }
  const name = `hortus_template_${hash.digest('hex').slice(0, 16)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    // Several suites may share the server (checkouts side by side): one builds, the others wait for it.
    await admin`select pg_advisory_lock(727002)`;
    const [existing] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!existing) {
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await admin.unsafe(`create database ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openPostgres(url.toString(), { max: 1 });
      await database.migrate();
      await database.close();
      // Renamed only when complete: a run that stops while migrating leaves no half-migrated template.
      await admin.unsafe(`alter database ${building} rename to ${name}`);
    }
    return name;
  } finally {
    await admin.end();
  }
}
