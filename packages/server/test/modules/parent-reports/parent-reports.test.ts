import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fieldMessages } from '@hortus/contract';
import { childrenCalls, type W2Reply } from '@hortus/contract/modules/children';
import {
  parentReportsCalls,
  parentReportsMessages,
  reportDateMessages,
  type ParentReportsData,
  type ParentReportsSave,
  type ParentReportsSettings,
  type ReportInput,
} from '@hortus/contract/modules/parent-reports';
import { createGroup } from '../../../src/seed/factories';
import { childExceptions } from '../../../src/modules/children/schema';
import { addDays, berlinNow } from '../../../src/platform/time/berlin-time';
import { notifyLateReport } from '../../../src/modules/parent-reports/reports-late-push';
import { removeUnusedUploads } from '../../../src/modules/parent-reports/uploads';
import { sendReport, withdrawReport } from '../../../src/modules/parent-reports/reports';
import { readParentReportsSettings, saveParentReportsSettings } from '../../../src/modules/parent-reports/settings';
import { childAttendance } from '../../../src/modules/children/public';
import { expectStatus, startTestServer, toReply, type Reply, type TestServer } from '../../support/helper';
import { insertChildren, insertClasses } from '../../support/children-world';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { getSettings, upload } = parentReportsCalls;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)]);

function save(code: string, dataToSave: ParentReportsSave | Record<string, unknown>): Promise<Reply> {
  return server.call(getSettings, code, { dataToSave });
}
async function load(code: string): Promise<ParentReportsData> {
  const reply = await server.call(getSettings, code);
  expectStatus(reply, 'success', 200);
  return reply.body.save as ParentReportsData;
}
function expectInvalid(reply: Reply, field: string, message?: string): void {
  expectStatus(reply, 'validationError', 400);
  const errors = reply.body.errors as Record<string, string[]>;
  expect(Object.keys(errors)).toContain(field);
  if (message) expect(errors[field]).toContain(message);
}
async function uploadFiles(code: string, files: { name: string; bytes: Buffer }[]): Promise<Reply> {
  const boundary = `----hortus${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="code"\r\n\r\n${code}\r\n`),
  ];
  files.forEach((file, index) =>
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file${index + 1}"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    ),
  );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await server.app.inject({
    method: 'POST',
    url: upload.url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  return toReply(response);
}
const download = (code: string, file: string) =>
  server.app.inject({ method: 'POST', url: '/_api/data/download.php', payload: { code, file } });

/** Two families with a child each in class A and B, staff who edit A, a 210 administrator. */
async function world() {
  const db = server.database.db;
  const gStaff = await createGroup(db);
  const everyone = { alle: false, gruppen: [gStaff] };
  const [classA = 0, classB = 0] = await insertClasses(db, [
    { name: `A${gStaff}`, sehen: everyone, bearbeiten: everyone },
    { name: `B${gStaff}`, sehen: everyone, bearbeiten: { alle: false, gruppen: [] } },
  ]);
  const parentRights = ['x|210|000', 'x|210|100'];
  const parent = await server.userWithSession({ rechteSolo: parentRights });
  const other = await server.userWithSession({ rechteSolo: parentRights });
  const noChildren = await server.userWithSession({ rechteSolo: parentRights });
  const contactOnly = await server.userWithSession({ rechteSolo: ['x|210|100'] });
  const staff = await server.userWithSession({ groupIds: [gStaff], rechteSolo: ['x|200|000|000', 'x|000|000'] });
  const admin = await server.userWithSession({ rechteSolo: ['x|210|set', 'x|200|set'] });
  const [mine = 0, mineB = 0, theirs = 0] = await insertChildren(db, `Test${gStaff}`, [
    { vorname: 'Mia', classId: classA, parentUserId: parent.id },
    { vorname: 'Ben', classId: classB, parentUserId: parent.id },
    { vorname: 'Ole', classId: classA, parentUserId: other.id },
  ]);
  return {
    parent,
    other,
    noChildren,
    contactOnly,
    staff,
    admin,
    gStaff,
    classA,
    classB,
    mine,
    mineB,
    theirs,
  };
}

/** Module 200's part for module 210, as the app wires it. */
const attendance = () => childAttendance;

async function settingsWith(patch: Partial<ParentReportsSettings>): Promise<void> {
  const current = await readParentReportsSettings(attendance(), server.database.db);
  await saveParentReportsSettings(attendance(), server.database.db, { ...current, ...patch });
}

const today = () => berlinNow().day;
function report(kind: number[], extra: Partial<ReportInput> = {}): ParentReportsSave {
  const day = addDays(today(), 1);
  return { type: 'meldung', data: { kind, anwesenheit: 'nds', tag: day, tag_bis: day, ...extra } };
}

let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
  await settingsWith({
    anwesenheitMeldungSpaetestensBis: '23:59',
    moeglicheEntlasszeiten: ['13:00', '14:00'],
    moeglicheEntlasszeiten_bedingungen: {},
    meldung_erlaubeKommentar: true,
    meldung_erlaubeDateiupload: true,
  });
});

