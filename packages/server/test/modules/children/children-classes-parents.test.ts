import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { platformCalls, MAX_RECORD_ID, fieldMessages, protokollMessages } from '@hortus/contract';
import {
  childrenCalls,
  childrenMessages,
  type ChildView,
  type ChildrenData,
  type ChildrenSave,
  type ClassConditions,
  type EditChildInput,
  type W2Reply,
} from '@hortus/contract/modules/children';
import { dashboardCalls, type GetDashboardReply } from '@hortus/contract/modules/dashboard';
import { createGroup, createParameter } from '../../../src/seed/factories';
import { childAttendance, childDiary, childExceptions, children } from '../../../src/modules/children/schema';
import { files, protokoll } from '../../../src/platform/db/schema';
import { queryRows } from '../../../src/platform/db/raw';
import { applyAttendanceRetention, keptFrom } from '../../../src/modules/children/retention';
import { berlinNow } from '../../../src/platform/time/berlin-time';
import { missingChildren, notifyMissing } from '../../../src/modules/children/missing';
import { expectStatus, startTestServer, toReply, type Reply, type TestServer } from '../../support/helper';
import { pageTexts } from '../../support/pdf-reader';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { getSettings, getData, saveTagebucheintrag, createElternbrief, w2 } = childrenCalls;
const allRights = ['x|200|000|010', 'x|200|100', 'x|200|200', 'x|200|set', 'x|000|000'];

function save(code: string, dataToSave: ChildrenSave | Record<string, unknown>): Promise<Reply> {
  return server.call(getSettings, code, { dataToSave });
}
async function data(code: string): Promise<ChildrenData> {
  const reply = await server.call(getSettings, code);
  expectStatus(reply, 'success', 200);
  return reply.body.save as ChildrenData;
}
async function saved(code: string, dataToSave: ChildrenSave | Record<string, unknown>): Promise<Reply> {
  const reply = await save(code, dataToSave);
  expectStatus(reply, 'success', 200);
  return reply;
}
function expectInvalid(reply: Reply, field: string): void {
  expectStatus(reply, 'validationError', 400);
  expect(Object.keys(reply.body.errors as object)).toContain(field);
}
const only = (...gruppen: number[]) => ({ alle: false, gruppen });
const conditions = (see: number[], edit: number[]): ClassConditions => ({
  f200: { sehen: only(...see), bearbeiten: only(...edit) },
});
function childInput(klasse: number, extra: Partial<EditChildInput['kind']> = {}): EditChildInput {
  return {
    kind: {
      id: 0,
      vorname: 'Mia',
      nachname: 'Müller',
      id_klasse: klasse,
      betreuungsplatz: '11:30',
      standardentlasszeit: '15:00',
      ...extra,
    },
  };
}

