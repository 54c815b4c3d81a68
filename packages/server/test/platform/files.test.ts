import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, moduleSettings } from '../../src/platform/db/schema';
import { TEMP_AREA, storeFile, withFiles, type FileTransaction, type NewFile } from '../../src/platform/files/files';
import { readStored } from '../../src/platform/files/store';
import { offerFile } from '../../src/platform/files/offer-file';
import type { AppContext } from '../../src/platform/http/calls';
import { startTestServer, type TestServer } from '../support/helper';

let server: TestServer;
let app: AppContext;
let ownerId: number;
beforeAll(async () => {
  server = await startTestServer();
  app = server.context;
  ownerId = (await server.userWithSession()).id;
});
afterAll(() => server.close());

const newFile = (name: string, text: string): NewFile => ({
  path: `${TEMP_AREA}/${ownerId}/${name}`,
  area: TEMP_AREA,
  ownerUserId: ownerId,
  originalName: name,
  mime: 'text/plain',
  bytes: Buffer.from(text),
});

// Through the file store of the run: the data folder on PGlite, the database on PostgreSQL.
const storedNames = () => app.fileStore.names(app.db);
const storedText = async (name: string) => (await readStored(app.fileStore, app.db, name))?.toString('utf8');
const isStored = (name: string) => app.fileStore.has(app.db, name);
const rowAt = async (filePath: string) => (await app.db.select().from(files).where(eq(files.path, filePath)))[0];

describe('withFiles: file writes inside a database transaction', () => {
  it('leaves no row and no bytes when the transaction throws after storing', async () => {
    const before = await storedNames();
    const failure = withFiles(app, async (tx, fileTx) => {
      await fileTx.store(newFile('abgebrochen.txt', 'weg damit'));
      await tx.insert(moduleSettings).values({ moduleCode: 'withfiles-test', value: 1 });
      throw new Error('Fehler nach dem Schreiben');
    });
    await expect(failure).rejects.toThrow('Fehler nach dem Schreiben');
    expect(await rowAt(`${TEMP_AREA}/${ownerId}/abgebrochen.txt`)).toBeUndefined();
    expect(await app.db.select().from(moduleSettings).where(eq(moduleSettings.moduleCode, 'withfiles-test'))).toEqual(
      [],
    );
    expect(await storedNames()).toEqual(before);
  });

  it('removes a replaced file’s old bytes after the commit, and keeps them when the replacement rolls back', async () => {
    const first = await storeFile(app, newFile('plan.txt', 'Version 1'));
    await expect(
      withFiles(app, async (_tx, fileTx) => {
        await fileTx.store(newFile('plan.txt', 'Version 2'));
        throw new Error('zurück');
      }),
    ).rejects.toThrow('zurück');
    expect(await storedText(first.storageName)).toBe('Version 1');
    expect((await rowAt(first.path))?.storageName).toBe(first.storageName);

    const second = await withFiles(app, async (_tx, fileTx) => {
      const stored = await fileTx.store(newFile('plan.txt', 'Version 3'));
      // Still inside the transaction: the old bytes must survive a rollback, so they are not gone yet.
      expect(await isStored(first.storageName)).toBe(true);
      return stored;
    });
    expect(second.id).toBe(first.id);
    expect(await isStored(first.storageName)).toBe(false);
    expect(await storedText(second.storageName)).toBe('Version 3');
  });

  it('deletes bytes of removed files only when the removal commits', async () => {
    const stored = await storeFile(app, newFile('liste.txt', 'Liste'));
    await expect(
      withFiles(app, async (_tx, fileTx) => {
        await fileTx.remove([stored.id]);
        throw new Error('doch nicht');
      }),
    ).rejects.toThrow('doch nicht');
    expect(await isStored(stored.storageName)).toBe(true);
    expect(await rowAt(stored.path)).toBeDefined();
    await withFiles(app, (_tx, fileTx) => fileTx.remove([stored.id]));
    expect(await isStored(stored.storageName)).toBe(false);
    expect(await rowAt(stored.path)).toBeUndefined();
  });

  it('refuses a nested withFiles and a FileTransaction used after its transaction ended', async () => {
    await expect(withFiles(app, () => withFiles(app, async () => 1))).rejects.toThrow(/cannot be nested/);
    let leaked: FileTransaction | undefined;
    await withFiles(app, async (_tx, fileTx) => {
      leaked = fileTx;
    });
    const before = await storedNames();
    await expect(leaked?.store(newFile('spaet.txt', 'zu spät'))).rejects.toThrow(/has ended/);
    expect(await storedNames()).toEqual(before);
  });
});

describe('offerFile: generated downloads', () => {
  it('answers a file reply with the bytes, or keeps the file for its owner under a stable key', async () => {
    const user = { id: ownerId };
    const reply = await offerFile(
      { app, user },
      { name: 'Liste.csv', mime: 'text/csv', bytes: 'ä;ö' },
      { via: 'reply' },
    );
    expect(reply).toMatchObject({ kind: 'file', downloadName: 'Liste.csv', mime: 'text/csv' });
    expect('bytes' in reply && reply.bytes.toString('utf8')).toBe('ä;ö');

    const kept = await offerFile(
      { app, user },
      { name: 'Brief März.pdf', mime: 'application/pdf', bytes: Buffer.from('%PDF eins') },
      { via: 'download', key: 'brief.pdf' },
    );
    expect(kept).toEqual({ file: `temp/${ownerId}/brief.pdf`, name: 'Brief März.pdf' });
    const again = await offerFile(
      { app, user },
      { name: 'Brief März.pdf', mime: 'application/pdf', bytes: Buffer.from('%PDF zwei') },
      { via: 'download', key: 'brief.pdf' },
    );
    expect(again).toEqual(kept);
    const row = await rowAt(kept.file);
    expect(row).toMatchObject({ area: TEMP_AREA, ownerUserId: ownerId, originalName: 'Brief März.pdf' });
    expect(await storedText(row?.storageName ?? '')).toBe('%PDF zwei');

    for (const key of ['', '../x.pdf', 'a/b.pdf', '..']) {
      await expect(
        offerFile({ app, user }, { name: 'x', mime: 'text/plain', bytes: 'x' }, { via: 'download', key }),
      ).rejects.toThrow(/plain file name/);
    }
  });
});