describe('210 load', () => {
  it('answers the own children, the settings and the classes only to settings holders', async () => {
    const data = await load(w.parent.code);
    expect(data.kinder.map((k) => k.id).sort()).toEqual([w.mine, w.mineB].sort());
    expect(data.klassen).toEqual([]);
    expect(data.settings.moeglicheEntlasszeiten).toEqual(['13:00', '14:00']);
    expect((await load(w.noChildren.code)).kinder).toEqual([]);
    expect((await load(w.admin.code)).klassen.map((k) => k.id)).toEqual(expect.arrayContaining([w.classA, w.classB]));
    expectStatus(await server.call(getSettings, w.staff.code), 'noRight', 403);
  });
});

describe('210 meldung', () => {
  it('turns a sickness report for two days into parent exceptions that module 200 and widget 2 show', async () => {
    const from = addDays(today(), 1);
    const to = addDays(today(), 2);
    const reply = await save(w.parent.code, report([w.mine], { tag: from, tag_bis: to, kommentar: 'Fieber' }));
    expectStatus(reply, 'success', 200);
    expect(reply.body.meldung).toEqual({ verspaetet: false, text: parentReportsMessages.received });
    const data = reply.body.save as ParentReportsData;
    const made = data.historie.filter((entry) => entry.id_kind === w.mine && entry.aktiv);
    expect(made.map((entry) => entry.tag).sort()).toEqual([from, to]);
    // The history names the sickness once: 'Krank' and the parent's own text (never 'Krank – Krank: Fieber').
    expect(made[0]).toMatchObject({ anwesend: false, anwesenheit_text: 'Krank', kommentar: 'Fieber', ersetzt: false });
    expect(made[0]?.anhaenge).toEqual([]);
    expect(made[0]?.elternErstellt_zeit).toMatch(/^\d\d:\d\d$/);

    const w2 = await server.call(childrenCalls.w2, w.staff.code, { tag: from });
    expectStatus(w2, 'success', 200);
    const shown = (w2.body as unknown as W2Reply).ausnahmen.find((entry) => entry.id_kind === w.mine);
    expect(shown).toMatchObject({ elternErstellt: true, anwesend: 0, kommentar: 'Krank: Fieber' });
  });

  it('replaces an earlier report of the same child and day (the history keeps it inactive)', async () => {
    const day = addDays(today(), 3);
    expectStatus(await save(w.parent.code, report([w.mine], { tag: day, tag_bis: day })), 'success', 200);
    const reply = await save(w.parent.code, report([w.mine], { tag: day, tag_bis: day, anwesenheit: '13:00' }));
    const entries = (reply.body.save as ParentReportsData).historie.filter((e) => e.tag === day);
    expect(entries.map((e) => [e.anwesenheit_text, e.aktiv, e.ersetzt])).toEqual([
      ['Entlassung um 13:00 Uhr', true, false],
      ['Krank', false, true],
    ]);
  });

  it('tells a replaced report from a withdrawn one, and a sickness report without text has no comment', async () => {
    const day = addDays(today(), 4);
    const sent = await save(w.parent.code, report([w.mineB], { tag: day, tag_bis: day }));
    expectStatus(sent, 'success', 200);
    const entry = (sent.body.save as ParentReportsData).historie.find((e) => e.tag === day && e.id_kind === w.mineB);
    expect(entry).toMatchObject({ anwesenheit_text: 'Krank', kommentar: '', aktiv: true, ersetzt: false });
    await withdrawReport(
      attendance(),
      server.database.db,
      { id: w.parent.id, gruppen: [], rechte: ['x|210|000', 'x|210|100'] },
      entry?.id as number,
    );
    const after = (await load(w.parent.code)).historie.find((e) => e.id === entry?.id);
    expect(after).toMatchObject({ aktiv: false, ersetzt: false });
  });

  it("refuses another family's child on every path (IDOR)", async () => {
    expectStatus(await save(w.parent.code, report([w.theirs])), 'noRight', 403);
    expectStatus(await save(w.parent.code, report([w.mine, w.theirs])), 'noRight', 403);
    expectStatus(await save(w.parent.code, report([999_999])), 'noRight', 403);
    const theirs = await save(w.other.code, report([w.theirs]));
    expectStatus(theirs, 'success', 200);
    const theirReport = (theirs.body.save as ParentReportsData).historie[0];
    // Their report is neither in the parent's history nor can the parent withdraw it.
    expect((await load(w.parent.code)).historie.some((e) => e.id_kind === w.theirs)).toBe(false);
    expectStatus(await save(w.parent.code, { type: 'widerrufen', data: { id: theirReport?.id } }), 'notFound', 404);
    expectStatus(await save(w.parent.code, { type: 'widerrufen', data: { id: 2_147_483_647 } }), 'notFound', 404);
    // A staff exception is no report either.
    const [staffRow] = await server.database.db
      .insert(childExceptions)
      .values({ childId: w.mine, day: addDays(today(), 4), present: false, releaseTime: '00:00' })
      .returning({ id: childExceptions.id });
    expectStatus(await save(w.parent.code, { type: 'widerrufen', data: { id: staffRow?.id } }), 'notFound', 404);
    // Nobody without the report right sends or withdraws.
    expectStatus(await save(w.contactOnly.code, report([w.mine])), 'noRight', 403);
    expectStatus(
      await save(w.parent.code, {
        type: 'settings',
        data: await readParentReportsSettings(attendance(), server.database.db),
      }),
      'noRight',
      403,
    );
  });

  it('keeps the 5.3 date rules: today up to 7 days ahead, past and range named apart', async () => {
    const past = addDays(today(), -1);
    // A past day gets both texts of 5.3, on the field and in the message.
    const refused = await save(w.parent.code, report([w.mine], { tag: past, tag_bis: past }));
    expectStatus(refused, 'validationError', 400);
    const errors = refused.body.errors as Record<string, string[]>;
    const both = [
      'Es können nur Meldungen gesendet werden, die maximal 7 Tage in der Zukunft und nicht in der Vergangenheit liegen. Bitte überprüfen Sie Ihre Angaben.',
      'Der gewählte Tag liegt in der Vergangenheit. Bitte wählen Sie einen gültigen Tag in der Zukunft aus.',
    ];
    expect(errors['dataToSave.data.tag']).toEqual(both);
    expect(refused.body.message).toBe(both.join(' '));
    const far = addDays(today(), 8);
    expectInvalid(
      await save(w.parent.code, report([w.mine], { tag: addDays(today(), 1), tag_bis: far })),
      'dataToSave.data.tag_bis',
      reportDateMessages.range,
    );
    const last = addDays(today(), 7);
    expectStatus(await save(w.parent.code, report([w.mineB], { tag: last, tag_bis: last })), 'success', 200);
    // From after to: the range is read in order.
    const a = addDays(today(), 5);
    const b = addDays(today(), 6);
    const swapped = await save(w.parent.code, report([w.mineB], { tag: b, tag_bis: a, anwesenheit: 'k' }));
    expectStatus(swapped, 'success', 200);
    const days = (swapped.body.save as ParentReportsData).historie.filter(
      (e) => e.aktiv && (e.tag === a || e.tag === b),
    );
    expect(days.length).toBe(2);
  });

  it('offers a release time only by its conditions, and comment and attachments only when allowed', async () => {
    const day = addDays(today(), 1);
    await settingsWith({
      moeglicheEntlasszeiten_bedingungen: {
        '14:00': { aktiv: true, klassen: [w.classB], datumVon: '', datumBis: '', ausnahmen: [] },
      },
    });
    expectInvalid(
      await save(w.parent.code, report([w.mine], { anwesenheit: '14:00' })),
      'dataToSave.data.anwesenheit',
      parentReportsMessages.releaseTimeNotOffered,
    );
    expectStatus(await save(w.parent.code, report([w.mineB], { anwesenheit: '14:00' })), 'success', 200);
    expectInvalid(
      await save(w.parent.code, report([w.mine, w.mineB], { anwesenheit: '14:00' })),
      'dataToSave.data.anwesenheit',
    );
    expectInvalid(await save(w.parent.code, report([w.mine], { anwesenheit: '15:15' })), 'dataToSave.data.anwesenheit');
    await settingsWith({
      moeglicheEntlasszeiten_bedingungen: {
        '14:00': { aktiv: true, klassen: [], datumVon: '', datumBis: '', ausnahmen: [{ tag: day }] },
      },
    });
    expectInvalid(
      await save(w.parent.code, report([w.mineB], { anwesenheit: '14:00' })),
      'dataToSave.data.anwesenheit',
    );
    await settingsWith({ moeglicheEntlasszeiten_bedingungen: {}, meldung_erlaubeKommentar: false });
    expectInvalid(await save(w.parent.code, report([w.mine], { kommentar: 'Hallo' })), 'dataToSave.data.kommentar');
    await settingsWith({ meldung_erlaubeKommentar: true, meldung_erlaubeDateiupload: false });
    expectInvalid(
      await save(w.parent.code, report([w.mine], { anhaenge: ['f210/1/x.pdf'] })),
      'dataToSave.data.anhaenge',
    );
    const refused = await uploadFiles(w.parent.code, [{ name: 'a.pdf', bytes: pdf }]);
    expectInvalid(refused, 'file1', parentReportsMessages.uploadNotAllowed);
    await settingsWith({ meldung_erlaubeDateiupload: true });
  });

  it('refuses bad input with German messages', async () => {
    expectInvalid(await save(w.parent.code, report([w.mine], { anwesenheit: 'x' })), 'dataToSave.data.anwesenheit');
    expectInvalid(
      await save(w.parent.code, report([w.mine], { kommentar: 'x'.repeat(41) })),
      'dataToSave.data.kommentar',
      'Maximal 40 Zeichen sind erlaubt',
    );
    expectInvalid(await save(w.parent.code, report([])), 'dataToSave.data.kind', parentReportsMessages.chooseChild);
    expectInvalid(await save(w.parent.code, report([w.mine], { tag: '2026-02-30' })), 'dataToSave.data.tag');
  });
});