/** Every text or JSON column (table.column) of the database that holds one of the words anywhere. */
async function tracesOf(...words: string[]): Promise<string[]> {
  const db = server.database.db;
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb', 'json')`,
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const matches = words.map((word) => sql`${sql.identifier(column_name)}::text ilike ${`%${word}%`}`);
    const hits = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.join(matches, sql` or `)}`,
    );
    if (Number(hits[0]?.n ?? 0) > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

/** Groups: editors edit class A and see B; viewers see A only; outsiders see nothing. */
async function world() {
  const db = server.database.db;
  const [gEdit, gView, gParents, gOther] = await Promise.all([
    createGroup(db),
    createGroup(db),
    createGroup(db),
    createGroup(db),
  ]);
  const admin = await server.userWithSession({
    groupIds: [gEdit as number],
    rechteSolo: ['x|200|000|000', ...allRights],
  });
  const viewer = await server.userWithSession({
    groupIds: [gView as number],
    rechteSolo: ['x|200|000|000', 'x|000|000'],
  });
  const outsider = await server.userWithSession({
    rechteSolo: ['x|200|000|000', 'x|200|000|010', 'x|200|100', 'x|000|000'],
  });
  const bEditor = await server.userWithSession({
    groupIds: [gOther as number],
    rechteSolo: ['x|200|000|000', 'x|200|000|010'],
  });
  const staffNoParents = await server.userWithSession({ groupIds: [gEdit as number], rechteSolo: ['x|200|000|000'] });
  await saved(admin.code, {
    type: 'klassen',
    data: {
      klassen: [
        { id: 0, name: `A${gEdit}`, bedingungen: conditions([gView as number], [gEdit as number]) },
        { id: 0, name: `B${gEdit}`, bedingungen: conditions([gEdit as number], [gOther as number]) },
      ],
    },
  });
  const klassen = (await data(admin.code)).klassen;
  const classA = klassen.find((k) => k.name === `A${gEdit}`)?.id as number;
  const classB = klassen.find((k) => k.name === `B${gEdit}`)?.id as number;
  return {
    bEditor,
    gEdit: gEdit as number,
    gView: gView as number,
    gParents: gParents as number,
    admin,
    viewer,
    outsider,
    staffNoParents,
    classA,
    classB,
  };
}

async function addChild(
  code: string,
  klasse: number,
  extra: Partial<EditChildInput['kind']> = {},
  more: Partial<EditChildInput> = {},
) {
  const before = new Set((await data(code)).kinder.map((k) => k.id));
  await saved(code, { type: 'editKind', data: { ...childInput(klasse, extra), ...more } });
  const child = (await data(code)).kinder.find((k) => !before.has(k.id));
  if (!child) throw new Error('child not created');
  return (await childOf(code, child.id)) as ChildView;
}
/** A child with its details, as the edit dialog loads it (getKind). */
async function childOf(code: string, id: number): Promise<ChildView | undefined> {
  const reply = await server.call(childrenCalls.getKind, code, { id });
  expectStatus(reply, 'success', 200);
  return reply.body.kind as ChildView;
}

describe('200 classes and visibility', () => {
  it('lists only children of classes the user may see; settings holders manage every class', async () => {
    const w = await world();
    const a = await addChild(w.admin.code, w.classA);
    await saved(w.bEditor.code, { type: 'editKind', data: childInput(w.classB, { vorname: 'Ben' }) });
    const viewerData = await data(w.viewer.code);
    expect(viewerData.kinder.map((k) => k.id)).toContain(a.id);
    expect(viewerData.kinder.every((k) => k.id_klasse === w.classA)).toBe(true);
    expect(viewerData.kinder.find((k) => k.id === a.id)?.allowEdit).toBe(false);
    expect(viewerData.eltern).toEqual([]);
    expect(viewerData.gruppen).toEqual([]);
    const outsiderData = await data(w.outsider.code);
    expect(outsiderData.kinder.filter((k) => k.id_klasse === w.classA || k.id_klasse === w.classB)).toEqual([]);
    const adminData = await data(w.admin.code);
    expect(adminData.kinder.find((k) => k.id === a.id)?.allowEdit).toBe(true);
    expect(adminData.klassen.map((k) => k.id)).toEqual(expect.arrayContaining([w.classA, w.classB]));
    const getDataReply = await server.call(getData, w.viewer.code);
    expectStatus(getDataReply, 'success', 200);
  });

  it("takes classes sent with an empty id (the spec client's form) as new classes", async () => {
    const w = await world();
    await saved(w.admin.code, {
      type: 'klassen',
      data: {
        klassen: [
          { id: '', name: `C${w.gEdit}`, bedingungen: conditions([w.gView], [w.gEdit]) },
          { id: '', name: `D${w.gEdit}`, bedingungen: conditions([w.gView], [w.gEdit]) },
        ],
      },
    });
    const added = (await data(w.admin.code)).klassen.filter(
      (k) => k.name === `C${w.gEdit}` || k.name === `D${w.gEdit}`,
    );
    expect(added).toHaveLength(2);
    expect(added.every((k) => k.id > 0 && k.id !== w.classA && k.id !== w.classB)).toBe(true);
    expect(new Set(added.map((k) => k.id)).size).toBe(2);
  });

  it('refuses class names against the rules, classes with children on delete, and needs x|200|set', async () => {
    const w = await world();
    expectInvalid(
      await save(w.admin.code, {
        type: 'klassen',
        data: { klassen: [{ id: 0, name: '', bedingungen: conditions([], []) }] },
      }),
      'dataToSave.data.klassen.0.name',
    );
    expectInvalid(
      await save(w.admin.code, {
        type: 'klassen',
        data: { klassen: [{ id: 0, name: 'x'.repeat(26), bedingungen: conditions([], []) }] },
      }),
      'dataToSave.data.klassen.0.name',
    );
    await addChild(w.admin.code, w.classA);
    const refused = await save(w.admin.code, { type: 'klassen', data: { klassen: [], geloescht: [w.classA] } });
    expectInvalid(refused, 'dataToSave.data.geloescht.0');
    expect((refused.body.errors as Record<string, string[]>)['dataToSave.data.geloescht.0']).toEqual([
      childrenMessages.classHasChildren,
    ]);
    expectStatus(await save(w.viewer.code, { type: 'klassen', data: { klassen: [] } }), 'noRight', 403);
    // An empty class can go.
    await saved(w.admin.code, { type: 'klassen', data: { klassen: [], geloescht: [w.classB] } });
    expect((await data(w.admin.code)).klassen.map((k) => k.id)).not.toContain(w.classB);
  });

  it('fills the dashboard messages filter with the classes', async () => {
    const w = await world();
    const reply = await server.call(dashboardCalls.getSettings, w.admin.code);
    const settings = (reply.body.save as GetDashboardReply['save']).settings;
    expect(settings.w1_200_Klassen.map((k) => k.id)).toEqual(expect.arrayContaining([w.classA, w.classB]));
  });
});

describe('200 children', () => {
  it('creates, changes and deletes children only with the rights of their class', async () => {
    const w = await world();
    const child = await addChild(
      w.admin.code,
      w.classA,
      {},
      { telefonnummern: [{ id: 0, name: 'Mutter', nummer: '0171 1234567' }] },
    );
    expect(child.telefonnummern.map((p) => p.nummer)).toEqual(['0171 1234567']);
    const edit = { ...childInput(w.classA, { id: child.id, vorname: 'Lea' }) };
    expectStatus(await save(w.viewer.code, { type: 'editKind', data: edit }), 'noRight', 403);
    expectStatus(await save(w.outsider.code, { type: 'editKind', data: edit }), 'notFound', 404);
    // Moving into a class the editor cannot edit is refused.
    expectStatus(
      await save(w.admin.code, { type: 'editKind', data: childInput(w.classB, { id: child.id }) }),
      'noRight',
      403,
    );
    // Without x|200|000|010 no new child.
    expectStatus(await save(w.staffNoParents.code, { type: 'editKind', data: childInput(w.classA) }), 'noRight', 403);
    await saved(w.admin.code, { type: 'editKind', data: edit });
    expect((await childOf(w.admin.code, child.id))?.vorname).toBe('Lea');
    expectStatus(await save(w.staffNoParents.code, { type: 'delKind', data: { id: child.id } }), 'noRight', 403);
    expectStatus(await save(w.outsider.code, { type: 'delKind', data: { id: child.id } }), 'notFound', 404);
    expectStatus(await save(w.admin.code, { type: 'delKind', data: { id: MAX_RECORD_ID } }), 'notFound', 404);
    await saved(w.admin.code, { type: 'delKind', data: { id: child.id } });
    expect((await data(w.admin.code)).kinder.find((k) => k.id === child.id)).toBeUndefined();
    expectStatus(await server.call(childrenCalls.getKind, w.admin.code, { id: child.id }), 'notFound', 404);
  });

  it('answers bad input with German messages and writes nothing', async () => {
    const w = await world();
    const before = (await data(w.admin.code)).kinder.length;
    expectInvalid(
      await save(w.admin.code, { type: 'editKind', data: childInput(w.classA, { vorname: '' }) }),
      'dataToSave.data.kind.vorname',
    );
    expectInvalid(
      await save(w.admin.code, { type: 'editKind', data: childInput(0) }),
      'dataToSave.data.kind.id_klasse',
    );
    const badPhone = await save(w.admin.code, {
      type: 'editKind',
      data: { ...childInput(w.classA), telefonnummern: [{ id: 0, name: 'Oma', nummer: 'abc<>' }] },
    });
    expectInvalid(badPhone, 'dataToSave.data.telefonnummern.0.nummer');
    const twoMondays = await save(w.admin.code, {
      type: 'editKind',
      data: childInput(w.classA, {
        regelausnahmen: [
          { id: 0, wochentag: 1, anwesend: true, entlasszeit: '14:00', kommentar: '' },
          { id: 0, wochentag: 1, anwesend: true, entlasszeit: '13:00', kommentar: '' },
        ],
      }),
    });
    expectInvalid(twoMondays, 'dataToSave.data.kind.regelausnahmen.1.wochentag');
    expectInvalid(
      await save(w.admin.code, {
        type: 'editKind',
        data: childInput(w.classA, {
          regelausnahmen: [{ id: 0, wochentag: 2, anwesend: true, entlasszeit: '14:00', kommentar: 'x'.repeat(26) }],
        }),
      }),
      'dataToSave.data.kind.regelausnahmen.0.kommentar',
    );
    expect((await data(w.admin.code)).kinder.length).toBe(before);
  });

  it('keeps parents’ exceptions out of staff hands and refuses exceptions of another child', async () => {
    const w = await world();
    const { day } = berlinNow();
    const child = await addChild(w.admin.code, w.classA);
    const other = await addChild(
      w.admin.code,
      w.classA,
      { vorname: 'Ben' },
      {
        ausnahmen: [{ id: 0, tag: day, anwesend: false, entlasszeit: '00:00', kommentar: 'krank' }],
      },
    );
    const [parentMade] = await server.database.db
      .insert(childExceptions)
      .values({ childId: child.id, day, present: false, releaseTime: '00:00', comment: 'krank', byParent: true })
      .returning();
    const loaded = await childOf(w.admin.code, child.id);
    expect(loaded?.ausnahmen[0]?.elternErstellt).toBe(true);
    expect(loaded?.ausnahmen[0]?.elternErstellt_zeit).toMatch(/^\d\d:\d\d$/);
    const change = await save(w.admin.code, {
      type: 'editKind',
      data: {
        ...childInput(w.classA, { id: child.id }),
        ausnahmen: [{ id: parentMade?.id ?? 0, tag: day, anwesend: true, entlasszeit: '14:00', kommentar: '' }],
      },
    });
    expectStatus(change, 'noRight', 403);
    const otherException = other.ausnahmen[0]?.id ?? 0;
    const steal = await save(w.admin.code, {
      type: 'editKind',
      data: {
        ...childInput(w.classA, { id: child.id }),
        ausnahmen: [{ id: otherException, tag: day, anwesend: true, entlasszeit: '14:00', kommentar: '' }],
      },
    });
    expectStatus(steal, 'notFound', 404);
    // Saving without the parent's exception keeps it.
    await saved(w.admin.code, { type: 'editKind', data: childInput(w.classA, { id: child.id }) });
    expect((await childOf(w.admin.code, child.id))?.ausnahmen.map((a) => a.id)).toEqual([parentMade?.id]);
    // A staff exception of the day beats the parent's.
    await saved(w.admin.code, {
      type: 'editKind',
      data: {
        ...childInput(w.classA, { id: child.id }),
        ausnahmen: [{ id: 0, tag: day, anwesend: true, entlasszeit: '13:00', kommentar: 'doch da' }],
      },
    });
    const after = await childOf(w.admin.code, child.id);
    expect(after?.anwesend).toBe(true);
    expect(after?.anwesendHeuteBis).toBe('13:00');
  });
});

describe('200 attendance today', () => {
  it('checks in, releases with the day’s reason, undoes the release and clears the day', async () => {
    const w = await world();
    const { weekday } = berlinNow();
    const child = await addChild(w.admin.code, w.classA, {
      regelausnahmen: [{ id: 0, wochentag: weekday, anwesend: true, entlasszeit: '14:15', kommentar: 'Musik' }],
    });
    expect(child.entlassgrund).toBe('Regelausnahme');
    expect(child.anwesendHeuteBis).toBe('14:15');
    const status = (data: Record<string, unknown>) => ({
      type: 'anwesenheitsstatus' as const,
      data: { id_kind: child.id, ...data },
    });
    expectStatus(await save(w.viewer.code, status({ neuStatus: 1 })), 'noRight', 403);
    expectStatus(await save(w.outsider.code, status({ neuStatus: 1 })), 'notFound', 404);
    expectInvalid(await save(w.admin.code, status({ neuStatus: 2 })), 'dataToSave.data.neuStatus');
    await saved(w.admin.code, status({ neuStatus: 1, neuZeit_von: '08:00' }));
    let now = await childOf(w.admin.code, child.id);
    expect(now?.anwesenheitsstatus).toBe(1);
    expect(now?.anwesenheitHeute?.zeit_von).toBe('08:00');
    await saved(w.admin.code, status({ neuStatus: 2, neuZeit_bis: '14:15' }));
    now = await childOf(w.admin.code, child.id);
    expect(now?.anwesenheitsstatus).toBe(2);
    expect(now?.anwesenheitHeute?.entlassgrund).toBe('Regelausnahme: Musik');
    await saved(w.admin.code, status({ neuStatus: 0, nurEntlassenRueckgaengig: true }));
    now = await childOf(w.admin.code, child.id);
    expect(now?.anwesenheitsstatus).toBe(1);
    expect(now?.anwesenheitHeute?.zeit_von).toBe('08:00');
    expectInvalid(
      await save(w.admin.code, status({ neuStatus: 0, nurEntlassenRueckgaengig: true })),
      'dataToSave.data.neuStatus',
    );
    await saved(w.admin.code, status({ neuStatus: 0 }));
    now = await childOf(w.admin.code, child.id);
    expect(now?.anwesenheitsstatus).toBe(0);
    expect(now?.anwesenheitHeute).toBeNull();
    expectInvalid(
      await save(w.admin.code, status({ neuStatus: 1, neuZeit_von: '25:00' })),
      'dataToSave.data.neuZeit_von',
    );
  });

  it('refuses check-in of a child not expected today and a new exception today once released', async () => {
    const w = await world();
    const { day } = berlinNow();
    const away = await addChild(
      w.admin.code,
      w.classA,
      {},
      {
        ausnahmen: [{ id: 0, tag: day, anwesend: false, entlasszeit: '00:00', kommentar: 'krank' }],
      },
    );
    expect(away.anwesend).toBe(false);
    const refused = await save(w.admin.code, { type: 'anwesenheitsstatus', data: { id_kind: away.id, neuStatus: 1 } });
    expectInvalid(refused, 'dataToSave.data.neuStatus');
    const here = await addChild(w.admin.code, w.classA, { vorname: 'Paul' });
    await saved(w.admin.code, { type: 'anwesenheitsstatus', data: { id_kind: here.id, neuStatus: 1 } });
    await saved(w.admin.code, { type: 'anwesenheitsstatus', data: { id_kind: here.id, neuStatus: 2 } });
    const late = await save(w.admin.code, {
      type: 'editKind',
      data: {
        ...childInput(w.classA, { id: here.id, vorname: 'Paul' }),
        ausnahmen: [{ id: 0, tag: day, anwesend: true, entlasszeit: '13:00', kommentar: '' }],
      },
    });
    expectInvalid(late, 'dataToSave.data.ausnahmen.0.tag');
  });
});

describe('200 child details (getKind)', () => {
  it('loads one child with its details for those who see its class; the list load stays slim', async () => {
    const w = await world();
    const { day } = berlinNow();
    const child = await addChild(
      w.admin.code,
      w.classA,
      {},
      {
        telefonnummern: [{ id: 0, name: 'Mutter', nummer: '0171 1234567' }],
        ausnahmen: [
          { id: 0, tag: day, anwesend: false, entlasszeit: '00:00', kommentar: 'heute' },
          { id: 0, tag: '2099-01-05', anwesend: false, entlasszeit: '00:00', kommentar: 'später' },
        ],
      },
    );
    await server.call(saveTagebucheintrag, w.admin.code, { idKind: child.id, tag: day, text: 'Gut gespielt.' });
    const listed = (await data(w.admin.code)).kinder.find((k) => k.id === child.id);
    expect(listed?.telefonnummern).toEqual([]);
    expect(listed?.tagebucheintraege).toEqual({});
    expect(listed?.ausnahmen.map((a) => a.kommentar)).toEqual(['heute']);
    expect(listed?.anwesend).toBe(false);
    const details = await childOf(w.viewer.code, child.id);
    expect(details?.telefonnummern.map((p) => p.nummer)).toEqual(['0171 1234567']);
    expect(details?.tagebucheintraege).toEqual({ [day]: 'Gut gespielt.' });
    expect(details?.ausnahmen.map((a) => a.kommentar)).toEqual(['heute', 'später']);
    expect(details?.allowEdit).toBe(false);
    expect((await childOf(w.admin.code, child.id))?.allowEdit).toBe(true);
    // Another class's child is unknown to those who do not see it; bad ids get German messages.
    expectStatus(await server.call(childrenCalls.getKind, w.outsider.code, { id: child.id }), 'notFound', 404);
    expectStatus(await server.call(childrenCalls.getKind, w.admin.code, { id: MAX_RECORD_ID }), 'notFound', 404);
    expectInvalid(await server.call(childrenCalls.getKind, w.admin.code, { id: 'x' }), 'id');
    const noModule = await server.userWithSession({ rechteSolo: ['x|000|000'] });
    expectStatus(await server.call(childrenCalls.getKind, noModule.code, { id: child.id }), 'noRight', 403);
  });
});

describe('200 diary', () => {
  it('saves a day’s entry for editors only', async () => {
    const w = await world();
    const child = await addChild(w.admin.code, w.classA);
    const ok = await server.call(saveTagebucheintrag, w.admin.code, {
      idKind: child.id,
      tag: '2026-03-02',
      text: 'Gut gespielt.',
    });
    expectStatus(ok, 'success', 200);
    expect(ok.body.tagebucheintraege).toEqual({ '2026-03-02': 'Gut gespielt.' });
    expectStatus(
      await server.call(saveTagebucheintrag, w.viewer.code, { idKind: child.id, tag: '2026-03-02', text: 'x' }),
      'noRight',
      403,
    );
    expectStatus(
      await server.call(saveTagebucheintrag, w.outsider.code, { idKind: child.id, tag: '2026-03-02', text: 'x' }),
      'notFound',
      404,
    );
    expectInvalid(
      await server.call(saveTagebucheintrag, w.admin.code, { idKind: child.id, tag: '02.03.2026', text: 'x' }),
      'tag',
    );
    const cleared = await server.call(saveTagebucheintrag, w.admin.code, {
      idKind: child.id,
      tag: '2026-03-02',
      text: '',
    });
    expect(cleared.body.tagebucheintraege).toEqual({});
  });
});

/** The tables whose rows hold `secret` in their text anywhere (a password kept in clear). */
async function storedAnywhere(secret: string): Promise<string[]> {
  const db = server.database.db;
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const rows = await queryRows(
      db,
      sql`select 1 from ${sql.identifier(name)} t where t::text like ${`%${secret}%`} limit 1`,
    );
    if (rows.length > 0) found.push(name);
  }
  return found;
}

describe('200 parent accounts', () => {
  it('creates, resets and deletes parent accounts, prints letters, and never touches other accounts', async () => {
    const w = await world();
    const settings = (await data(w.admin.code)).settings;
    const noGroup = await save(w.admin.code, {
      type: 'editEltern',
      data: { eltern: { id: 0, nn: 'mama1', ids_kinder: [] } },
    });
    expectInvalid(noGroup, 'dataToSave.data.eltern.nn');
    await saved(w.admin.code, { type: 'settings', data: { ...settings, id_nutzergruppe_eltern: w.gParents } });
    const child = await addChild(w.admin.code, w.classA);
    const nn = `mama${w.gParents}`;
    const created = await saved(w.admin.code, {
      type: 'editEltern',
      data: { eltern: { id: 0, nn, vorname: 'Anna', nachname: 'Müller', ids_kinder: [child.id] } },
    });
    const password = created.body.neuPW as string;
    expect(password.length).toBeGreaterThanOrEqual(8);
    const parent = (created.body.save as ChildrenData).eltern.find((p) => p.nn === nn);
    expect(parent?.anzahlKinder).toBe(1);
    expect(parent?.name).toBe('Anna Müller');
    expect((await childOf(w.admin.code, child.id))?.id_eltern).toBe(parent?.id);
    expect((await server.post(platformCalls.login.url, { nn, pw: password })).body.status).toBe('passwortWaehlen');
    expectInvalid(
      await save(w.admin.code, { type: 'editEltern', data: { eltern: { id: 0, nn, ids_kinder: [] } } }),
      'dataToSave.data.eltern.nn',
    );
    // Without x|200|100, and for children of classes one cannot edit.
    expectStatus(
      await save(w.viewer.code, { type: 'editEltern', data: { eltern: { id: 0, nn: 'papa', ids_kinder: [] } } }),
      'noRight',
      403,
    );
    expectStatus(
      await save(w.outsider.code, {
        type: 'editEltern',
        data: { eltern: { id: 0, nn: `papa${w.gParents}`, ids_kinder: [child.id] } },
      }),
      'notFound',
      404,
    );
    // Staff accounts are no parent accounts.
    expectStatus(await save(w.admin.code, { type: 'resetElternPW', data: { id: w.viewer.id } }), 'notFound', 404);
    expectStatus(
      await save(w.admin.code, { type: 'delEltern', data: { eltern: { id: w.viewer.id } } }),
      'notFound',
      404,
    );

    // A letter prints a fresh start password: the one answered at creation stops working.
    const letterText = async (code: string, file: unknown) => {
      const download = await server.app.inject({
        method: 'POST',
        url: '/_api/data/download.php',
        payload: { code, file },
      });
      expect(download.statusCode).toBe(200);
      return (await pageTexts(new Uint8Array(download.rawPayload))).join(' ');
    };
    const letter = await server.call(createElternbrief, w.admin.code, { eltern: [parent?.id ?? 0] });
    expectStatus(letter, 'success', 200);
    expect(letter.body.name).toBe(`Zugangsdaten_${nn}.pdf`);
    const text = await letterText(w.admin.code, letter.body.file);
    expect(text).toContain(nn);
    expect(text).not.toContain(password);
    const printed = /Startpasswort\s+([A-Za-z2-9]{12})/.exec(text)?.[1] ?? '';
    expect(printed).toMatch(/^[A-Za-z2-9]{12}$/);
    expect((await server.post(platformCalls.login.url, { nn, pw: password })).body.status).toBe('invalid');
    expect((await server.post(platformCalls.login.url, { nn, pw: printed })).body.status).toBe('passwortWaehlen');
    expectStatus(await server.call(createElternbrief, w.viewer.code, { eltern: [parent?.id ?? 0] }), 'noRight', 403);
    expectStatus(await server.call(createElternbrief, w.admin.code, { eltern: [w.viewer.id] }), 'notFound', 404);

    const reset = await saved(w.admin.code, { type: 'resetElternPW', data: { id: parent?.id ?? 0 } });
    const newPassword = reset.body.neuPW as string;
    expect(newPassword).not.toBe(printed);
    expect((await server.post(platformCalls.login.url, { nn, pw: printed })).body.status).toBe('invalid');
    // No start password is stored anywhere in the database (only its hash).
    for (const secret of [password, printed, newPassword]) expect(await storedAnywhere(secret)).toEqual([]);
    // The parent logs in with the start password once, choosing an own one.
    const parentCode = await server.firstLogin(nn, newPassword, 'Eigenes#Passwort-2026');
    const before = await server.login(nn, 'Eigenes#Passwort-2026');
    expectStatus(await server.call(platformCalls.getSettings, before), 'success');
    // Once the parent chose a password, a letter prints none and leaves the own password working.
    const later = await server.call(createElternbrief, w.admin.code, { eltern: [parent?.id ?? 0] });
    expectStatus(later, 'success', 200);
    const laterText = await letterText(w.admin.code, later.body.file);
    expect(laterText).toContain(nn);
    expect(laterText).toContain(childrenMessages.passwordChanged);
    expectStatus(await server.call(platformCalls.getSettings, before), 'success');

    const deleted = await saved(w.admin.code, { type: 'delEltern', data: { eltern: { id: parent?.id ?? 0 } } });
    expect(deleted.body.kindUpdated).toBe(true);
    // Deleting the account ends its session at once.
    expectStatus(await server.call(platformCalls.getSettings, parentCode), 'accessError', 401);
    // The list load reads parent links fresh (its children come from memory).
    expect((deleted.body.save as ChildrenData).kinder.find((k) => k.id === child.id)?.id_elternkonto).toBe(0);
    expect((deleted.body.save as ChildrenData).eltern.find((p) => p.nn === nn)).toBeUndefined();
    const [row] = await server.database.db.select().from(children).where(eq(children.id, child.id));
    expect(row?.parentUserId).toBeNull();
    // Erasure (Art. 17 DSGVO): the account's name is nowhere any more, its logins and history included;
    // one Protokoll entry without details says it was deleted.
    expect(await tracesOf(nn)).toEqual([]);
    const history = await server.database.db
      .select()
      .from(protokoll)
      .where(and(eq(protokoll.objektTyp, 'Benutzer'), eq(protokoll.objektId, String(parent?.id ?? 0))));
    expect(history).toEqual([
      expect.objectContaining({ modul: '005', aktion: protokollMessages.erased, nutzerId: w.admin.id, details: [] }),
    ]);
  });
});

describe('200 parent parameters (f200)', () => {
  it('shows and saves the parent group’s parameters by condition f200, refusing others and bad values', async () => {
    const w = await world();
    const db = server.database.db;
    const everyone = { alle: true, gruppen: [] };
    const nobody = { alle: false, gruppen: [] };
    const area = { sehen: everyone, bearbeiten: everyone };
    const editable = await createParameter(db, {
      name: 'Allergien',
      bedingungen: { f010: area, f100: area, f200: { sehen: everyone, bearbeiten: only(w.gEdit) } },
    });
    const choice = await createParameter(db, {
      typ: 9,
      options: ['Bus', 'zu Fuß'],
      bedingungen: { f010: area, f100: area, f200: { sehen: everyone, bearbeiten: only(w.gEdit) } },
    });
    const readOnly = await createParameter(db, {
      bedingungen: { f010: area, f100: area, f200: { sehen: everyone, bearbeiten: nobody } },
    });
    const hidden = await createParameter(db, {
      bedingungen: { f010: area, f100: area, f200: { sehen: nobody, bearbeiten: nobody } },
    });
    const group = await createGroup(db, { parameterIds: [editable.id, choice.id, readOnly.id, hidden.id] });
    const settings = (await data(w.admin.code)).settings;
    await saved(w.admin.code, { type: 'settings', data: { ...settings, id_nutzergruppe_eltern: group } });
    const nn = `papa${group}`;
    await saved(w.admin.code, {
      type: 'editEltern',
      data: {
        eltern: {
          id: 0,
          nn,
          nutzerparameterwerte: { [editable.id]: 'Nüsse' },
          nutzerparameterwerteSelectoptionIDs: { [choice.id]: [choice.optionIds[1] ?? 0] },
        },
      },
    });
    const parent = (await data(w.admin.code)).eltern.find((p) => p.nn === nn);
    expect(parent?.nutzer.nutzerparameter.map((p) => [p.id, p.bearbeiten])).toEqual(
      expect.arrayContaining([
        [editable.id, true],
        [choice.id, true],
        [readOnly.id, false],
      ]),
    );
    expect(parent?.nutzer.nutzerparameter.some((p) => p.id === hidden.id)).toBe(false);
    expect(parent?.nutzer.nutzerparameterwerte[String(editable.id)]).toBe('Nüsse');
    expect(parent?.nutzer.nutzerparameterwerteSelectoptionIDs[String(choice.id)]).toEqual([choice.optionIds[1]]);
    const id = parent?.id ?? 0;
    const edit = (extra: Record<string, unknown>) =>
      save(w.admin.code, { type: 'editEltern', data: { eltern: { id, nn, ...extra } } });
    expectStatus(await edit({ nutzerparameterwerte: { [readOnly.id]: 'x' } }), 'noRight', 403);
    expectInvalid(
      await edit({ nutzerparameterwerte: { [hidden.id]: 'x' } }),
      `dataToSave.data.eltern.nutzerparameterwerte.${hidden.id}`,
    );
    expectInvalid(
      await edit({ nutzerparameterwerteSelectoptionIDs: { [choice.id]: [MAX_RECORD_ID] } }),
      `dataToSave.data.eltern.nutzerparameterwerteSelectoptionIDs.${choice.id}`,
    );
    const after = (await data(w.admin.code)).eltern.find((p) => p.id === id);
    expect(after?.nutzer.nutzerparameterwerte[String(editable.id)]).toBe('Nüsse');
    expect(after?.nutzer.nutzerparameterwerte[String(readOnly.id)]).toBe('');
    await saved(w.admin.code, { type: 'settings', data: settings });
  });
});

describe('200 widget 2', () => {
  it('lists the day’s exceptions of visible classes, recurring ones flagged', async () => {
    const w = await world();
    const { day, weekday } = berlinNow();
    const child = await addChild(
      w.admin.code,
      w.classA,
      {},
      {
        ausnahmen: [{ id: 0, tag: day, anwesend: false, entlasszeit: '00:00', kommentar: 'krank' }],
      },
    );
    const rule = await addChild(w.bEditor.code, w.classB, {
      vorname: 'Ben',
      regelausnahmen: [{ id: 0, wochentag: weekday, anwesend: true, entlasszeit: '14:00', kommentar: 'Sport' }],
    });
    const mine = await server.call(w2, w.admin.code, { tag: day });
    expectStatus(mine, 'success', 200);
    const list = (mine.body as W2Reply).ausnahmen;
    expect(list.find((e) => e.id_kind === child.id)).toMatchObject({
      anwesend: 0,
      kommentar: 'krank',
      regelausnahme: false,
    });
    expect(list.find((e) => e.id_kind === rule.id)).toMatchObject({
      anwesend: 1,
      entlasszeit: '14:00',
      regelausnahme: true,
    });
    const viewerList = (await server.call(w2, w.viewer.code, { tag: day })).body as W2Reply;
    expect(viewerList.ausnahmen.some((e) => e.id_kind === rule.id)).toBe(false);
    expect(viewerList.ausnahmen.some((e) => e.id_kind === child.id)).toBe(true);
    // Someone with no class to see is not offered the widget at all (issue 33), so sees none of these children.
    expectStatus(await server.call(w2, w.outsider.code, { tag: day }), 'noRight', 403);
    const noDashboard = await server.userWithSession({ groupIds: [w.gEdit], rechteSolo: ['x|200|000|000'] });
    expectStatus(await server.call(w2, noDashboard.code, { tag: day }), 'noRight', 403);
    expectInvalid(await server.call(w2, w.admin.code, { tag: 'gestern' }), 'tag');
  });
});

describe('200 Noch nicht da', () => {
  it('finds expected children whose care slot began and notifies once per child and day', async () => {
    const w = await world();
    const day = '2026-03-04'; // a Wednesday
    const now = Date.UTC(2026, 2, 4, 11, 0); // 12:00 in Berlin
    const expected = await addChild(w.admin.code, w.classA, { vorname: 'Erwartet', betreuungsplatz: '11:30' });
    const away = await addChild(
      w.admin.code,
      w.classA,
      { vorname: 'Krank' },
      {
        ausnahmen: [{ id: 0, tag: day, anwesend: false, entlasszeit: '00:00', kommentar: 'krank' }],
      },
    );
    const later = await addChild(w.admin.code, w.classA, { vorname: 'Später', betreuungsplatz: '13:00' });
    const ids = (await missingChildren(server.database.db, day, 3, '12:00')).map((child) => child.id);
    expect(ids).toContain(expected.id);
    expect(ids).not.toContain(away.id);
    expect(ids).not.toContain(later.id);
    expect(await notifyMissing(server.database.db, now)).toBeGreaterThan(0);
    expect(await notifyMissing(server.database.db, now)).toBe(0);
    // Saturdays are no Hort days.
    expect(await notifyMissing(server.database.db, Date.UTC(2026, 2, 7, 11, 0))).toBe(0);
  });
});

describe('200 documents', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)]);
  function upload(code: string, idKind: number, bytes: Buffer, filename = 'Attest.pdf'): Promise<Reply> {
    return uploadTo(childrenCalls.uploadDokument.url, 'idKind', code, idKind, bytes, filename);
  }
  async function uploadTo(
    url: string,
    idField: string,
    code: string,
    id: number,
    bytes: Buffer,
    filename = 'Attest.pdf',
  ): Promise<Reply> {
    const boundary = `----hortus${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="code"\r\n\r\n${code}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${idField}"\r\n\r\n${id}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    return toReply(response);
  }
  const download = (code: string, file: string) =>
    server.app.inject({ method: 'POST', url: '/_api/data/download.php', payload: { code, file } });

  it('stores PDFs and images by content for editors, lets viewers of the class fetch them, deletes them', async () => {
    const w = await world();
    const child = await addChild(w.admin.code, w.classA);
    const refused = await upload(w.admin.code, child.id, exe, 'Attest.pdf');
    expectInvalid(refused, 'file');
    expectStatus(await upload(w.viewer.code, child.id, pdf), 'noRight', 403);
    expectStatus(await upload(w.outsider.code, child.id, pdf), 'notFound', 404);
    const stored = await upload(w.admin.code, child.id, pdf);
    expectStatus(stored, 'success', 200);
    const dokument = stored.body.dokument as { id: number; pfad: string; name: string };
    expect(dokument.name).toBe('Attest.pdf');
    expect((await childOf(w.admin.code, child.id))?.dokumente.map((d) => d.id)).toEqual([dokument.id]);
    expect((await download(w.viewer.code, dokument.pfad)).statusCode).toBe(200);
    expect((await download(w.outsider.code, dokument.pfad)).statusCode).not.toBe(200);
    expectStatus(await server.call(childrenCalls.deleteDokument, w.viewer.code, { id: dokument.id }), 'noRight', 403);
    expectStatus(
      await server.call(childrenCalls.deleteDokument, w.outsider.code, { id: dokument.id }),
      'notFound',
      404,
    );
    expectStatus(await server.call(childrenCalls.deleteDokument, w.admin.code, { id: dokument.id }), 'success', 200);
    expect((await childOf(w.admin.code, child.id))?.dokumente).toEqual([]);
    expect((await download(w.admin.code, dokument.pfad)).statusCode).not.toBe(200);
  });

  it('attaches PDFs and images to staff exceptions for editors, never to parents’ exceptions, and deletes them', async () => {
    const w = await world();
    const { day } = berlinNow();
    const child = await addChild(
      w.admin.code,
      w.classA,
      {},
      { ausnahmen: [{ id: 0, tag: day, anwesend: false, entlasszeit: '00:00', kommentar: 'Arzt' }] },
    );
    const exceptionId = child.ausnahmen[0]?.id ?? 0;
    const [parentMade] = await server.database.db
      .insert(childExceptions)
      .values({ childId: child.id, day, present: false, releaseTime: '00:00', comment: 'krank', byParent: true })
      .returning();
    const attach = (code: string, id: number, bytes: Buffer, name?: string) =>
      uploadTo(childrenCalls.uploadAnhang.url, 'idAusnahme', code, id, bytes, name);
    expectInvalid(await attach(w.admin.code, exceptionId, exe), 'file');
    expectStatus(await attach(w.viewer.code, exceptionId, pdf), 'noRight', 403);
    expectStatus(await attach(w.outsider.code, exceptionId, pdf), 'notFound', 404);
    expectStatus(await attach(w.admin.code, parentMade?.id ?? 0, pdf), 'noRight', 403);
    expectStatus(await attach(w.admin.code, MAX_RECORD_ID, pdf), 'notFound', 404);
    const stored = await attach(w.admin.code, exceptionId, pdf, 'Attest Arzt.pdf');
    expectStatus(stored, 'success', 200);
    const anhang = stored.body.anhang as { pfad: string; name: string };
    expect(anhang.name).toBe('Attest Arzt.pdf');
    const loaded = await childOf(w.admin.code, child.id);
    expect(loaded?.ausnahmen.find((a) => a.id === exceptionId)?.anhaenge).toEqual([anhang]);
    expect((await download(w.viewer.code, anhang.pfad)).statusCode).toBe(200);
    expect((await download(w.outsider.code, anhang.pfad)).statusCode).not.toBe(200);
    const remove = (code: string, idAusnahme: number, pfad: string) =>
      server.call(childrenCalls.deleteAnhang, code, { idAusnahme, pfad });
    expectStatus(await remove(w.viewer.code, exceptionId, anhang.pfad), 'noRight', 403);
    expectStatus(await remove(w.outsider.code, exceptionId, anhang.pfad), 'notFound', 404);
    expectStatus(await remove(w.admin.code, exceptionId, 'f200/0/nichts.pdf'), 'notFound', 404);
    expectInvalid(await remove(w.admin.code, exceptionId, ''), 'pfad');
    expectStatus(await remove(w.admin.code, exceptionId, anhang.pfad), 'success', 200);
    expect((await childOf(w.admin.code, child.id))?.ausnahmen.find((a) => a.id === exceptionId)?.anhaenge).toEqual([]);
    expect((await download(w.admin.code, anhang.pfad)).statusCode).not.toBe(200);
    // Dropping the exception in editKind removes its attachments' files too.
    const again = (await attach(w.admin.code, exceptionId, pdf)).body.anhang as { pfad: string };
    await saved(w.admin.code, { type: 'editKind', data: childInput(w.classA, { id: child.id }) });
    expect((await download(w.admin.code, again.pfad)).statusCode).not.toBe(200);
  });

  it('erases a deleted child: no trace of its name in any table, no file left in the store (Art. 17 DSGVO)', async () => {
    const w = await world();
    const db = server.database.db;
    const { day } = berlinNow();
    const [vorname, nachname] = ['Zoraida', 'Quendelmeier'];
    const child = await addChild(
      w.admin.code,
      w.classA,
      { vorname, nachname },
      {
        telefonnummern: [{ id: 0, name: `Mutter ${nachname}`, nummer: '0171 1234567' }],
        abholberechtigte: [{ id: 0, name: `Oma ${nachname}`, beziehung: 'Oma' }],
        ausnahmen: [{ id: 0, tag: day, anwesend: false, entlasszeit: '00:00', kommentar: `Arzt ${vorname}` }],
      },
    );
    const sibling = await addChild(w.admin.code, w.classA, {}, { geschwister: [child.id] });
    await db.insert(childDiary).values({ childId: child.id, day, text: `${vorname} hat gemalt` });
    await db
      .insert(childAttendance)
      .values({ childId: child.id, day: '2026-01-05', timeFrom: '11:30', timeTo: '15:00' });
    expectStatus(await upload(w.admin.code, child.id, pdf, `Attest ${nachname}.pdf`), 'success', 200);
    const exceptionId = child.ausnahmen[0]?.id ?? 0;
    expectStatus(
      await uploadTo(childrenCalls.uploadAnhang.url, 'idAusnahme', w.admin.code, exceptionId, pdf, `${vorname}.pdf`),
      'success',
      200,
    );
    const stored = await db
      .select({ id: files.id, storageName: files.storageName })
      .from(files)
      .where(sql`${files.originalName} ilike ${`%${vorname}%`} or ${files.originalName} ilike ${`%${nachname}%`}`);
    expect(stored).toHaveLength(2);
    // Before: the name is in the child's row, its parts, its files and its Protokoll history.
    expect(await tracesOf(vorname, nachname)).toEqual(
      expect.arrayContaining(['children.vorname', 'files.original_name', 'protokoll.details']),
    );

    await saved(w.admin.code, { type: 'delKind', data: { id: child.id } });

    expect(await tracesOf(vorname, nachname)).toEqual([]);
    for (const file of stored) expect(await server.context.fileStore.has(db, file.storageName)).toBe(false);
    // The attendance stays for the statistics' counts: class only, no name.
    const kept = await db.select().from(childAttendance).where(eq(childAttendance.day, '2026-01-05'));
    expect(kept.filter((row) => row.deletedClassId === w.classA)).toEqual([
      expect.objectContaining({ childId: null, deletedVorname: null, deletedNachname: null }),
    ]);
    // The Protokoll keeps one entry without details: deleted, by whom; the sibling's entries stay.
    const history = await db
      .select()
      .from(protokoll)
      .where(and(eq(protokoll.objektTyp, 'Kind'), eq(protokoll.objektId, String(child.id))));
    expect(history).toEqual([
      expect.objectContaining({ aktion: protokollMessages.erased, nutzerId: w.admin.id, details: [] }),
    ]);
    const siblingHistory = await db
      .select()
      .from(protokoll)
      .where(and(eq(protokoll.objektTyp, 'Kind'), eq(protokoll.objektId, String(sibling.id))));
    expect(siblingHistory.length).toBeGreaterThan(0);
    // Outside the erasure, the Protokoll's guard still refuses deletes.
    await expect(db.delete(protokoll).where(eq(protokoll.objektId, String(sibling.id)))).rejects.toThrow();
  });
});

