import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childrenCalls, type W2Reply } from '@hortus/contract/modules/children';
import { berlinNow } from '../../../src/platform/time/berlin-time';
import { missingChildren, notifyMissing } from '../../../src/modules/children/missing';
import { expectStatus, startTestServer, type TestServer } from '../../support/helper';
import { childrenKit } from '../../support/children-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { w2 } = childrenCalls;
const { save, saved, expectInvalid, childInput, world, addChild, childOf } = childrenKit(() => server);

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