describe('210 attachments', () => {
  it('takes PDFs and images by content, links them to the report and lets only the family and class staff fetch them', async () => {
    const none = await uploadFiles(w.parent.code, []);
    expectInvalid(none, 'file1', parentReportsMessages.chooseFile);
    expectInvalid(
      await uploadFiles(w.parent.code, [
        { name: 'a.pdf', bytes: pdf },
        { name: 'b.pdf', bytes: exe },
      ]),
      'file2',
    );
    const stored = await uploadFiles(w.parent.code, [
      { name: 'Attest.pdf', bytes: pdf },
      { name: 'Zweites.pdf', bytes: pdf },
    ]);
    expectStatus(stored, 'success', 200);
    const files = stored.body.neuDokument as { pfad: string; name: string }[];
    expect(files.map((f) => f.name)).toEqual(['Attest.pdf', 'Zweites.pdf']);
    const pfade = files.map((f) => f.pfad);
    // Another parent cannot use or read them.
    expectInvalid(await save(w.other.code, report([w.theirs], { anhaenge: pfade })), 'dataToSave.data.anhaenge');
    expect((await download(w.other.code, pfade[0] as string)).statusCode).not.toBe(200);
    const day = addDays(today(), 6);
    const sent = await save(w.parent.code, report([w.mine], { tag: day, tag_bis: day, anhaenge: pfade }));
    expectStatus(sent, 'success', 200);
    const entry = (sent.body.save as ParentReportsData).historie.find((e) => e.tag === day && e.aktiv);
    expect(entry?.anhaenge.map((a) => a.name).sort()).toEqual(['Attest.pdf', 'Zweites.pdf']);
    // Used once only.
    expectInvalid(await save(w.parent.code, report([w.mine], { anhaenge: pfade })), 'dataToSave.data.anhaenge');
    expect((await download(w.parent.code, pfade[0] as string)).statusCode).toBe(200);
    expect((await download(w.staff.code, pfade[0] as string)).statusCode).toBe(200);
    expect((await download(w.other.code, pfade[0] as string)).statusCode).not.toBe(200);
    expect((await download(w.admin.code, pfade[0] as string)).statusCode).not.toBe(200);
  });

  it('removes uploads no report used within a day, never used ones', async () => {
    const sentDay = addDays(today(), 5);
    const kept = (
      (await uploadFiles(w.parent.code, [{ name: 'Gesendet.pdf', bytes: pdf }])).body.neuDokument as {
        pfad: string;
      }[]
    )[0]?.pfad as string;
    expectStatus(
      await save(w.parent.code, report([w.mineB], { tag: sentDay, tag_bis: sentDay, anhaenge: [kept] })),
      'success',
      200,
    );
    const left = (
      (await uploadFiles(w.parent.code, [{ name: 'Liegen.pdf', bytes: pdf }])).body.neuDokument as {
        pfad: string;
      }[]
    )[0]?.pfad as string;
    // At most 20 uploads wait for a report per user.
    const many = Array.from({ length: 5 }, (_, i) => ({ name: `v${i}.pdf`, bytes: pdf }));
    for (let round = 0; round < 4; round++) expectStatus(await uploadFiles(w.other.code, many), 'success', 200);
    expectInvalid(await uploadFiles(w.other.code, many), 'file1', parentReportsMessages.tooManyUploads);
    expect(await removeUnusedUploads(server.context)).toBe(0);
    expect(await removeUnusedUploads(server.context, Date.now() + 25 * 3600_000)).toBeGreaterThanOrEqual(1);
    expect((await download(w.parent.code, left)).statusCode).not.toBe(200);
    expect((await download(w.parent.code, kept)).statusCode).toBe(200);
  });
});

