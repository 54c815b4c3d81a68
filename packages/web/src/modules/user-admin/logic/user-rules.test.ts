import { describe, expect, it } from 'vitest';
import { validationMessages, type AdminGroup, type AdminUser, type UserParameter } from '@hortus/contract';
import { userAdminMessages } from '@hortus/contract/modules/user-admin';
import {
  filterUsers,
  inheritedRights,
  newUser,
  parametersOfGroups,
  userFormOf,
  userFormSchema,
  userToSave,
  withGroup,
} from './user-rules';

function group(overrides: Partial<AdminGroup>): AdminGroup {
  return {
    id: 1,
    name: 'Gruppe',
    icon: 'Group',
    beschreibung: '',
    nutzerparameter: [],
    rechte: [],
    standard: false,
    forcePwReset: false,
    zweiFaktorPflicht: false,
    ...overrides,
  };
}

const groups = [
  group({ id: 1, name: 'Verwaltung', rechte: ['x|005', 'x|999'], nutzerparameter: [1, 2] }),
  group({ id: 2, name: 'Eltern', standard: true, rechte: ['x|010'], nutzerparameter: [2, 3] }),
  group({ id: 3, name: 'Team', standard: true, rechte: ['x|100'], nutzerparameter: [4] }),
];

describe('user rules', () => {
  it('checks the user by the saveNutzer rule and only the values of the parameters that apply', () => {
    const email = { id: 2, typ: 4, name: 'E-Mail', selectoptions: [] } as unknown as UserParameter;
    const schema = userFormSchema([email]);
    const messagesOf = (changes: object) => {
      const form = { ...userFormOf({ ...newUser(groups), nn: 'anna' }, [email]), ...changes };
      return Object.fromEntries(
        (schema.safeParse(form).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
      );
    };
    expect(messagesOf({})).toEqual({});
    const badMail = { werte: { p2: { wert: 'kein-mail', ids: [] } } };
    expect(messagesOf({ nn: '', gruppen: [], ...badMail })).toEqual({
      nn: validationMessages.required,
      gruppen: userAdminMessages.noGroup,
      'werte.p2': validationMessages.email,
    });
    expect(messagesOf({ nn: 'anna b' })).toEqual({ nn: validationMessages.charset });
    expect(messagesOf({ nutzerparameter: [4], ...badMail })).toEqual({});
  });

  it('sends the applying values from the form and keeps the others as loaded', () => {
    const parameters = [
      { id: 2, typ: 1 },
      { id: 3, typ: 9 },
    ] as unknown as UserParameter[];
    const user = { ...newUser(groups), nutzerparameter: [2], nutzerparameterwerte: { '2': 'alt', '9': 'fremd' } };
    const form = userFormOf(user, parameters);
    const saved = userToSave(user, { ...form, werte: { ...form.werte, p2: { wert: 'neu', ids: [] } } }, parameters);
    expect(saved.nutzerparameterwerte).toEqual({ '2': 'neu', '9': 'fremd' });
    expect(saved.nutzerparameterwerteSelectoptionIDs).toEqual({});
    expect(saved).not.toHaveProperty('werte');
  });

  it('starts a new user empty with the standard groups and their parameters', () => {
    const user = newUser(groups);
    expect(user).toMatchObject({ id: 0, nn: '', ident: '', gruppen: [2, 3], rechteSolo: [] });
    expect(user.nutzerparameter.sort()).toEqual([2, 3, 4]);
    expect(user.nutzerparameterwerte).toEqual({});
  });

  it('collects the rights and parameters of the chosen groups', () => {
    expect([...inheritedRights(groups, [1, 2])].sort()).toEqual(['x|005', 'x|010', 'x|999']);
    expect(inheritedRights(groups, []).size).toBe(0);
    expect(parametersOfGroups(groups, [1, 3])).toEqual([1, 2, 4]);
  });

  it('lets the parameters follow the groups', () => {
    const user = newUser(groups);
    const changed = withGroup(user, groups, 3, false);
    expect(changed.gruppen).toEqual([2]);
    expect(changed.nutzerparameter).toEqual([2, 3]);
    // Without the full groups the parameters stay as they are.
    expect(withGroup(user, [], 3, false).nutzerparameter).toEqual(user.nutzerparameter);
  });

  it('filters by search text and groups', () => {
    const base: Omit<AdminUser, 'id' | 'nn' | 'ident' | 'gruppen'> = {
      nutzerparameter: [],
      nutzerparameterwerte: {},
      nutzerparameterwerteSelectoptionIDs: {},
      rechteSolo: [],
      rootPW: false,
      show: true,
    };
    const users: AdminUser[] = [
      { ...base, id: 1, nn: 'leitung', ident: 'Sabine Krüger', gruppen: [1] },
      { ...base, id: 2, nn: 'eltern', ident: 'Familie Groß', gruppen: [2] },
    ];
    expect(filterUsers(users, 'krüger', null).map((user) => user.id)).toEqual([1]);
    expect(filterUsers(users, '', new Set([2])).map((user) => user.id)).toEqual([2]);
    expect(filterUsers(users, '', new Set())).toEqual([]);
    expect(filterUsers(users, '  ', null)).toHaveLength(2);
  });
});
