import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  childrenCalls,
  statisticsCalls,
  type ChildrenData,
  type ChildrenSave,
  type ClassConditions,
  type W2Reply,
} from '@hortus/contract/modules/children';
import { createGroup } from '../../../src/seed/factories';
import { berlinNow } from '../../../src/platform/time/berlin-time';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';

/** Record access (docs/architecture.md "Record access"): one rule per resource, in every reply part. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { getSettings, getData, getKind, createElternbrief, w2 } = childrenCalls;

async function saved(code: string, dataToSave: ChildrenSave | Record<string, unknown>): Promise<Reply> {
  const reply = await server.call(getSettings, code, { dataToSave });
  expectStatus(reply, 'success', 200);
  return reply;
}
const only = (group: number): ClassConditions => ({
  f200: { sehen: { alle: false, gruppen: [group] }, bearbeiten: { alle: false, gruppen: [group] } },
});

/**
 * Class A is seen and edited by group A, class B by group B. The staff member of group A holds every
 * right of module 200 but the settings; "Geheim" is the hidden child of class B, "Offen" the child of A.
 */
async function world() {
  const db = server.database.db;
  const [gA, gB, gParents] = (await Promise.all([createGroup(db), createGroup(db), createGroup(db)])) as [
    number,
    number,
    number,
  ];
  const rights = ['x|200|000|000', 'x|200|000|010', 'x|200|100', 'x|200|200', 'x|000|000'];
  const admin = await server.userWithSession({ groupIds: [gA, gB], rechteSolo: [...rights, 'x|200|set'] });
  const staff = await server.userWithSession({ groupIds: [gA], rechteSolo: rights });
  await saved(admin.code, {
    type: 'klassen',
    data: {
      klassen: [
        { id: 0, name: `A${gA}`, bedingungen: only(gA as number) },
        { id: 0, name: `B${gA}`, bedingungen: only(gB as number) },
      ],
    },
  });
  const first = (await server.call(getData, admin.code)).body.save as ChildrenData;
  await saved(admin.code, { type: 'settings', data: { ...first.settings, id_nutzergruppe_eltern: gParents } });
  const classA = first.klassen.find((k) => k.name === `A${gA}`)?.id as number;
  const classB = first.klassen.find((k) => k.name === `B${gA}`)?.id as number;
  const { day } = berlinNow();
  const child = async (klasse: number, vorname: string, extra: Record<string, unknown> = {}) => {
    const reply = await saved(admin.code, {
      type: 'editKind',
      data: {
        kind: {
          id: 0,
          vorname,
          nachname: `Kind${gA}`,
          id_klasse: klasse,
          betreuungsplatz: '11:30',
          standardentlasszeit: '15:00',
        },
        ausnahmen: [{ id: 0, tag: day, anwesend: false, entlasszeit: '00:00', kommentar: 'krank' }],
        ...extra,
      },
    });
    return (reply.body.save as ChildrenData).kinder.find((k) => k.vorname === vorname)?.id as number;
  };
  const hidden = await child(classB, 'Geheim');
  const hiddenToo = await child(classB, 'Geheimer');
  const visible = await child(classA, 'Offen', { geschwister: [hidden] });
  // Attendance today for both (statistics' day list and the reply's anwesenheiten).
  expectStatus(
    await server.call(statisticsCalls.saveAnwesenheit, admin.code, {
      tag: day,
      liste: [
        { id_kind: hidden, anwesend: true, von: '08:00' },
        { id_kind: visible, anwesend: true, von: '08:00' },
      ],
    }),
    'success',
    200,
  );
  const parent = async (nn: string, kids: number[]) => {
    const reply = await saved(admin.code, {
      type: 'editEltern',
      data: { eltern: { id: 0, nn, vorname: 'Eltern', nachname: nn, ids_kinder: kids } },
    });
    return (reply.body.save as ChildrenData).eltern.find((p) => p.nn === nn)?.id as number;
  };
  const onlyHidden = await parent(`nurgeheim${gA}`, [hidden]);
  const both = await parent(`beide${gA}`, [hiddenToo, visible]);
  return { admin, staff, gA, classA, classB, hidden, hiddenToo, visible, onlyHidden, both, day };
}