describe('210 cut-off (Europe/Berlin, across DST)', () => {
  const input = (day: string) => ({
    kind: [0],
    anwesenheit: 'nds',
    kommentar: '',
    tag: day,
    tag_bis: day,
    anhaenge: [] as string[],
  });
  // 08:00 in Berlin: CET (UTC+1) in winter, CEST (UTC+2) in summer; both switch days included.
  const cases = [
    ['winter', '2026-01-12', Date.UTC(2026, 0, 12, 7, 0)],
    ['spring switch', '2026-03-29', Date.UTC(2026, 2, 29, 6, 0)],
    ['summer', '2026-06-15', Date.UTC(2026, 5, 15, 6, 0)],
    ['autumn switch', '2026-10-25', Date.UTC(2026, 9, 25, 7, 0)],
  ] as const;

  it.each(cases)('is in time at the cut-off minute and late one minute after it (%s)', async (_name, day, cutoffAt) => {
    await settingsWith({
      anwesenheitMeldungSpaetestensBis: '08:00',
      text_meldungVerpaetet: 'Nach [[ZEIT_SPAETESTENS]] Uhr.',
    });
    const db = server.database.db;
    const user = { id: w.parent.id, gruppen: [], rechte: ['x|210|000', 'x|210|100'] };
    const inTime = await sendReport(attendance(), db, user, { ...input(day), kind: [w.mine] }, cutoffAt);
    expect(inTime).toMatchObject({ verspaetet: false, text: parentReportsMessages.received });
    const late = await sendReport(attendance(), db, user, { ...input(day), kind: [w.mine] }, cutoffAt + 60_000);
    expect(late).toMatchObject({ verspaetet: true, text: 'Nach 08:00 Uhr.' });
    // A report for tomorrow is never late.
    const tomorrow = await sendReport(
      attendance(),
      db,
      user,
      { ...input(addDays(day, 1)), kind: [w.mine] },
      cutoffAt + 60_000,
    );
    expect(tomorrow.verspaetet).toBe(false);

    // Withdrawal: up to the cut-off minute of its day, not after it.
    const [fresh] = await sendReport(
      attendance(),
      db,
      user,
      { ...input(day), kind: [w.mineB] },
      cutoffAt - 3600_000,
    ).then((r) => r.ids);
    await expect(withdrawReport(attendance(), db, user, fresh as number, cutoffAt + 60_000)).rejects.toMatchObject({
      status: 'noRight',
      message: parentReportsMessages.withdrawTooLate,
    });
    await withdrawReport(attendance(), db, user, fresh as number, cutoffAt);
    const [row] = await db
      .select()
      .from(childExceptions)
      .where(eq(childExceptions.id, fresh as number));
    expect(row?.active).toBe(false);
    await expect(withdrawReport(attendance(), db, user, fresh as number, cutoffAt)).rejects.toMatchObject({
      status: 'noRight',
    });
    await settingsWith({ anwesenheitMeldungSpaetestensBis: '23:59' });
  });

  it('withdraws a future report over HTTP and refuses it for another user', async () => {
    const day = addDays(today(), 2);
    const sent = await save(w.parent.code, report([w.mineB], { tag: day, tag_bis: day, anwesenheit: 'k' }));
    const entry = (sent.body.save as ParentReportsData).historie.find((e) => e.tag === day && e.aktiv);
    expect(entry?.widerrufbar).toBe(true);
    expectStatus(await save(w.other.code, { type: 'widerrufen', data: { id: entry?.id } }), 'notFound', 404);
    const withdrawn = await save(w.parent.code, { type: 'widerrufen', data: { id: entry?.id } });
    expectStatus(withdrawn, 'success', 200);
    const after = (withdrawn.body.save as ParentReportsData).historie.find((e) => e.id === entry?.id);
    expect(after).toMatchObject({ aktiv: false, widerrufbar: false });
  });

  it("tells the class's editors about a late report", async () => {
    const targets = await notifyLateReport(
      attendance(),
      server.database.db,
      [{ vorname: 'Mia', nachname: 'Test', classId: w.classA }],
      'Krank',
    );
    expect(targets.get(w.classA)).toEqual({ groupIds: [w.gStaff], userIds: [] });
  });
});

