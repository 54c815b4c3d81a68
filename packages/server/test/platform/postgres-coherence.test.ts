import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCallFields, platformCalls, type CallSpec } from '@hortus/contract';
import { customerCalls, type CostDocumentView, type CustomerData } from '@hortus/contract/modules/customers';
import { calendarCalls, type CalendarReply } from '@hortus/contract/modules/calendar';
import { dashboardCalls, newsFeedWidget, type GetDashboardReply } from '@hortus/contract/modules/dashboard';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { messagesCalls, type MessagesData } from '@hortus/contract/modules/messages';
import { buildApp, createAppContext } from '../../src/app';
import { storeFile } from '../../src/platform/files/files';
import { calendarCategories, calendarEvents } from '../../src/modules/calendar/schema';
import { invalidateCalendar } from '../../src/modules/calendar/state';
import { defaultCustomerSettings } from '../../src/modules/customers/settings';
import { bootstrap } from '../../src/bootstrap';
import { openPostgres, type Database } from '../../src/platform/db/database';
import { writeAppSettings } from '../../src/platform/settings/app-settings';
import { createGroup, createUser } from '../../src/seed/factories';
import { CHUNK_BYTES, databaseStore, readStored } from '../../src/platform/files/store';
import { postMultipart } from '../support/multipart';
import { readZip } from '../support/zip-reader';
import { freshDatabase, toReply, type Reply, type TestDatabase } from '../support/helper';

/**
 * Two servers on one PostgreSQL (this file runs only in the PostgreSQL project): what one server
 * changes takes effect on the other within a second, through pg_notify — not through the cache's
 * safety time limit (30 s).
 */
let testDb: TestDatabase;
let second: Database;
let serverA: FastifyInstance;
let serverB: FastifyInstance;
// Each server its own data folder, as on two machines: files must come from the database.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-coherence-'));
const dataDirB = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-coherence-b-'));

function caller(app: FastifyInstance) {
  return async (spec: CallSpec, code: string, input: Record<string, unknown> = {}): Promise<Reply> => {
    const response = await app.inject({
      method: 'POST',
      url: spec.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...encodeCallFields(input), code }).toString(),
    });
    return toReply(response);
  };
}

/** Polls `check` until it holds, for at most a second; answers how long it took. */
async function within1s(check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < 1_000) {
    if (await check()) return Date.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('change not seen on server B within a second');
}

beforeAll(async () => {
  testDb = await freshDatabase();
  await bootstrap(testDb.database, { adminUser: 'admin', adminPassword: 'Admin#Passwort1', seed: 'none' });
  second = await openPostgres(testDb.url ?? '', { max: 2 });
  serverA = await buildApp({ database: testDb.database, dataDir, webDist: path.join(dataDir, 'none'), jobs: false });
  serverB = await buildApp({
    database: second,
    dataDir: dataDirB,
    webDist: path.join(dataDirB, 'none'),
    jobs: false,
  });
  await serverA.ready();
  await serverB.ready();
});

afterAll(async () => {
  await serverA?.close();
  await serverB?.close();
  await second?.close();
  await testDb?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(dataDirB, { recursive: true, force: true });
});

const callA = (...args: Parameters<ReturnType<typeof caller>>) => caller(serverA)(...args);
const callB = (...args: Parameters<ReturnType<typeof caller>>) => caller(serverB)(...args);

async function loginOn(app: FastifyInstance, nn: string, pw: string): Promise<string> {
  const reply = await caller(app)(platformCalls.login, '', { nn, pw });
  expect(reply.body.status).toBe('success');
  return String(reply.body.code);
}

