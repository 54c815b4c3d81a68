import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECORD_ID } from '@hortus/contract';
import { childrenCalls } from '@hortus/contract/modules/children';
import { childExceptions } from '../../../src/modules/children/schema';
import { berlinNow } from '../../../src/platform/time/berlin-time';
import { expectStatus, startTestServer, type TestServer } from '../../support/helper';
import { childrenKit } from '../../support/children-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { saveTagebucheintrag } = childrenCalls;
const { save, data, saved, expectInvalid, childInput, world, addChild, childOf } = childrenKit(() => server);

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