describe('200 settings', () => {
  it('saves the general settings for x|200|set only, refusing bad values with German messages', async () => {
    const w = await world();
    const settings = (await data(w.admin.code)).settings;
    expectStatus(await save(w.viewer.code, { type: 'settings', data: settings }), 'noRight', 403);
    expectInvalid(
      await save(w.admin.code, {
        type: 'settings',
        data: { ...settings, eltern_elternbriefLogindaten_appurl: 'javascript:alert(1)' },
      }),
      'dataToSave.data.eltern_elternbriefLogindaten_appurl',
    );
    expectInvalid(
      await save(w.admin.code, { type: 'settings', data: { ...settings, id_nutzergruppe_eltern: MAX_RECORD_ID } }),
      'dataToSave.data.id_nutzergruppe_eltern',
    );
    expectInvalid(
      await save(w.admin.code, {
        type: 'settings',
        data: {
          ...settings,
          moeglicheEntlasszeiten: ['14:00'],
          moeglicheEntlasszeiten_bedingungen: {
            '14:00': { aktiv: true, klassen: [], datumVon: 'ungültig', datumBis: '', ausnahmen: [] },
          },
        },
      }),
      'dataToSave.data.moeglicheEntlasszeiten_bedingungen.14:00.datumVon',
    );
    // A condition whose 'von' lies after its 'bis' could never apply: refused on its 'bis', nothing saved.
    const backwards = await save(w.admin.code, {
      type: 'settings',
      data: {
        ...settings,
        standardentlasszeit: '16:30',
        moeglicheEntlasszeiten: ['14:00'],
        moeglicheEntlasszeiten_bedingungen: {
          '14:00': { aktiv: true, klassen: [], datumVon: '2026-08-10', datumBis: '2026-08-09', ausnahmen: [] },
        },
      },
    });
    expectInvalid(backwards, 'dataToSave.data.moeglicheEntlasszeiten_bedingungen.14:00.datumBis');
    expect(
      (backwards.body.errors as Record<string, string[]>)[
        'dataToSave.data.moeglicheEntlasszeiten_bedingungen.14:00.datumBis'
      ],
    ).toEqual([fieldMessages.dayRange]);
    expect((await data(w.admin.code)).settings.standardentlasszeit).toBe(settings.standardentlasszeit);
    await saved(w.admin.code, {
      type: 'settings',
      data: { ...settings, moeglicheEntlasszeiten: ['15:00', '13:00', '15:00'], standardentlasszeit: '16:00' },
    });
    const after = (await data(w.admin.code)).settings;
    expect(after.moeglicheEntlasszeiten).toEqual(['13:00', '15:00']);
    expect(after.standardentlasszeit).toBe('16:00');
    // Exception days of a release-time condition ('Allgemein'): kept as sent, bad days refused.
    const withDays = {
      ...settings,
      moeglicheEntlasszeiten: ['14:00'],
      moeglicheEntlasszeiten_bedingungen: {
        '14:00': {
          aktiv: true,
          klassen: [],
          datumVon: '',
          datumBis: '',
          ausnahmen: [{ tag: '2026-12-23' }, { tag: '2026-12-24' }],
        },
      },
    };
    expectInvalid(
      await save(w.admin.code, {
        type: 'settings',
        data: {
          ...withDays,
          moeglicheEntlasszeiten_bedingungen: {
            '14:00': { ...withDays.moeglicheEntlasszeiten_bedingungen['14:00'], ausnahmen: [{ tag: '24.12.2026' }] },
          },
        },
      }),
      'dataToSave.data.moeglicheEntlasszeiten_bedingungen.14:00.ausnahmen.0.tag',
    );
    await saved(w.admin.code, { type: 'settings', data: withDays });
    expect((await data(w.admin.code)).settings.moeglicheEntlasszeiten_bedingungen['14:00']?.ausnahmen).toEqual([
      { tag: '2026-12-23' },
      { tag: '2026-12-24' },
    ]);
    await saved(w.admin.code, { type: 'settings', data: settings });
  });
});