describe('two servers on one PostgreSQL', () => {
  it('a password change on A ends the other sessions on B', async () => {
    const user = await createUser(testDb.database.db, { rechteSolo: ['x|010'] });
    const onA = await loginOn(serverA, user.nn, user.password);
    const onB = await loginOn(serverB, user.nn, user.password);
    expect((await callB(platformCalls.getSettings, onB)).body.status).toBe('success');
    const changed = await callA(platformCalls.changePW, onA, {
      data: 'Ganz-neues#Passwort-2026',
      pwAlt: user.password,
    });
    expect(changed.body.status).toBe('success');
    await within1s(async () => (await callB(platformCalls.getSettings, onB)).body.status === 'accessError');
    expect((await callB(platformCalls.getSettings, onA)).body.status).toBe('success');
  });

  it('a logout on A ends the session on B', async () => {
    const user = await createUser(testDb.database.db, { rechteSolo: ['x|010'] });
    const code = await loginOn(serverA, user.nn, user.password);
    expect((await callB(platformCalls.getSettings, code)).body.status).toBe('success');
    expect((await callA(platformCalls.logout, code)).body.status).toBe('success');
    await within1s(async () => (await callB(platformCalls.getSettings, code)).body.status === 'accessError');
  });

  it('a group right removed on A is gone on B', async () => {
    const admin = await loginOn(serverA, 'admin', 'Admin#Passwort1');
    const groupId = await createGroup(testDb.database.db, { name: 'Kohärenz', rechte: ['x|010', 'x|110'] });
    const user = await createUser(testDb.database.db, { groupIds: [groupId] });
    const code = await loginOn(serverB, user.nn, user.password);
    const rights = async () =>
      ((await callB(platformCalls.getSettings, code)).body.data as { user: { rechte: string[] } }).user.rechte;
    expect(await rights()).toContain('x|110');
    const saved = await callA(userAdminCalls.saveNutzergruppe, admin, {
      data: {
        id: groupId,
        name: 'Kohärenz',
        icon: 'Group',
        beschreibung: '',
        nutzerparameter: [],
        rechte: ['x|010'],
        standard: false,
        forcePwReset: false,
      },
    });
    expect(saved.body.status).toBe('success');
    await within1s(async () => !(await rights()).includes('x|110'));
  });

  it('an app-setting change on A shows on B', async () => {
    const user = await createUser(testDb.database.db, { rechteSolo: ['x|010'] });
    const code = await loginOn(serverB, user.nn, user.password);
    const title = async () =>
      ((await callB(platformCalls.getSettings, code)).body.data as { app_titel: string }).app_titel;
    expect(await title()).not.toBe('Hort Sonnenschein (geändert)');
    await writeAppSettings(testDb.database.db, { app_titel: 'Hort Sonnenschein (geändert)' });
    await within1s(async () => (await title()) === 'Hort Sonnenschein (geändert)');
  });

  it("an event written on A shows in B's kept calendar load", async () => {
    const user = await createUser(testDb.database.db, { rechteSolo: ['x|110'] });
    const onB = await loginOn(serverB, user.nn, user.password);
    const window = { von: Date.UTC(2033, 0, 1), bis: Date.UTC(2033, 1, 1) };
    const names = async () =>
      (
        (await callB(calendarCalls.getOrSaveSettings, onB, window)).body.kalender as CalendarReply['kalender']
      ).events.map((event) => event.name);
    // Loaded twice: the second answer is B's kept reply.
    expect(await names()).not.toContain('Kohärenz-Termin');
    expect(await names()).not.toContain('Kohärenz-Termin');
    const db = testDb.database.db;
    const [category] = await db.select().from(calendarCategories).limit(1);
    const at = Date.UTC(2033, 0, 10, 8);
    await db
      .insert(calendarEvents)
      .values({ categoryId: category!.id, name: 'Kohärenz-Termin', startMs: at, endMs: at + 3600e3 });
    await invalidateCalendar(db);
    await within1s(async () => (await names()).includes('Kohärenz-Termin'));
  });

  it('a new message and a seen popup on A show in the dashboard on B', async () => {
    const group = await createGroup(testDb.database.db, { name: 'Kohärenz-Feed', rechte: ['x|000|000'] });
    const authorUser = await createUser(testDb.database.db, { rechteSolo: ['x|000|000', 'x|000|set'] });
    const reader = await createUser(testDb.database.db, { groupIds: [group] });
    const authorOnA = await loginOn(serverA, authorUser.nn, authorUser.password);
    const readerOnA = await loginOn(serverA, reader.nn, reader.password);
    const readerOnB = await loginOn(serverB, reader.nn, reader.password);
    const settings = await callA(dashboardCalls.getSettings, authorOnA, {
      dataToSave: {
        type: 'saveSettings',
        data: {
          useWidgets: ['w1'],
          bedingung_f000_sehen: {},
          w1_bedingung_meldungErstellen: { alle: true, gruppen: [] },
          w1_standardEmpfaenger: '',
        },
      },
    });
    expect(settings.body.status).toBe('success');
    const feedOnB = async () => {
      const save = (await callB(dashboardCalls.getSettings, readerOnB)).body.save as GetDashboardReply['save'];
      const entry = save.widgets.find((widget) => widget.id === 'w1');
      return entry ? newsFeedWidget.parse(entry).meldungen : [];
    };
    expect(await feedOnB()).toEqual([]);
    const created = await callA(dashboardCalls.w1, authorOnA, {
      dataToSave: {
        func: 'saveMeldung',
        data: {
          id: 0,
          typ: 'info',
          titel: 'Über zwei Server',
          text: 'Gilt für beide.',
          popup: true,
          bedingung_f000w1_sehen: { alle: false, gruppen: [group] },
        },
      },
    });
    expect(created.body.status, created.raw).toBe('success');
    const id = (created.body.savedMeldung as { id: number }).id;
    await within1s(async () => (await feedOnB()).some((entry) => entry.id === id && !entry.popupGesehen));
    const seen = await callA(dashboardCalls.w1, readerOnA, {
      dataToSave: { func: 'popupGesehen', data: { meldungId: id } },
    });
    expect(seen.body.status, seen.raw).toBe('success');
    await within1s(async () => (await feedOnB()).some((entry) => entry.id === id && entry.popupGesehen));
  });

  it('a message sent on A shows in the inbox and the widget „Neue Nachrichten“ on B, and its reading on B clears A', async () => {
    const staff = ['x|000|000', 'x|120|000', 'x|200|000|000'];
    const boss = await createUser(testDb.database.db, { rechteSolo: ['x|000|000', 'x|000|set'] });
    const sender = await createUser(testDb.database.db, { ident: 'Frau Sender', rechteSolo: staff });
    const reader = await createUser(testDb.database.db, { ident: 'Herr Leser', rechteSolo: staff });
    const bossOnA = await loginOn(serverA, boss.nn, boss.password);
    const senderOnA = await loginOn(serverA, sender.nn, sender.password);
    const readerOnA = await loginOn(serverA, reader.nn, reader.password);
    const readerOnB = await loginOn(serverB, reader.nn, reader.password);
    const settings = await callA(dashboardCalls.getSettings, bossOnA, {
      dataToSave: {
        type: 'saveSettings',
        data: {
          useWidgets: ['w3'],
          bedingung_f000_sehen: {},
          w1_bedingung_meldungErstellen: { alle: true, gruppen: [] },
          w1_standardEmpfaenger: '',
        },
      },
    });
    expect(settings.body.status, settings.raw).toBe('success');
    const unreadIn = async (call: typeof callA, code: string) => {
      const save = (await call(dashboardCalls.getSettings, code)).body.save as GetDashboardReply['save'];
      const entry = save.widgets.find((widget) => widget.id === 'w3') as unknown as
        { konversationen: { id: number }[] } | undefined;
      return entry?.konversationen.map((item) => item.id) ?? [];
    };
    // Both servers have answered (and cached) the widget before the message comes.
    expect(await unreadIn(callB, readerOnB)).toEqual([]);
    expect(await unreadIn(callA, readerOnA)).toEqual([]);
    const sent = await callA(messagesCalls.getOrSaveSettings, senderOnA, {
      dataToSave: { type: 'sendNachricht', data: { empfaenger: { nutzer: [reader.id] }, text: 'Über zwei Server' } },
    });
    expect(sent.body.status, sent.raw).toBe('success');
    const conversation = Number(sent.body.id_konversation);
    await within1s(async () => (await unreadIn(callB, readerOnB)).includes(conversation));
    const inbox = (await callB(messagesCalls.getOrSaveSettings, readerOnB)).body.save as MessagesData;
    expect(inbox.ungelesen).toBe(1);
    expect(await unreadIn(callA, readerOnA)).toEqual([conversation]);
    const read = await callB(messagesCalls.getOrSaveSettings, readerOnB, {
      dataToSave: { type: 'gelesen', data: { id_nachricht: Number(sent.body.id_nachricht) } },
    });
    expect(read.body.status, read.raw).toBe('success');
    await within1s(async () => (await unreadIn(callA, readerOnA)).length === 0);
  });
});

