import { describe, expect, it } from 'vitest';
import type { GetMeineDatenReply, OwnParameter } from '@hortus/contract';
import { initialOwnValues, ownValueErrors, ownValuesChanged, ownValuesPayload } from './own-data-form';

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
};

describe('own data form', () => {
  const initial = initialOwnValues(reply);

  it('starts from the loaded values', () => {
    expect(initial).toEqual({
      '1': { wert: '0171 1', ids: [] },
      '2': { wert: '', ids: [3] },
      '4': { wert: 'Aylin', ids: [] },
    });
    expect(ownValuesChanged(parameters, initial, initial)).toBe(false);
  });

  it('detects changes of editable values only', () => {
    expect(ownValuesChanged(parameters, initial, { ...initial, '1': { wert: '0171 2', ids: [] } })).toBe(true);
    expect(ownValuesChanged(parameters, initial, { ...initial, '4': { wert: 'X', ids: [] } })).toBe(false);
    expect(ownValuesChanged(parameters, initial, { ...initial, '2': { wert: '', ids: [] } })).toBe(true);
  });

  it('validates editable values', () => {
    expect(ownValueErrors(parameters, initial)).toEqual({});
    expect(ownValueErrors(parameters, { ...initial, '1': { wert: 'abc', ids: [] } })).toEqual({
      '1': 'Enthält unerlaubte Zeichen',
    });
  });

  it('sends the editable values by type', () => {
    expect(ownValuesPayload(parameters, { ...initial, '1': { wert: '0171 2', ids: [] } })).toEqual({
      nutzerparameterwerte: { '1': '0171 2' },
      nutzerparameterwerteSelectoptionIDs: { '2': [3] },
    });
  });
});
