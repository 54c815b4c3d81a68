import { describe, expect, it } from 'vitest';
import type { GetMeineDatenReply, OwnParameter } from '@hortus/contract/modules/profile';
import { initialOwnData, languageOptions, ownDataSchema, ownValuesPayload } from './own-data-form';

const condition = { sehen: { alle: true, gruppen: [] }, bearbeiten: { alle: true, gruppen: [] } };
const base = {
  icon: 'Badge',
  sort: 1,
  ident: false,
  selectoptions: [{ id: 3, id_nutzerparameter: 2, sort: 1, wert: 'Leitung' }],
  f100: { seeOnTable: false },
  bedingungen: { f010: condition, f100: condition, f200: condition },
};
const parameters: OwnParameter[] = [
  { ...base, id: 1, name: 'Telefon', typ: 5, bearbeiten: true },
  { ...base, id: 2, name: 'Funktion', typ: 10, bearbeiten: true },
  { ...base, id: 4, name: 'Vorname', typ: 1, bearbeiten: false },
];
const reply: GetMeineDatenReply = {
  status: 'success',
  nn: 'eltern',
  nutzerparameter: parameters,
  nutzerparameterwerte: { '1': '0171 1', '4': 'Aylin' },
  nutzerparameterwerteSelectoptionIDs: { '2': [3] },
  bevorzugteSprache: null,
  ruhezeiten: null,
};

describe('own data form', () => {
  const initial = initialOwnData(reply);

  it('starts from the loaded values', () => {
    expect(initial.werte).toEqual({
      p1: { wert: '0171 1', ids: [] },
      p2: { wert: '', ids: [3] },
      p4: { wert: 'Aylin', ids: [] },
    });
    expect(initial.bevorzugteSprache).toBe('de');
    expect(initialOwnData({ ...reply, bevorzugteSprache: 'tr' }).bevorzugteSprache).toBe('tr');
  });

  it('checks the editable values only', () => {
    const schema = ownDataSchema(parameters);
    expect(schema.safeParse(initial).success).toBe(true);
    const issues = schema.safeParse({ ...initial, werte: { ...initial.werte, p1: { wert: 'abc', ids: [] } } }).error
      ?.issues;
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['werte.p1', 'Enthält unerlaubte Zeichen'],
    ]);
    expect(
      schema.safeParse({ ...initial, werte: { ...initial.werte, p4: { wert: '<>\u0000', ids: [] } } }).success,
    ).toBe(true);
    expect(schema.safeParse({ ...initial, bevorzugteSprache: 'xx' }).error?.issues[0]?.message).toBe(
      'Bitte eine der angebotenen Sprachen wählen.',
    );
  });

  it('sends the editable values by type and the preferred language', () => {
    expect(
      ownValuesPayload(parameters, {
        werte: { ...initial.werte, p1: { wert: '0171 2', ids: [] } },
        bevorzugteSprache: 'uk',
        ruhezeitenAn: false,
        ruhezeiten: { von: '20:00', bis: '07:00' },
      }),
    ).toEqual({
      nutzerparameterwerte: { '1': '0171 2' },
      nutzerparameterwerteSelectoptionIDs: { '2': [3] },
      bevorzugteSprache: 'uk',
      ruhezeiten: null,
    });
  });

  it('quiet hours: off without times sent, on with the contract’s rule on the times', () => {
    expect(initial.ruhezeitenAn).toBe(false);
    expect(initial.ruhezeiten).toEqual({ von: '20:00', bis: '07:00' });
    expect(initialOwnData({ ...reply, ruhezeiten: { von: '21:30', bis: '06:00' } })).toMatchObject({
      ruhezeitenAn: true,
      ruhezeiten: { von: '21:30', bis: '06:00' },
    });
    const schema = ownDataSchema(parameters);
    // Off: whatever the times say, nothing is checked.
    expect(schema.safeParse({ ...initial, ruhezeiten: { von: '', bis: '' } }).success).toBe(true);
    const same = schema.safeParse({ ...initial, ruhezeitenAn: true, ruhezeiten: { von: '08:00', bis: '08:00' } });
    expect(same.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['ruhezeiten.bis', 'Beginn und Ende der Ruhezeit müssen sich unterscheiden.'],
    ]);
    expect(
      schema.safeParse({ ...initial, ruhezeitenAn: true, ruhezeiten: { von: '', bis: '07:00' } }).error?.issues[0]
        ?.path,
    ).toEqual(['ruhezeiten', 'von']);
    expect(
      ownValuesPayload(parameters, { ...initial, ruhezeitenAn: true, ruhezeiten: { von: '22:00', bis: '06:30' } })
        .ruhezeiten,
    ).toEqual({ von: '22:00', bis: '06:30' });
  });

  it("offers German first, then the translation's languages", () => {
    expect(languageOptions[0]).toEqual({ value: 'de', label: 'Deutsch' });
    expect(languageOptions.map((option) => option.value)).toEqual(expect.arrayContaining(['en', 'tr', 'ar', 'uk']));
  });
});
