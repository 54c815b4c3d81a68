import { describe, expect, it } from 'vitest';
import { parameterValueMessages, validationMessages, type UserParameter } from '@hortus/contract';
import { INCOMPLETE_VALUE } from '../forms/date-values';
import { parameterFieldOf, parameterMapsOf, parameterValuesOf, parameterValuesSchema } from './parameter-schema';

const parameter = (id: number, typ: number) =>
  ({ id, typ, name: `P${id}`, selectoptions: [{ id: 90, sort: 1, wert: 'A' }] }) as unknown as UserParameter;
const parameters = [parameter(1, 4), parameter(2, 7), parameter(3, 9)];

const messagesOf = (values: object) =>
  Object.fromEntries(
    (parameterValuesSchema(parameters).safeParse(values).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]),
  );

describe('parameter schema', () => {
  const valid = parameterValuesOf(parameters, { '1': 'anna@example.org', '2': '2030-03-04' }, { '3': [90] });

  it('passes a valid set', () => {
    expect(valid).toEqual({
      p1: { wert: 'anna@example.org', ids: [] },
      p2: { wert: '2030-03-04', ids: [] },
      p3: { wert: '', ids: [90] },
    });
    expect(parameterValuesSchema(parameters).parse(valid)).toEqual(valid);
  });

  it('puts the contract’s German message on a bad e-mail, date or option', () => {
    expect(
      messagesOf({
        p1: { wert: 'anna@', ids: [] },
        p2: { wert: INCOMPLETE_VALUE, ids: [] },
        p3: { wert: '', ids: [91] },
      }),
    ).toEqual({
      p1: validationMessages.email,
      p2: parameterValueMessages.date,
      p3: parameterValueMessages.option,
    });
  });

  it('leaves values of parameters it was not built for unchecked', () => {
    expect(messagesOf({ ...valid, p8: { wert: 'anna@', ids: [] } })).toEqual({});
  });

  it('writes the wire maps by type and finds the field of a server error key', () => {
    expect(parameterMapsOf(parameters, valid)).toEqual({
      nutzerparameterwerte: { '1': 'anna@example.org', '2': '2030-03-04' },
      nutzerparameterwerteSelectoptionIDs: { '3': [90] },
    });
    const fieldOf = parameterFieldOf('werte');
    expect(fieldOf('nutzerparameterwerte.3')).toBe('werte.p3');
    expect(fieldOf('nutzerparameterwerteSelectoptionIDs.12')).toBe('werte.p12');
    expect(fieldOf('nn')).toBe('nn');
  });
});
