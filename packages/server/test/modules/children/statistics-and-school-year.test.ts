import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { todayIsoDay } from '@hortus/contract';
import {
  childrenCalls,
  schoolYearCalls,
  statisticsCalls,
  statisticsMessages,
  type ChildrenData,
  type ChildrenSave,
  type ClassConditions,
  type EvaluationOptionsInput,
  type SchoolYearStateInput,
  type StatisticsListReply,
  type StatisticsRowInput,
} from '@hortus/contract/modules/children';
import { createGroup } from '../../../src/seed/factories';
import { childAttendance, childStatisticsArchives, children } from '../../../src/modules/children/schema';
import { files, users } from '../../../src/platform/db/schema';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';
import { filledRectangles, pageTexts } from '../../support/pdf-reader';
import { readZip } from '../../support/zip-reader';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { saveAnwesenheit, createAnwesenheitsstatistik } = statisticsCalls;
const only = (...gruppen: number[]) => ({ alle: false, gruppen });
const conditions = (see: number[], edit: number[]): ClassConditions => ({
  f200: { sehen: only(...see), bearbeiten: only(...edit) },
});

async function saved(code: string, dataToSave: ChildrenSave): Promise<ChildrenData> {
  const reply = await server.call(childrenCalls.getSettings, code, { dataToSave });
  expectStatus(reply, 'success', 200);
  return reply.body.save as ChildrenData;
}
async function data(code: string): Promise<ChildrenData> {
  const reply = await server.call(childrenCalls.getSettings, code);
  expectStatus(reply, 'success', 200);
  return reply.body.save as ChildrenData;
}
async function addChild(code: string, klasse: number, vorname: string, nachname: string): Promise<number> {
  const after = await saved(code, {
    type: 'editKind',
    data: {
      kind: { id: 0, vorname, nachname, id_klasse: klasse, betreuungsplatz: '11:30', standardentlasszeit: '15:00' },
    },
  });
  const child = after.kinder.find((kind) => kind.vorname === vorname && kind.nachname === nachname);
  if (!child) throw new Error('child not created');
  return child.id;
}
function list(code: string, tag: string, extra: { liste?: StatisticsRowInput[]; delDokument?: string } = {}) {
  return server.call(saveAnwesenheit, code, { tag, ...extra });
}
async function listed(code: string, tag: string, extra: { liste?: StatisticsRowInput[]; delDokument?: string } = {}) {
  const reply = await list(code, tag, extra);
  expectStatus(reply, 'success', 200);
  return reply.body as unknown as StatisticsListReply;
}
function evaluate(code: string, typ: string, wert: string, options?: EvaluationOptionsInput): Promise<Reply> {
  return server.call(createAnwesenheitsstatistik, code, {
    typ,
    wert,
    ...(options ? { monatsuebersichtElemente: options } : {}),
  });
}
async function download(code: string, file: unknown): Promise<Buffer> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/_api/data/download.php',
    payload: { code, file: String(file) },
  });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}
async function record(childId: number, day: string, timeFrom: string, timeTo: string | null, reason = '') {
  await server.database.db.insert(childAttendance).values({ childId, day, timeFrom, timeTo, reason });
}
const noContent = {
  anwesenheitsdiagramm: false,
  entlasszeitendiagramm: false,
  tabelleKinder: false,
  tabelleEntlasszeiten: false,
  tagesuebersichten: false,
};