describe('210 settings', () => {
  it("saves the report fields into module 200 settings (one source) and the mailboxes into its own; the facility's fields are ignored", async () => {
    const current = (await load(w.admin.code)).settings;
    const reply = await save(w.admin.code, {
      type: 'settings',
      data: {
        ...current,
        anwesenheitMeldungSpaetestensBis: '07:30',
        kontakt_name: 'Hort Test',
        kontakt_gruppen: [{ bezeichnung: 'Leitung', email: 'leitung@example.org' }],
      },
    });
    expectStatus(reply, 'success', 200);
    const children200 = await server.call(childrenCalls.getSettings, w.admin.code);
    expect(
      (children200.body.save as { settings: { anwesenheitMeldungSpaetestensBis: string } }).settings
        .anwesenheitMeldungSpaetestensBis,
    ).toBe('07:30');
    // Name, address, phone, e-mail and opening hours are the facility's (/001, issue 47).
    expect((await load(w.parent.code)).settings.kontakt_name).toBe(current.kontakt_name);
    expect((await load(w.parent.code)).settings.kontakt_gruppen).toEqual([
      { bezeichnung: 'Leitung', email: 'leitung@example.org' },
    ]);
    expectInvalid(
      await save(w.admin.code, {
        type: 'settings',
        data: { ...current, kontakt_gruppen: [{ bezeichnung: 'X', email: 'kein' }] },
      }),
      'dataToSave.data.kontakt_gruppen.0.email',
    );
    await settingsWith({ anwesenheitMeldungSpaetestensBis: '23:59' });
  });

  it("refuses a release-time condition whose 'von' lies after its 'bis' on that 'bis', saving nothing", async () => {
    const current = (await load(w.admin.code)).settings;
    const condition = { aktiv: true, klassen: [], datumVon: '2026-08-10', datumBis: '2026-08-01', ausnahmen: [] };
    const refused = await save(w.admin.code, {
      type: 'settings',
      data: {
        ...current,
        kontakt_name: 'Nicht gespeichert',
        moeglicheEntlasszeiten: ['14:00'],
        moeglicheEntlasszeiten_bedingungen: { '14:00': condition },
      },
    });
    expectInvalid(refused, 'dataToSave.data.moeglicheEntlasszeiten_bedingungen.14:00.datumBis', fieldMessages.dayRange);
    const after = (await load(w.admin.code)).settings;
    expect(after.kontakt_name).toBe(current.kontakt_name);
    expect(after.moeglicheEntlasszeiten_bedingungen).toEqual(current.moeglicheEntlasszeiten_bedingungen);
    // The same day for 'von' and 'bis' is a one-day condition, and open ends are fine.
    for (const [datumVon, datumBis] of [
      ['2026-08-10', '2026-08-10'],
      ['2026-08-10', ''],
      ['', '2026-08-01'],
    ] as const) {
      expectStatus(
        await save(w.admin.code, {
          type: 'settings',
          data: {
            ...current,
            moeglicheEntlasszeiten: ['14:00'],
            moeglicheEntlasszeiten_bedingungen: { '14:00': { ...condition, datumVon, datumBis } },
          },
        }),
        'success',
        200,
      );
    }
    expectStatus(await save(w.admin.code, { type: 'settings', data: current }), 'success', 200);
  });
});
