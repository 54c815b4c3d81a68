import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childrenCalls, childrenMessages } from '@hortus/contract/modules/children';
import { dashboardCalls, type GetDashboardReply } from '@hortus/contract/modules/dashboard';
import { expectStatus, startTestServer, type TestServer } from '../../support/helper';
import { childrenKit } from '../../support/children-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { getData } = childrenCalls;
const { save, data, saved, expectInvalid, conditions, childInput, world, addChild } = childrenKit(() => server);

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