/** Statistician edits class A and sees B; viewer sees A; a user without x|200|200. */
async function world() {
  const db = server.database.db;
  const [gEdit, gView] = [await createGroup(db), await createGroup(db)];
  const admin = await server.userWithSession({
    groupIds: [gEdit],
    rechteSolo: ['x|200|000|000', 'x|200|000|010', 'x|200|100', 'x|200|200', 'x|200|set'],
  });
  const viewer = await server.userWithSession({ groupIds: [gView], rechteSolo: ['x|200|000|000', 'x|200|200'] });
  const noStats = await server.userWithSession({ groupIds: [gEdit], rechteSolo: ['x|200|000|000', 'x|200|set'] });
  const after = await saved(admin.code, {
    type: 'klassen',
    data: {
      klassen: [
        { id: 0, name: `A${gEdit}`, bedingungen: conditions([gView], [gEdit]) },
        { id: 0, name: `B${gEdit}`, bedingungen: conditions([gEdit], []) },
      ],
    },
  });
  const classA = after.klassen.find((k) => k.name === `A${gEdit}`)?.id ?? 0;
  const classB = after.klassen.find((k) => k.name === `B${gEdit}`)?.id ?? 0;
  const mia = await addChild(admin.code, classA, 'Mia', `Müller${gEdit}`);
  const ben = await addChild(admin.code, classA, 'Ben', `Özdemir${gEdit}`);
  const bEditor = await server.userWithSession({ rechteSolo: ['x|200|000|000', 'x|200|set'] });
  const otherGroup = await createGroup(db);
  await server.database.db.execute(sql`select 1`);
  const [bChild] = await db
    .insert(children)
    .values({ classId: classB, vorname: 'Bea', nachname: `Berg${gEdit}`, careFrom: '11:30', releaseTime: '15:00' })
    .returning({ id: children.id });
  return { gEdit, admin, viewer, noStats, bEditor, otherGroup, classA, classB, mia, ben, bChild: bChild?.id ?? 0 };
}

describe('200-200 day list (saveAnwesenheit)', () => {
  it('lists the seen children of a day, saves edited rows, removes unchecked ones', async () => {
    const w = await world();
    const day = '2025-02-03';
    const empty = await listed(w.admin.code, day);
    const mine = empty.anwesenheiten.filter((row) => row.id_klasse === w.classA);
    expect(mine.map((row) => row.vorname).sort()).toEqual(['Ben', 'Mia']);
    expect(mine.every((row) => !row.anwesend && row.bearbeiten)).toBe(true);

    const after = await listed(w.admin.code, day, {
      liste: [
        { id_kind: w.mia, anwesend: true, von: '08:00', bis: '15:15', entlassgrund: 'Abholung (Oma) - 15:15 <ok>' },
        { id_kind: w.ben, anwesend: true, von: '09:00', bis: '', entlassgrund: '' },
      ],
    });
    const mia = after.anwesenheiten.find((row) => row.id_kind === w.mia);
    expect(mia).toMatchObject({ anwesend: true, von: '08:00', bis: '15:15' });
    expect(after.anwesenheitenMonate).toContain('2025-02');
    // The viewer sees class A's rows but may not change them.
    const viewed = await listed(w.viewer.code, day);
    expect(viewed.anwesenheiten.find((row) => row.id_kind === w.mia)?.bearbeiten).toBe(false);
    expect(viewed.anwesenheiten.some((row) => row.id_klasse === w.classB)).toBe(false);

    const removed = await listed(w.admin.code, day, { liste: [{ id_kind: w.ben, anwesend: false }] });
    expect(removed.anwesenheiten.find((row) => row.id_kind === w.ben)?.anwesend).toBe(false);
    expect(removed.anwesenheiten.find((row) => row.id_kind === w.mia)?.anwesend).toBe(true);
  });

  it("lists a deleted child's record with the delKind_* fields of school.md, not editable", async () => {
    const w = await world();
    const day = '2025-02-04';
    await record(w.ben, day, '08:15', '14:00', 'Bus');
    await saved(w.admin.code, { type: 'delKind', data: { id: w.ben } });
    const rows = (await listed(w.viewer.code, day)).anwesenheiten;
    const gone = rows.find((row) => row.id_kind === 0 && row.id_klasse === w.classA);
    // Deleting a child erases its name (Art. 17 DSGVO, issue 34): the row keeps its times and class for the
    // anonymous counts, the delKind_* fields name no one.
    expect(gone).toMatchObject({
      vorname: '',
      nachname: '',
      anwesend: true,
      von: '08:15',
      bis: '14:00',
      bearbeiten: false,
      delKind_vorname: '',
      delKind_nachname: '',
      delKind_klasse: `A${w.gEdit}`,
      delKind_idKlasse: w.classA,
    });
    // A present child's row has none of them.
    expect(rows.find((row) => row.id_kind === w.mia)).not.toHaveProperty('delKind_vorname');
  });

  it('refuses bad rows with German messages and changes nothing', async () => {
    const w = await world();
    const day = '2025-02-04';
    const bad = await list(w.admin.code, day, {
      liste: [
        { id_kind: w.mia, anwesend: true, von: '08:00', bis: '07:00' },
        { id_kind: w.ben, anwesend: true, von: '', bis: '' },
      ],
    });
    expectStatus(bad, 'validationError', 400);
    const errors = bad.body.errors as Record<string, string[]>;
    expect(errors['liste.0.bis']).toEqual([statisticsMessages.timeOrder]);
    expect(errors['liste.1.von']).toEqual([statisticsMessages.checkInRequired]);
    const charset = await list(w.admin.code, day, {
      liste: [{ id_kind: w.mia, anwesend: true, von: '08:00', entlassgrund: 'a`b' }],
    });
    expectStatus(charset, 'validationError', 400);
    expect(Object.keys(charset.body.errors as object)).toContain('liste.0.entlassgrund');
    expectStatus(await list(w.admin.code, '2025-02-30'), 'validationError', 400);
    const still = await listed(w.admin.code, day);
    expect(still.anwesenheiten.filter((row) => row.anwesend && row.id_klasse === w.classA)).toEqual([]);
  });

  it('enforces the statistics right and the class edit right per row', async () => {
    const w = await world();
    const day = '2025-02-05';
    expectStatus(await list(w.noStats.code, day), 'noRight', 403);
    const row = { id_kind: w.mia, anwesend: true, von: '08:00' };
    expectStatus(await list(w.viewer.code, day, { liste: [row] }), 'noRight', 403);
    expectStatus(await list(w.admin.code, day, { liste: [{ ...row, id_kind: w.bChild }] }), 'noRight', 403);
    const stranger = await server.userWithSession({ rechteSolo: ['x|200|200'] });
    expectStatus(await list(stranger.code, day, { liste: [row] }), 'notFound', 404);
    expectStatus(await list(w.admin.code, day, { liste: [{ ...row, id_kind: 2_000_000_000 }] }), 'notFound', 404);
    // One refused row leaves the others unsaved too.
    expectStatus(
      await list(w.admin.code, day, {
        liste: [
          { ...row, id_kind: w.ben },
          { ...row, id_kind: w.bChild },
        ],
      }),
      'noRight',
      403,
    );
    expect((await listed(w.admin.code, day)).anwesenheiten.find((r) => r.id_kind === w.ben)?.anwesend).toBe(false);
  });
});

