import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bootstrap } from '../../src/bootstrap';
import { ConfigError, loadConfig } from '../../src/config';
import { DataDirLockedError, lockDataDir } from '../../src/platform/db/data-lock';
import { parentsFirst, restoreBackup, RestoreError, writeBackup, tableNames } from '../../src/platform/db/backup';
import { queryRows } from '../../src/platform/db/raw';
import { TEMP_AREA, storeFile } from '../../src/platform/files/files';
import { CHUNK_BYTES, createFileStore, folderStore, readStored } from '../../src/platform/files/store';
import { buildApp, createAppContext } from '../../src/app';
import { eq, sql } from 'drizzle-orm';
import { files } from '../../src/platform/db/schema';
import { freshDatabase } from '../support/helper';
import type { Db } from '../../src/platform/db/database';

const tmp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

describe('data folder lock', () => {
  it('refuses a second holder while the first lives, and takes over a stale lock', async () => {
    const dir = tmp('hortus-lock-');
    const lock = lockDataDir(dir, 'server');
    // A live process (this one is the holder; a child checks from outside).
    const child = spawn(process.execPath, ['-e', 'setTimeout(()=>{}, 10000)']);
    try {
      fs.writeFileSync(path.join(dir, 'hortus.lock'), JSON.stringify({ pid: child.pid, purpose: 'server' }));
      expect(() => lockDataDir(dir, 'backup')).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir, 'backup')).toThrow(/wird bereits von Prozess \d+ \(server\) verwendet/);
    } finally {
      child.kill();
      await new Promise((resolve) => child.on('exit', resolve));
    }
    // The holder died: the lock is stale and can be taken.
    const again = lockDataDir(dir, 'backup');
    again.release();
    expect(fs.existsSync(path.join(dir, 'hortus.lock'))).toBe(false);
    lock.release();
  });

  it('takes over a lock whose owner was killed but not yet reaped (a zombie)', async () => {
    const dir = tmp('hortus-zombie-');
    // sh starts a child that ends at once, then becomes a sleep that never reaps it: the child stays a zombie.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30']);
    try {
      const zombiePid = await new Promise<number>((resolve) =>
        parent.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
      );
      await waitUntil(() => fs.readFileSync(`/proc/${zombiePid}/stat`, 'utf8').includes(') Z '));
      fs.writeFileSync(path.join(dir, 'hortus.lock'), JSON.stringify({ pid: zombiePid, purpose: 'server' }));
      const lock = lockDataDir(dir, 'server');
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'hortus.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
      lock.release();
    } finally {
      parent.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

async function waitUntil(check: () => boolean): Promise<void> {
  for (let tries = 0; !check(); tries++) {
    if (tries > 100) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('configuration', () => {
  it('applies defaults and validates values with clear messages', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', SEED: 'none', INITIAL_ADMIN_USER: 'admin' });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(() => loadConfig({ PORT: 'achtzig' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL muss mit postgres/);
    expect(() => loadConfig({ INITIAL_ADMIN_PASSWORD: 'kurz' })).toThrow(/mindestens 8 Zeichen/);
    expect(() => loadConfig({ SEED: 'alles' })).toThrow(ConfigError);
    expect(loadConfig({ PORT: '', SEED: 'demo' })).toMatchObject({ PORT: 3000, SEED: 'demo' });
  });
});

async function countAll(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tableNames(db)) {
    const rows = await queryRows<{ n: string | number }>(db, sql.raw(`select count(*) as n from "${table}"`));
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

describe('backup table order', () => {
  it('puts parents before children, whatever the alphabet says', () => {
    const edges = [
      { child: 'a_child', parent: 'z_parent' },
      { child: 'm_grandchild', parent: 'a_child' },
      { child: 'z_parent', parent: 'z_parent' },
    ];
    expect(parentsFirst(['a_child', 'b_alone', 'm_grandchild', 'z_parent'], edges)).toEqual([
      'b_alone',
      'z_parent',
      'a_child',
      'm_grandchild',
    ]);
  });

  it('still lists every table when foreign keys form a cycle', () => {
    const edges = [
      { child: 'a', parent: 'b' },
      { child: 'b', parent: 'a' },
    ];
    expect(parentsFirst(['a', 'b', 'c'], edges)).toEqual(['c', 'a', 'b']);
  });
});

describe('backup and restore', () => {
  // Two databases, the whole demo seed, a backup and two restores: more set-up than a test's usual time.
  it('round-trips every table and the stored files into an empty database', { timeout: 90_000 }, async () => {
    const sourceDir = tmp('hortus-src-');
    const targetDir = tmp('hortus-dst-');
    const backupFile = path.join(tmp('hortus-bak-'), 'sicherung.backup.gz');
    const source = await freshDatabase();
    const target = await freshDatabase();
    try {
      await bootstrap(source.database, { adminUser: 'admin', adminPassword: 'Admin#Passwort1', seed: 'demo' });
      const sourceStore = createFileStore(undefined, source.database.kind, sourceDir);
      const targetStore = createFileStore(undefined, target.database.kind, targetDir);
      const sourceApp = createAppContext({ database: source.database, dataDir: sourceDir });
      const file = { area: TEMP_AREA, ownerUserId: 1, mime: 'application/pdf' };
      await storeFile(sourceApp, {
        ...file,
        path: 'temp/1/a.pdf',
        originalName: 'a.pdf',
        bytes: Buffer.from('%PDF inhalt'),
      });
      // Larger than a piece of the database store and of a backup line: travels in several.
      const large = randomBytes(CHUNK_BYTES * 2 + 12_345);
      await storeFile(sourceApp, { ...file, path: 'temp/1/gross.bin', originalName: 'gross.bin', bytes: large });
      const summary = await writeBackup(source.database, sourceStore, backupFile);
      expect(summary.files).toBe(2);
      expect(summary.rows).toBeGreaterThan(20);

      const restored = await restoreBackup(target.database, targetStore, backupFile, { force: false });
      expect(restored.files).toBe(2);
      expect(restored.rows).toBe(summary.rows);
      expect(await countAll(target.database.db)).toEqual(await countAll(source.database.db));

      // The restored installation works: logins, sequences continue, the file is back.
      const app = await buildApp({
        database: target.database,
        dataDir: targetDir,
        webDist: path.join(targetDir, 'x'),
        jobs: false,
      });
      const login = await app.inject({
        method: 'POST',
        url: '/_api/login/?func=login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'nn=leitung&pw=Leitung%232026',
      });
      const code = JSON.parse(login.body).code as string;
      expect(code).toBeTruthy();
      // Found by its record: the started app writes files of its own (the demo receipts) next to it.
      const storedAt = async (logical: string) => {
        const [row] = await target.database.db.select().from(files).where(eq(files.path, logical));
        return readStored(targetStore, target.database.db, row?.storageName ?? '');
      };
      expect((await storedAt('temp/1/a.pdf'))?.toString('utf8')).toBe('%PDF inhalt');
      expect((await storedAt('temp/1/gross.bin'))?.equals(large)).toBe(true);
      await app.close();

      await expect(restoreBackup(target.database, targetStore, backupFile, { force: false })).rejects.toThrow(
        RestoreError,
      );
      const forced = await restoreBackup(target.database, targetStore, backupFile, { force: true });
      expect(forced.rows).toBe(summary.rows);
      expect((await storedAt('temp/1/gross.bin'))?.equals(large)).toBe(true);
    } finally {
      await source.drop();
      await target.drop();
    }
  });

  it('rejects files that are no backup', async () => {
    const target = await freshDatabase();
    const bogus = path.join(tmp('hortus-bogus-'), 'x.gz');
    fs.writeFileSync(bogus, (await import('node:zlib')).gzipSync('{"format":"etwas"}\n'));
    try {
      await expect(
        restoreBackup(target.database, folderStore(tmp('hortus-d-')), bogus, { force: false }),
      ).rejects.toThrow('Die Datei ist keine Hortus-Sicherung.');
    } finally {
      await target.drop();
    }
  });
});
