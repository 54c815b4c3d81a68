import { describe, expect, it } from 'vitest';
import type { AdminGroup, AdminUser } from '@hortus/contract';
import {
  canSaveUser,
  filterUsers,
  inheritedRights,
  newUser,
  parametersOfGroups,
  userFieldErrors,
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
    ...overrides,
  };
}

const groups = [
  group({ id: 1, name: 'Verwaltung', rechte: ['x|005', 'x|999'], nutzerparameter: [1, 2] }),
  group({ id: 2, name: 'Eltern', standard: true, rechte: ['x|010'], nutzerparameter: [2, 3] }),
  group({ id: 3, name: 'Team', standard: true, rechte: ['x|100'], nutzerparameter: [4] }),
];

describe('user rules', () => {
  it('enables save only with a user name without spaces and at least one group', () => {
    expect(canSaveUser({ nn: 'anna', gruppen: [1] })).toBe(true);
    expect(canSaveUser({ nn: '', gruppen: [1] })).toBe(false);
    expect(canSaveUser({ nn: '   ', gruppen: [1] })).toBe(false);
    expect(canSaveUser({ nn: 'anna b', gruppen: [1] })).toBe(false);
    expect(canSaveUser({ nn: 'anna\t', gruppen: [1] })).toBe(false);
    expect(canSaveUser({ nn: 'anna', gruppen: [] })).toBe(false);
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

  it('maps validation errors of the server to fields', () => {
    expect(
      userFieldErrors({
        'data.nn': ['Der Benutzername ist bereits vergeben.'],
        'data.nutzerparameterwerte.3': ['Ungültige E-Mail-Adresse'],
        data: ['Rechte, die Sie selbst nicht haben, können Sie nicht vergeben.'],
      }),
    ).toEqual({
      fields: { nn: 'Der Benutzername ist bereits vergeben.', p3: 'Ungültige E-Mail-Adresse' },
      general: ['Rechte, die Sie selbst nicht haben, können Sie nicht vergeben.'],
    });
  });
});