describe('200-200 evaluations (createAnwesenheitsstatistik)', () => {
  it('makes the day PDF with the table and a light-blue vector chart, archives it and deletes the day on request', async () => {
    const w = await world();
    const day = '2025-03-04';
    await record(w.mia, day, '08:00', '15:05', 'Standardentlasszeit');
    await record(w.ben, day, '08:30', null);
    const made = await evaluate(w.admin.code, 'tag', day, {
      klassen: [w.classA],
      archivieren: true,
      loeschen: false,
      suffix: 'Test 1',
    });
    expectStatus(made, 'success', 200);
    expect(made.body.name).toBe('Anwesenheitsstatistik_2025-03-04_Test 1.pdf');
    expect(made.body.anwesenheitenDokumente).toContain('2025-03-04_Test 1.pdf');
    const pdf = await download(w.admin.code, made.body.file);
    const text = (await pageTexts(new Uint8Array(pdf))).join(' ');
    expect(text).toContain('Anwesenheitsstatistik 04.03.2025');
    expect(text).toContain(`Müller${w.gEdit}`);
    expect(text).toContain(`Özdemir${w.gEdit}`);
    expect(text).toContain('Anwesend: 2 Kinder, davon entlassen: 1');
    expect(text).toContain('15:00');
    expect(text).toContain('nicht entlassen');
    const bars = await filledRectangles(new Uint8Array(pdf));
    // Two equal bars (one release at 15:00–15:14, one not released), each as wide as the largest.
    const chartBars = bars.filter((bar) => bar.height > 10 && bar.height < 13);
    expect(chartBars).toHaveLength(2);
    expect(chartBars[0]?.width).toBeCloseTo(chartBars[1]?.width ?? 0, 1);
    // Kept in the archive: downloadable again by its name, by whoever sees every class it covers (the viewer sees A).
    const again = await evaluate(w.viewer.code, '2025-03-04_Test 1.pdf', '');
    expectStatus(again, 'success', 200);
    expect(again.body.name).toBe('Anwesenheitsstatistik_2025-03-04_Test 1.pdf');
    expect((await download(w.viewer.code, again.body.file)).equals(pdf)).toBe(true);
    const noStatsDownload = await server.app.inject({
      method: 'POST',
      url: '/_api/data/download.php',
      payload: { code: w.noStats.code, file: String(made.body.file) },
    });
    expect(noStatsDownload.statusCode).toBe(403);
    // Records stay without the delete option; with it, they are gone.
    expect(
      (await listed(w.admin.code, day)).anwesenheiten.filter((r) => r.anwesend && r.id_klasse === w.classA),
    ).toHaveLength(2);
    const deleting = await evaluate(w.admin.code, 'tag', day, {
      klassen: [w.classA],
      archivieren: false,
      loeschen: true,
    });
    expectStatus(deleting, 'success', 200);
    expect(String(deleting.body.file)).toMatch(/^temp\//);
    expect(
      (await listed(w.admin.code, day)).anwesenheiten.filter((r) => r.anwesend && r.id_klasse === w.classA),
    ).toEqual([]);
    // No record of the day → the button rule's message.
    const none = await evaluate(w.admin.code, 'tag', day, { klassen: [w.classA] });
    expectStatus(none, 'validationError', 400);
    expect((none.body.errors as Record<string, string[]>).wert).toEqual([statisticsMessages.noRecordsDay]);
    // delDokument removes the archive file.
    const afterDelete = await listed(w.admin.code, day, { delDokument: '2025-03-04_Test 1.pdf' });
    expect(afterDelete.anwesenheitenDokumente).not.toContain('2025-03-04_Test 1.pdf');
    expectStatus(await list(w.admin.code, day, { delDokument: '2025-03-04_Test 1.pdf' }), 'notFound', 404);
    expectStatus(await list(w.admin.code, day, { delDokument: '../files/x.pdf' }), 'notFound', 404);
  });

  it('keeps an archive from users who do not see every class it covers', async () => {
    const w = await world();
    const day = '2025-03-11';
    const name = `${day}_B${w.gEdit}.pdf`;
    await record(w.bChild, day, '08:00', '15:00');
    const made = await evaluate(w.admin.code, 'tag', day, {
      klassen: [w.classB],
      archivieren: true,
      loeschen: false,
      suffix: `B${w.gEdit}`,
    });
    expectStatus(made, 'success', 200);
    expect(made.body.anwesenheitenDokumente).toContain(name);
    // The viewer sees class A only: the archive of class B is not listed, fetched, downloaded or deleted.
    expect((await listed(w.viewer.code, day)).anwesenheitenDokumente).not.toContain(name);
    expectStatus(await evaluate(w.viewer.code, name, ''), 'notFound', 404);
    const viewerDownload = await server.app.inject({
      method: 'POST',
      url: '/_api/data/download.php',
      payload: { code: w.viewer.code, file: String(made.body.file) },
    });
    expect([403, 404]).toContain(viewerDownload.statusCode);
    expectStatus(await list(w.viewer.code, day, { delDokument: name }), 'notFound', 404);
    expect((await listed(w.admin.code, day)).anwesenheitenDokumente).toContain(name);
    expectStatus(await evaluate(w.admin.code, name, ''), 'success', 200);
    // Without recorded classes (made before they were recorded) it asks for every class, which the admin
    // does not see (other tests' classes).
    const [file] = await server.database.db
      .select()
      .from(files)
      .where(eq(files.path, String(made.body.file)));
    await server.database.db.delete(childStatisticsArchives).where(eq(childStatisticsArchives.fileId, file?.id ?? 0));
    expect((await listed(w.admin.code, day)).anwesenheitenDokumente).not.toContain(name);
    expectStatus(await evaluate(w.admin.code, name, ''), 'notFound', 404);
  });

  it('makes the month ZIP with the five contents, read back file by file', async () => {
    const w = await world();
    await record(w.mia, '2025-04-01', '08:00', '14:50');
    await record(w.ben, '2025-04-01', '08:00', '15:20', 'Regelausnahme');
    await record(w.mia, '2025-04-02', '08:00', null);
    await record(w.bChild, '2025-04-02', '08:00', '16:00');
    const made = await evaluate(w.admin.code, 'monat', '2025-04', {
      klassen: [w.classA],
      archivieren: true,
      loeschen: false,
    });
    expectStatus(made, 'success', 200);
    expect(made.body.name).toBe('Anwesenheitsstatistik_2025-04.zip');
    expect(made.body.anwesenheitenDokumente).toContain('2025-04.zip');
    const zip = readZip(await download(w.admin.code, made.body.file));
    expect([...zip.keys()]).toEqual([
      'Anwesenheit_Diagramm.pdf',
      'Entlasszeiten_Diagramm.pdf',
      'Anwesenheit_Kinder.pdf',
      'Entlasszeiten_Tabelle.pdf',
      'Tagesuebersichten/2025-04-01.pdf',
      'Tagesuebersichten/2025-04-02.pdf',
    ]);
    const textOf = async (name: string) =>
      (await pageTexts(new Uint8Array(zip.get(name) ?? Buffer.alloc(0)))).join(' ');
    const chart = await textOf('Anwesenheit_Diagramm.pdf');
    expect(chart).toContain('Di 01.04.');
    expect(chart).toContain('Mi 02.04.');
    // The chart has one light-blue bar per day with children (two days), drawn as vectors.
    const dayBars = (
      await filledRectangles(new Uint8Array(zip.get('Anwesenheit_Diagramm.pdf') ?? Buffer.alloc(0)))
    ).filter((bar) => bar.height > 10 && bar.height < 13);
    expect(dayBars).toHaveLength(2);
    expect(await textOf('Entlasszeiten_Diagramm.pdf')).toContain('nicht entlassen');
    const kids = await textOf('Anwesenheit_Kinder.pdf');
    expect(kids).toContain(`Müller${w.gEdit}`);
    expect(kids).not.toContain(`Berg${w.gEdit}`);
    const times = await textOf('Entlasszeiten_Tabelle.pdf');
    expect(times).toContain('14:45');
    expect(times).toContain('15:15');
    expect(times).toContain('33,3 %');
    expect(await textOf('Tagesuebersichten/2025-04-02.pdf')).toContain('Anwesenheitsstatistik 02.04.2025');

    // Only the chosen contents; the delete option removes the month's records of the chosen classes only.
    const small = await evaluate(w.admin.code, 'monat', '2025-04', {
      ...noContent,
      tabelleKinder: true,
      klassen: [w.classA],
      archivieren: false,
      loeschen: true,
      suffix: 'klein',
    });
    expectStatus(small, 'success', 200);
    expect(small.body.name).toBe('Anwesenheitsstatistik_2025-04_klein.zip');
    expect([...readZip(await download(w.admin.code, small.body.file)).keys()]).toEqual(['Anwesenheit_Kinder.pdf']);
    const left = await server.database.db
      .select({ childId: childAttendance.childId })
      .from(childAttendance)
      .where(inArray(childAttendance.childId, [w.mia, w.ben, w.bChild]));
    expect(left).toEqual([{ childId: w.bChild }]);
  });

  it('refuses what the dialog forbids and checks the rights of every class', async () => {
    const w = await world();
    await record(w.mia, '2025-05-06', '08:00', '15:00');
    const noContentReply = await evaluate(w.admin.code, 'monat', '2025-05', { ...noContent, klassen: [w.classA] });
    expectStatus(noContentReply, 'validationError', 400);
    expect(Object.keys(noContentReply.body.errors as object)).toContain('monatsuebersichtElemente');
    const noClasses = await evaluate(w.admin.code, 'monat', '2025-05', { klassen: [] });
    expectStatus(noClasses, 'validationError', 400);
    expect(Object.keys(noClasses.body.errors as object)).toContain('monatsuebersichtElemente.klassen');
    expectStatus(await evaluate(w.admin.code, 'monat', '2025-13', { klassen: [w.classA] }), 'validationError', 400);
    expectStatus(await evaluate(w.admin.code, 'tag', '05.06.2025', { klassen: [w.classA] }), 'validationError', 400);
    expectStatus(await evaluate(w.admin.code, 'tag', '2025-02-30', { klassen: [w.classA] }), 'validationError', 400);
    const longSuffix = await evaluate(w.admin.code, 'tag', '2025-05-06', {
      klassen: [w.classA],
      suffix: 'x'.repeat(21),
    });
    expectStatus(longSuffix, 'validationError', 400);
    expect(Object.keys(longSuffix.body.errors as object)).toContain('monatsuebersichtElemente.suffix');
    expectStatus(
      await evaluate(w.admin.code, 'tag', '2025-05-06', { klassen: [w.classA], suffix: 'a/b' }),
      'validationError',
      400,
    );
    // Rights: the statistics right; classes must be seen; deleting needs the edit right on each.
    expectStatus(await evaluate(w.noStats.code, 'tag', '2025-05-06', { klassen: [w.classA] }), 'noRight', 403);
    expectStatus(
      await evaluate(w.viewer.code, 'tag', '2025-05-06', { klassen: [w.classB], loeschen: false }),
      'notFound',
      404,
    );
    expectStatus(
      await evaluate(w.viewer.code, 'tag', '2025-05-06', { klassen: [w.classA], loeschen: true }),
      'noRight',
      403,
    );
    expectStatus(
      await evaluate(w.admin.code, 'monat', '2025-05', { klassen: [w.classA, w.classB], loeschen: true }),
      'noRight',
      403,
    );
    const viewed = await evaluate(w.viewer.code, 'tag', '2025-05-06', {
      klassen: [w.classA],
      loeschen: false,
      archivieren: false,
    });
    expectStatus(viewed, 'success', 200);
    expectStatus(await evaluate(w.admin.code, 'kein-archiv.pdf', ''), 'notFound', 404);
    expectStatus(await evaluate(w.admin.code, '2099-01-01.pdf', ''), 'notFound', 404);
    // Nothing was deleted by the refused calls.
    const kept = await server.database.db.select().from(childAttendance).where(eq(childAttendance.childId, w.mia));
    expect(kept.map((row) => row.day)).toContain('2025-05-06');
  });
});

describe('200-200 Daten danach löschen: never the running day, never unasked (issue 47)', () => {
  const count = (code: string, typ: string, wert: string, klassen: number[]) =>
    server.call(statisticsCalls.zaehleAnwesenheiten, code, { typ, wert, klassen });
  const daysOf = async (childId: number) =>
    (await server.database.db.select().from(childAttendance).where(eq(childAttendance.childId, childId)))
      .map((row) => row.day)
      .sort();

  it("keeps today's check-ins and the running month's records: refused with the reason on the switch", async () => {
    const w = await world();
    const today = todayIsoDay();
    await record(w.mia, today, '08:00', null);
    const day = await evaluate(w.admin.code, 'tag', today, { klassen: [w.classA], loeschen: true });
    expectStatus(day, 'validationError', 400);
    expect(day.body.errors).toEqual({ 'monatsuebersichtElemente.loeschen': [statisticsMessages.runningDay] });
    const month = await evaluate(w.admin.code, 'monat', today.slice(0, 7), { klassen: [w.classA], loeschen: true });
    expectStatus(month, 'validationError', 400);
    expect(month.body.errors).toEqual({ 'monatsuebersichtElemente.loeschen': [statisticsMessages.runningMonth] });
    const future = await evaluate(w.admin.code, 'monat', '2099-01', { klassen: [w.classA], loeschen: true });
    expectStatus(future, 'validationError', 400);
    expect(await daysOf(w.mia)).toEqual([today]);
    // Without deleting, today's evaluation is made and the check-in stays.
    expectStatus(await evaluate(w.admin.code, 'tag', today, { klassen: [w.classA], loeschen: false }), 'success', 200);
    expect(await daysOf(w.mia)).toEqual([today]);
  });

  it('counts what would go (the question before deleting) and deletes only the agreed number', async () => {
    const w = await world();
    await record(w.mia, '2025-03-10', '08:00', '15:00');
    await record(w.ben, '2025-03-10', '08:00', null);
    await record(w.ben, '2025-03-11', '08:00', null);
    await record(w.bChild, '2025-03-10', '08:00', null);
    const counted = await count(w.admin.code, 'tag', '2025-03-10', [w.classA]);
    expectStatus(counted, 'success', 200);
    expect(counted.body.anzahl).toBe(2);
    const monthCount = await count(w.admin.code, 'monat', '2025-03', [w.classA]);
    expect(monthCount.body.anzahl).toBe(3);
    // Rights as for deleting: the statistics right, classes seen and editable; bad input named.
    expectStatus(await count(w.noStats.code, 'tag', '2025-03-10', [w.classA]), 'noRight', 403);
    expectStatus(await count(w.viewer.code, 'tag', '2025-03-10', [w.classB]), 'notFound', 404);
    expectStatus(await count(w.viewer.code, 'tag', '2025-03-10', [w.classA]), 'noRight', 403);
    expectStatus(await count(w.admin.code, 'tag', '2025-03-10', [w.classA, w.classB]), 'noRight', 403);
    const badDay = await count(w.admin.code, 'tag', '10.03.2025', [w.classA]);
    expectStatus(badDay, 'validationError', 400);
    expect(Object.keys(badDay.body.errors as object)).toEqual(['wert']);
    expectStatus(await count(w.admin.code, 'woche', '2025-03', [w.classA]), 'validationError', 400);
    const noClass = await count(w.admin.code, 'tag', '2025-03-10', []);
    expectStatus(noClass, 'validationError', 400);

    // Another number than the agreed one deletes nothing (a record came or went meanwhile).
    const changed = await evaluate(w.admin.code, 'tag', '2025-03-10', {
      klassen: [w.classA],
      loeschen: true,
      loeschenAnzahl: 1,
    });
    expectStatus(changed, 'validationError', 400);
    expect(changed.body.errors).toEqual({
      'monatsuebersichtElemente.loeschenAnzahl': [statisticsMessages.countChanged],
    });
    expect(await daysOf(w.ben)).toEqual(['2025-03-10', '2025-03-11']);
    const agreed = await evaluate(w.admin.code, 'tag', '2025-03-10', {
      klassen: [w.classA],
      loeschen: true,
      loeschenAnzahl: 2,
    });
    expectStatus(agreed, 'success', 200);
    expect(await daysOf(w.mia)).toEqual([]);
    expect(await daysOf(w.ben)).toEqual(['2025-03-11']);
    expect(await daysOf(w.bChild)).toEqual(['2025-03-10']);
  });
});

describe('200 school-year wizard (neuesSchuljahr)', () => {
  async function schoolWorld() {
    const w = await world();
    const db = server.database.db;
    const parentsGroup = await createGroup(db);
    const settings = (await data(w.admin.code)).settings;
    await saved(w.admin.code, { type: 'settings', data: { ...settings, id_nutzergruppe_eltern: parentsGroup } });
    const tag = w.gEdit;
    const all = conditions([w.gEdit], [w.gEdit]);
    const after = await saved(w.admin.code, {
      type: 'klassen',
      data: {
        klassen: [
          { id: 0, name: `1${tag}`, bedingungen: all },
          { id: 0, name: `2${tag}`, bedingungen: all },
          { id: 0, name: `Neu${tag}`, bedingungen: all },
        ],
      },
    });
    const id = (name: string) => after.klassen.find((k) => k.name === name)?.id ?? 0;
    const [c1, c2, cNeu] = [id(`1${tag}`), id(`2${tag}`), id(`Neu${tag}`)];
    const first = await addChild(w.admin.code, c1, 'Erna', `Eins${tag}`);
    const repeater = await addChild(w.admin.code, c1, 'Willi', `Wieder${tag}`);
    const second = await addChild(w.admin.code, c2, 'Zora', `Zwei${tag}`);
    const fresh = await addChild(w.admin.code, cNeu, 'Nele', `Neu${tag}`);
    await record(second, '2025-06-02', '08:00', '15:00');
    const parentReply = await server.call(childrenCalls.getSettings, w.admin.code, {
      dataToSave: { type: 'editEltern', data: { eltern: { id: 0, nn: `eltern${tag}`, ids_kinder: [first] } } },
    });
    expectStatus(parentReply, 'success', 200);
    const state: SchoolYearStateInput = {
      schritt: 3,
      verteileNeueKlassen: true,
      naechsteKlasse: { [c1]: c2, [c2]: 0, [cNeu]: cNeu },
      wiederholer: [repeater],
      alleElternkontenLoeschen: true,
      fuerAlleNeueElternkonten: true,
      anwesenheitenZuruecksetzen: true,
    };
    return { ...w, c1, c2, cNeu, first, repeater, second, fresh, state, parentsGroup };
  }
  const run = (code: string, state: SchoolYearStateInput) =>
    server.call(schoolYearCalls.neuesSchuljahr, code, { neuesSchuljahrStatus: state });
  async function snapshot(ids: number[]) {
    const db = server.database.db;
    const kids = await db
      .select({ id: children.id, classId: children.classId, parent: children.parentUserId })
      .from(children)
      .where(inArray(children.id, ids))
      .orderBy(children.id);
    const [attendance] = await db.select({ n: sql<number>`count(*)::int` }).from(childAttendance);
    const [userCount] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    return { kids, attendance: attendance?.n, users: userCount?.n };
  }

  it('checks rights and input before changing anything', async () => {
    const w = await schoolWorld();
    expectStatus(await run(w.viewer.code, w.state), 'noRight', 403);
    // Parent options also need x|200|100.
    expectStatus(await run(w.noStats.code, w.state), 'noRight', 403);
    const badClass = await run(w.admin.code, { ...w.state, naechsteKlasse: { [w.c1]: 2_000_000_000 } });
    expectStatus(badClass, 'validationError', 400);
    expect(Object.keys(badClass.body.errors as object)).toContain(`neuesSchuljahrStatus.naechsteKlasse.${w.c1}`);
    expectStatus(await run(w.admin.code, { ...w.state, wiederholer: [2_000_000_000] }), 'validationError', 400);
    expectStatus(await run(w.admin.code, { ...w.state, schritt: 9 }), 'validationError', 400);
  });

  it('a failure half-way leaves everything as it was (one transaction)', async () => {
    const w = await schoolWorld();
    const ids = [w.first, w.repeater, w.second, w.fresh];
    const before = await snapshot(ids);
    const db = server.database.db;
    // The moves and deletions run first; creating the first new parent account then fails.
    await db.execute(
      sql.raw(`create or replace function hortus_test_fail() returns trigger language plpgsql as $$
        begin raise exception 'test failure'; end $$`),
    );
    await db.execute(
      sql.raw(
        'create trigger hortus_test_fail before insert on users for each row execute function hortus_test_fail()',
      ),
    );
    try {
      const failed = await run(w.admin.code, w.state);
      expect(failed.statusCode).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger hortus_test_fail on users'));
    }
    expect(await snapshot(ids)).toEqual(before);
    expect((await data(w.admin.code)).kinder.find((k) => k.id === w.second)?.id_klasse).toBe(w.c2);
  });

  it('moves, keeps repeaters, lets leavers go, renews parent accounts and resets attendance', async () => {
    const w = await schoolWorld();
    const oldParent = (await data(w.admin.code)).kinder.find((k) => k.id === w.first)?.id_eltern ?? 0;
    expect(oldParent).toBeGreaterThan(0);
    const reply = await run(w.admin.code, w.state);
    expectStatus(reply, 'success', 200);
    expect(reply.body.ergebnis).toMatchObject({
      entfernt: 1,
      elternGeloescht: 1,
      anwesenheitenGeloescht: expect.any(Number),
    });
    const after = await data(w.admin.code);
    const kid = (id: number) => after.kinder.find((k) => k.id === id);
    expect(kid(w.first)?.id_klasse).toBe(w.c2);
    expect(kid(w.repeater)?.id_klasse).toBe(w.c1);
    expect(kid(w.fresh)?.id_klasse).toBe(w.cNeu);
    expect(kid(w.second)).toBeUndefined();
    // Every remaining child has a new plain parent account with a start password for the letters.
    const parents = after.eltern;
    expect(parents.find((p) => p.id === oldParent)).toBeUndefined();
    for (const id of [w.first, w.repeater, w.fresh]) {
      const parent = parents.find((p) => p.id === kid(id)?.id_eltern);
      expect(parent?.nutzer.rootPW).toBe(true);
    }
    expect(parents.find((p) => p.id === kid(w.first)?.id_eltern)?.nn).toBe(`erna.eins${w.gEdit}`);
    const letter = await server.call(childrenCalls.createElternbrief, w.admin.code, {
      eltern: [kid(w.first)?.id_eltern ?? 0],
    });
    expectStatus(letter, 'success', 200);
    const [attendance] = await server.database.db.select({ n: sql<number>`count(*)::int` }).from(childAttendance);
    expect(attendance?.n).toBe(0);
  });
});