describe('200 Datenschutz: attendance retention', () => {
  it('keeps whole months back from today, clamped to the month’s end', () => {
    expect(keptFrom('2026-11-27', 12)).toBe('2025-11-27');
    expect(keptFrom('2026-03-31', 1)).toBe('2026-02-28');
    expect(keptFrom('2026-01-15', 24)).toBe('2024-01-15');
  });

  it('deletes attendance past its retention and takes leavers’ names once their months are past', async () => {
    const w = await world();
    const db = server.database.db;
    const child = await addChild(w.admin.code, w.classA);
    const row = (day: string, extra: Partial<typeof childAttendance.$inferInsert> = {}) => ({
      childId: child.id,
      day,
      timeFrom: '11:30',
      timeTo: '15:00',
      ...extra,
    });
    const leaver = {
      childId: null,
      deletedVorname: 'Ida',
      deletedNachname: 'Alt',
      deletedClass: 'A',
      deletedClassId: w.classA,
    };
    // 'Today' is 2001-06-15: nothing else in this database is that old.
    const inserted = await db
      .insert(childAttendance)
      .values([
        row('1999-06-01'),
        row('2001-05-02'),
        { ...row('2000-01-10'), ...leaver },
        { ...row('2000-09-10'), ...leaver },
        { ...row('2001-04-10'), ...leaver },
      ])
      .returning({ id: childAttendance.id, day: childAttendance.day });
    const now = Date.UTC(2001, 5, 15, 10, 0);
    expect(await applyAttendanceRetention(db, { anwesenheitMonate: 12, ausgetreteneMonate: 3 }, now)).toEqual({
      geloescht: 2,
      anonymisiert: 1,
    });
    const left = await db
      .select()
      .from(childAttendance)
      .where(
        inArray(
          childAttendance.id,
          inserted.map((r) => r.id),
        ),
      );
    expect(left.map((r) => [r.day, r.deletedNachname]).sort()).toEqual([
      ['2000-09-10', null],
      ['2001-04-10', 'Alt'],
      ['2001-05-02', null],
    ]);
    // The anonymised row keeps its class for the counts; a second run changes nothing.
    expect(left.find((r) => r.day === '2000-09-10')).toMatchObject({ deletedVorname: null, deletedClassId: w.classA });
    expect(await applyAttendanceRetention(db, { anwesenheitMonate: 12, ausgetreteneMonate: 3 }, now)).toEqual({
      geloescht: 0,
      anonymisiert: 0,
    });
  });
});
