import { describe, expect, it } from 'vitest';
import { adminUser, type UserParameter } from '@hortus/contract';
import type { MemberDetail } from '@hortus/contract/modules/members';
import { userAdminMessages } from '@hortus/contract/modules/user-admin';
import { initialMemberForm, memberFormSchema, memberToSave, withGroupId } from './member-form';

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

const messagesOf = (form: unknown) =>
  Object.fromEntries(
    (memberFormSchema(detail).safeParse(form).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]),
  );

describe('member form', () => {
  it('starts from the loaded values and is valid', () => {
    const form = initialMemberForm(detail);
    expect(form.werte.p1).toEqual({ wert: '0351 234567', ids: [] });
    expect(messagesOf(form)).toEqual({});
  });

  it('reports invalid editable values and a missing group in German', () => {
    const initial = initialMemberForm(detail);
    const form = {
      gruppen: withGroupId(initial.gruppen, 2, false),
      werte: { ...initial.werte, p1: { wert: 'abc!', ids: [] } },
    };
    expect(messagesOf(form)).toEqual({
      gruppen: userAdminMessages.noGroup,
      'werte.p1': 'Enthält unerlaubte Zeichen',
    });
  });

  it('builds the saved user: edited values where editable, loaded values elsewhere, unchanged markers', () => {
    const initial = initialMemberForm(detail);
    const form = {
      gruppen: withGroupId(initial.gruppen, 1, true),
      werte: {
        ...initial.werte,
        p1: { wert: '0351 999', ids: [] },
        p2: { wert: 'x', ids: [] },
        p3: { wert: '', ids: [] },
      },
    };
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
