import { describe, expect, it } from 'vitest';
import { adminUser, type MemberDetail, type UserParameter } from '@hortus/contract';
import { initialMemberForm, memberFormChanged, memberFormErrors, memberToSave, withMemberGroup } from './member-form';

const condition = { alle: true, gruppen: [] };
const parameter = (id: number, typ: number, bearbeiten: boolean) => ({
  id,
  name: `P${id}`,
  icon: '',
  typ,
  sort: id,
  ident: false,
  selectoptions: [{ id: 90, id_nutzerparameter: id, sort: 1, wert: 'A' }] as UserParameter['selectoptions'],
  f100: { seeOnTable: false },
  bedingungen: {
    f010: { sehen: condition, bearbeiten: condition },
    f100: { sehen: condition, bearbeiten: condition },
    f200: { sehen: condition, bearbeiten: condition },
  },
  bearbeiten,
});

const detail: MemberDetail = {
  id: 7,
  nn: 'erzieher',
  ident: 'Jonas Weiß',
  gruppen: [2],
  nutzerparameter: [parameter(1, 5, true), parameter(2, 1, false), parameter(3, 9, true)],
  nutzerparameterwerte: { '1': '0351 234567', '2': 'Weiß' },
  nutzerparameterwerteSelectoptionIDs: { '3': [90] },
  gruppenBearbeiten: false,
};

describe('member form', () => {
  it('starts unchanged and valid', () => {
    const form = initialMemberForm(detail);
    expect(form.values['1']).toEqual({ wert: '0351 234567', ids: [] });
    expect(memberFormChanged(detail, form, form)).toBe(false);
    expect(memberFormErrors(detail, form)).toEqual({});
  });

  it('counts editable values and, with gruppenBearbeiten, groups as changes', () => {
    const initial = initialMemberForm(detail);
    const phone = { ...initial, values: { ...initial.values, 1: { wert: '0351 1', ids: [] } } };
    expect(memberFormChanged(detail, initial, phone)).toBe(true);
    const readOnly = { ...initial, values: { ...initial.values, 2: { wert: 'anders', ids: [] } } };
    expect(memberFormChanged(detail, initial, readOnly)).toBe(false);
    const grouped = withMemberGroup(initial, 1, true);
    expect(memberFormChanged(detail, initial, grouped)).toBe(false);
    expect(memberFormChanged({ ...detail, gruppenBearbeiten: true }, initial, grouped)).toBe(true);
  });

  it('reports invalid values and a missing group', () => {
    const initial = initialMemberForm(detail);
    const form = withMemberGroup({ ...initial, values: { ...initial.values, 1: { wert: 'abc!', ids: [] } } }, 2, false);
    const errors = memberFormErrors(detail, form);
    expect(Object.keys(errors).sort()).toEqual(['1', 'gruppen']);
  });

  it('builds the saved user: edited values where editable, loaded values elsewhere, unchanged markers', () => {
    const initial = initialMemberForm(detail);
    const form = withMemberGroup(
      {
        ...initial,
        values: {
          ...initial.values,
          1: { wert: '0351 999', ids: [] },
          2: { wert: 'x', ids: [] },
          3: { wert: '', ids: [] },
        },
      },
      1,
      true,
    );
    const user = memberToSave(detail, form);
    expect(user).toEqual({
      id: 7,
      nn: 'erzieher',
      ident: 'Jonas Weiß',
      gruppen: [2],
      nutzerparameter: [1, 2, 3],
      nutzerparameterwerte: { '1': '0351 999', '2': 'Weiß' },
      nutzerparameterwerteSelectoptionIDs: { '3': [] },
      rechteSolo: [],
      rootPW: false,
      show: true,
    });
    expect(adminUser.safeParse(user).success).toBe(true);
    expect(memberToSave({ ...detail, gruppenBearbeiten: true }, form).gruppen).toEqual([2, 1]);
  });
});