describe('two servers with their own data folders share the stored files', () => {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(CHUNK_BYTES + 1000), Buffer.from('\n%%EOF\n')]);
  let staffA: string;
  let staffB: string;

  const download = async (app: FastifyInstance, code: string, file: string) =>
    app.inject({
      method: 'POST',
      url: platformCalls.download.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code, file }).toString(),
    });
  const saveOn = (app: FastifyInstance, code: string, dataToSave: Record<string, unknown>) =>
    caller(app)(customerCalls.getSettings, code, { dataToSave });

  beforeAll(async () => {
    const staff = await createUser(testDb.database.db, { rechteSolo: ['x|410|000', 'x|410|set'] });
    staffA = await loginOn(serverA, staff.nn, staff.password);
    staffB = await loginOn(serverB, staff.nn, staff.password);
    const settings = {
      ...defaultCustomerSettings,
      kostenstellen: [{ nummer: 1, name: 'Material', konto: '4980' }],
    };
    expect((await saveOn(serverA, staffA, { type: 'saveSettings', data: settings })).body.status).toBe('success');
  });

  it('a cost receipt uploaded through A downloads through B, byte for byte, and is in no data folder', async () => {
    const added = await saveOn(serverA, staffA, {
      type: 'addKosten',
      data: { id: 0, datum: '2025-03-10', id_kostenstelle: 1, betrag: '119,00', titel: 'Papier' },
    });
    expect(added.body.status, added.raw).toBe('success');
    const costId = (added.body.save as CustomerData).lastAddedKosten;
    const up = await postMultipart(
      serverA,
      customerCalls.kostenUpload.url,
      { code: staffA, id_k: String(costId), dokumentart: '1' },
      { filename: 'Rechnung.pdf', bytes: pdf },
    );
    expect(up.status, JSON.stringify(up.body)).toBe('success');
    const file = (up.body.dokumente as CostDocumentView[])[0]?.pfad ?? '';
    const response = await download(serverB, staffB, file);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(pdf)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'files')) ? fs.readdirSync(path.join(dataDir, 'files')) : []).toEqual([]);
  });

  it('a document generated through A (the EÜR ZIP of the receipts) downloads through B', async () => {
    const made = await callA(customerCalls.dokument, staffA, { dokument: { dokumentart: 'EueR', jahr: '2025' } });
    expect(made.body.status, made.raw).toBe('success');
    const file = String(made.body.file);
    expect(file).toBe('f400-410/EueR/2025.zip');
    const response = await download(serverB, staffB, file);
    expect(response.statusCode).toBe(200);
    const entries = readZip(response.rawPayload);
    const receipt = [...entries.entries()].find(([name]) => name.startsWith('Ausgaben/'));
    expect(receipt?.[1].equals(pdf)).toBe(true);
  });

  it('files an installation kept in its data folder move into the database at start', async () => {
    const legacyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-legacy-'));
    try {
      const folderApp = createAppContext({ database: testDb.database, dataDir: legacyDir, fileStore: 'folder' });
      const stored = await storeFile(folderApp, {
        path: 'temp/1/alt.pdf',
        area: 'temp',
        ownerUserId: 1,
        originalName: 'alt.pdf',
        mime: 'application/pdf',
        bytes: pdf,
      });
      expect(fs.existsSync(path.join(legacyDir, 'files', stored.storageName))).toBe(true);
      const started = await buildApp({ database: second, dataDir: legacyDir, webDist: legacyDir, jobs: false });
      await started.ready();
      await started.close();
      expect(fs.existsSync(path.join(legacyDir, 'files', stored.storageName))).toBe(false);
      const moved = await readStored(databaseStore(), testDb.database.db, stored.storageName);
      expect(moved?.equals(pdf)).toBe(true);
    } finally {
      fs.rmSync(legacyDir, { recursive: true, force: true });
    }
  });
});