describe('record access: children of a class the user may not see', () => {
  it('appear in no reply of that user: settings, data, child, widget 2, statistics, parent lists', async () => {
    const w = await world();
    const replies = await Promise.all([
      server.call(getSettings, w.staff.code),
      server.call(getData, w.staff.code),
      server.call(getKind, w.staff.code, { id: w.visible }),
      server.call(w2, w.staff.code, { tag: w.day }),
      server.call(statisticsCalls.saveAnwesenheit, w.staff.code, { tag: w.day }),
    ]);
    for (const reply of replies) {
      expectStatus(reply, 'success', 200);
      expect(reply.raw).toContain('Offen');
      expect(reply.raw).not.toContain('Geheim');
    }
    const save = replies[0]?.body.save as ChildrenData;
    expect(save.kinder.map((k) => k.id)).toEqual([w.visible]);
    expect(save.eltern.map((p) => p.id)).toEqual([w.both]);
    expect(save.eltern[0]?.kinder.map((k) => k.id)).toEqual([w.visible]);
    expect(save.eltern[0]?.ids_kinder).toEqual([w.visible]);
    expect(save.kinder[0]?.geschwister).toEqual([]);
    expect((replies[2]?.body.kind as { geschwister: number[] }).geschwister).toEqual([]);
    expect((replies[3]?.body as W2Reply).ausnahmen.map((a) => a.id_kind)).toEqual([w.visible]);
    expectStatus(await server.call(getKind, w.staff.code, { id: w.hidden }), 'notFound', 404);
    // The administrator sees both (the filter is the caller's, not the data's).
    const all = (await server.call(getData, w.admin.code)).body.save as ChildrenData;
    expect(
      all.eltern
        .find((p) => p.id === w.both)
        ?.kinder.map((k) => k.id)
        .sort(),
    ).toEqual([w.hiddenToo, w.visible].sort());
  });

  it('keeps the hidden sibling when the user saves the child it cannot see it from', async () => {
    const w = await world();
    await saved(w.staff.code, {
      type: 'editKind',
      data: {
        kind: {
          id: w.visible,
          vorname: 'Offen',
          nachname: `Kind${w.gA}`,
          id_klasse: w.classA,
          betreuungsplatz: '11:30',
          standardentlasszeit: '15:00',
        },
        geschwister: [],
      },
    });
    const kind = (await server.call(getKind, w.admin.code, { id: w.visible })).body.kind as { geschwister: number[] };
    expect(kind.geschwister).toEqual([w.hidden]);
    const sent = await server.call(getSettings, w.staff.code, {
      dataToSave: {
        type: 'editKind',
        data: {
          kind: {
            id: w.visible,
            vorname: 'Offen',
            nachname: `Kind${w.gA}`,
            id_klasse: w.classA,
            betreuungsplatz: '11:30',
            standardentlasszeit: '15:00',
          },
          geschwister: [w.hidden],
        },
      },
    });
    expectStatus(sent, 'validationError', 400);
  });
});

describe('record access: parent accounts of hidden children', () => {
  it('cannot be deleted, reset, edited or lettered by that user; all-children edit right needed', async () => {
    const w = await world();
    const settings = (await server.call(getSettings, w.staff.code)) as Reply;
    expectStatus(settings, 'success', 200);
    for (const [id, status, code] of [
      [w.onlyHidden, 'notFound', 404],
      [w.both, 'noRight', 403],
    ] as const) {
      expectStatus(
        await server.call(getSettings, w.staff.code, {
          dataToSave: { type: 'delEltern', data: { eltern: { id } } },
        }),
        status,
        code,
      );
      expectStatus(
        await server.call(getSettings, w.staff.code, { dataToSave: { type: 'resetElternPW', data: { id } } }),
        status,
        code,
      );
      expectStatus(
        await server.call(getSettings, w.staff.code, {
          dataToSave: { type: 'editEltern', data: { eltern: { id, nn: `neu${id}`, ids_kinder: [] } } },
        }),
        status,
        code,
      );
      expectStatus(await server.call(createElternbrief, w.staff.code, { eltern: [id] }), status, code);
    }
    // Nothing changed: both accounts are there with their children.
    const all = (await server.call(getData, w.admin.code)).body.save as ChildrenData;
    expect(all.eltern.find((p) => p.id === w.onlyHidden)?.ids_kinder).toEqual([w.hidden]);
    expect(all.eltern.find((p) => p.id === w.both)?.ids_kinder.length).toBe(2);
    // Who edits every child of an account may change it.
    const reset = await server.call(getSettings, w.admin.code, {
      dataToSave: { type: 'resetElternPW', data: { id: w.both } },
    });
    expectStatus(reset, 'success', 200);
  });
});

describe('record access: the settings right of module 200 reads settings, not children', () => {
  it('x|200|set alone sees classes and settings but no child, parent or attendance', async () => {
    const w = await world();
    const setOnly = await server.userWithSession({ groupIds: [], rechteSolo: ['x|200|set', 'x|000|000'] });
    // Class A is seen by everybody: the settings right still sees none of its children.
    const save0 = (await server.call(getData, w.admin.code)).body.save as ChildrenData;
    const klasseA = save0.klassen.find((k) => k.id === w.classA);
    await saved(w.admin.code, {
      type: 'klassen',
      data: {
        klassen: [
          {
            id: w.classA,
            name: klasseA?.name ?? '',
            bedingungen: { f200: { sehen: { alle: true, gruppen: [] }, bearbeiten: { alle: true, gruppen: [] } } },
          },
        ],
      },
    });
    for (const reply of [await server.call(getSettings, setOnly.code), await server.call(getData, setOnly.code)]) {
      expectStatus(reply, 'success', 200);
      expect(reply.raw).not.toContain('Offen');
      expect(reply.raw).not.toContain('Geheim');
    }
    // Widget 2 is offered only to users with a class to see (issue 33): the settings right gets none.
    const widget = await server.call(w2, setOnly.code, { tag: w.day });
    expectStatus(widget, 'noRight', 403);
    expect(widget.raw).not.toContain('Offen');
    const save = (await server.call(getSettings, setOnly.code)).body.save as ChildrenData;
    expect(save.kinder).toEqual([]);
    expect(save.anwesenheiten).toEqual([]);
    expect(save.eltern).toEqual([]);
    expect(save.klassen.map((k) => k.id)).toEqual(expect.arrayContaining([w.classA, w.classB]));
    expectStatus(await server.call(getKind, setOnly.code, { id: w.visible }), 'noRight', 403);
  });
});
