import { describe, expect, it } from 'vitest';
import type { UserParameter } from '@hortus/contract';
import type { CustomerView } from '@hortus/contract/modules/customers';
import { customerFieldOf, customerFormSchema, customerToSave, loginValuesOf } from './login-values';

const parameter = (id: number, typ: number, bearbeiten: boolean) =>
  ({
    id,
    typ,
    name: `P${id}`,
    icon: 'Label',
    ident: false,
    sort: id,
    selectoptions: [],
    f100: { seeOnTable: false },
    bedingungen: {} as UserParameter['bedingungen'],
    bearbeiten,
  }) as UserParameter & { bearbeiten: boolean };

const customer = {
  id: 5,
  kundennummer: '10001',
  ident: '10001 Firma',
  firma: 'Firma',
  id_login: 9,
  login_ident: 'Anna',
  leitwegId: '',
  ansprechpartner: [],
  anschriften: [],
  nutzer: {
    nutzerparameter: [parameter(1, 1, true), parameter(2, 4, true), parameter(3, 1, false)],
    nutzerparameterwerte: { '1': 'Anna', '2': '', '3': 'fest' },
    nutzerparameterwerteSelectoptionIDs: {},
  },
} satisfies CustomerView;
const base = { id: 5, kundennummer: '10001', firma: 'Firma', leitwegId: '', ansprechpartner: [], anschriften: [] };

describe('customer login values (f200)', () => {
  it('sends only the editable values, and only while the stored login is chosen', () => {
    const werte = { ...loginValuesOf(customer), p1: { wert: 'Berta', ids: [] } };
    expect(customerToSave(customer, { ...base, id_login: 9, werte }).nutzer).toEqual({
      nutzerparameterwerte: { '1': 'Berta', '2': '' },
      nutzerparameterwerteSelectoptionIDs: {},
    });
    expect(customerToSave(customer, { ...base, id_login: 0, werte })).not.toHaveProperty('nutzer');
    expect(customerToSave(customer, { ...base, id_login: 11, werte })).not.toHaveProperty('nutzer');
    expect(customerToSave(null, { ...base, id: 0, id_login: 9, werte: {} })).not.toHaveProperty('nutzer');
  });

  it('checks the editable values with the platform rule and maps server errors onto them', () => {
    const schema = customerFormSchema(customer);
    const result = schema.safeParse({
      ...base,
      id_login: 9,
      werte: { ...loginValuesOf(customer), p2: { wert: 'keine-mail', ids: [] } },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['werte', 'p2']);
    expect(customerFieldOf('nutzer.nutzerparameterwerte.2')).toBe('werte.p2');
    expect(customerFieldOf('firma')).toBe('firma');
  });
});
