import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECORD_ID, fieldMessages } from '@hortus/contract';
import { expectStatus, startTestServer, type TestServer } from '../../support/helper';
import { childrenKit } from '../../support/children-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { save, data, saved, expectInvalid, world } = childrenKit(() => server);

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
