import { beforeEach, describe, expect, it } from 'vitest';
import type { UserParameter } from '@hortus/contract';
import type { MemberListEntry } from '@hortus/contract/modules/members';
import {
  displayValue,
  filterMembers,
  normalizeGroupFilter,
  readGroupFilter,
  readSearch,
  writeGroupFilter,
  writeSearch,
} from './member-filter';

const condition = { alle: true, gruppen: [] };
const parameter = (id: number, typ: number, selectoptions: UserParameter['selectoptions'] = []): UserParameter => ({
  id,
  name: `P${id}`,
  icon: '',
  typ,
  sort: id,
  ident: false,
  selectoptions,
  f100: { seeOnTable: true },
  bedingungen: {
    f010: { sehen: condition, bearbeiten: condition },
    f100: { sehen: condition, bearbeiten: condition },
    f200: { sehen: condition, bearbeiten: condition },
  },
});
const phone = parameter(1, 5);
const role = parameter(2, 9, [
  { id: 21, id_nutzerparameter: 2, sort: 2, wert: 'Erzieher/in' },
  { id: 20, id_nutzerparameter: 2, sort: 1, wert: 'Leitung' },
]);
const birthday = parameter(3, 7);

const member = (
  id: number,
  ident: string,
  gruppen: number[],
  extra: Partial<MemberListEntry> = {},
): MemberListEntry => ({
  id,
  ident,
  gruppen,
  nutzerparameterwerte: {},
  nutzerparameterwerteSelectoptionIDs: {},
  ...extra,
});
const members = [
  member(1, 'Sabine Krüger', [1], { nutzerparameterwerteSelectoptionIDs: { '2': [20] } }),
  member(2, 'Jonas Weiß', [2], { nutzerparameterwerte: { '1': '0351 234567', '3': '1991-11-03' } }),
  member(3, 'Aylin Öztürk', [3]),
];

describe('displayValue', () => {
  it('shows option texts for choices, German dates and plain text otherwise', () => {
    expect(displayValue(role, members[0] as MemberListEntry)).toBe('Leitung');
    expect(displayValue(role, member(9, 'x', [], { nutzerparameterwerteSelectoptionIDs: { '2': [21, 20] } }))).toBe(
      'Leitung, Erzieher/in',
    );
    expect(displayValue(birthday, members[1] as MemberListEntry)).toBe('03.11.1991');
    expect(displayValue(phone, members[1] as MemberListEntry)).toBe('0351 234567');
    expect(displayValue(phone, members[2] as MemberListEntry)).toBe('');
  });
});

describe('filterMembers', () => {
  const columns = [phone, role, birthday];

  it('sorts by name and keeps all without search and group filter', () => {
    expect(filterMembers(members, columns, '', null).map((m) => m.id)).toEqual([3, 2, 1]);
  });

  it('searches the name and the shown values, case-insensitively', () => {
    expect(filterMembers(members, columns, 'KRÜ', null).map((m) => m.id)).toEqual([1]);
    expect(filterMembers(members, columns, ' leitung ', null).map((m) => m.id)).toEqual([1]);
    expect(filterMembers(members, columns, '234567', null).map((m) => m.id)).toEqual([2]);
    expect(filterMembers(members, columns, '03.11.', null).map((m) => m.id)).toEqual([2]);
    expect(filterMembers(members, columns, 'niemand', null)).toEqual([]);
  });

  it('filters by group: none chosen shows nobody', () => {
    expect(filterMembers(members, columns, '', new Set([1, 3])).map((m) => m.id)).toEqual([3, 1]);
    expect(filterMembers(members, columns, '', new Set())).toEqual([]);
    expect(filterMembers(members, columns, 'jonas', new Set([1]))).toEqual([]);
  });
});

describe('remembered filter', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the search text under f100_filter', () => {
    expect(readSearch()).toBe('');
    writeSearch('Jonas');
    expect(localStorage.getItem('f100_filter')).toBe('Jonas');
    expect(readSearch()).toBe('Jonas');
  });

  it('keeps the groups under f100_filterGroups as JSON of ids', () => {
    expect(readGroupFilter()).toBeNull();
    writeGroupFilter(new Set([2, 3]), [1, 2, 3]);
    expect(JSON.parse(localStorage.getItem('f100_filterGroups') ?? '')).toEqual([2, 3]);
    expect(readGroupFilter()).toEqual(new Set([2, 3]));
    writeGroupFilter(new Set(), [1, 2, 3]);
    expect(readGroupFilter()).toEqual(new Set());
    writeGroupFilter(null, [1, 2, 3]);
    expect(normalizeGroupFilter(readGroupFilter(), [1, 2, 3])).toBeNull();
  });

  it('treats a damaged value as all groups', () => {
    localStorage.setItem('f100_filterGroups', '{kaputt');
    expect(readGroupFilter()).toBeNull();
    localStorage.setItem('f100_filterGroups', '{"a":1}');
    expect(readGroupFilter()).toBeNull();
  });

  it('reads a stored list naming every known group as all', () => {
    expect(normalizeGroupFilter(new Set([1, 2]), [1, 2])).toBeNull();
    expect(normalizeGroupFilter(new Set([1]), [1, 2])).toEqual(new Set([1]));
    expect(normalizeGroupFilter(new Set([1]), [])).toEqual(new Set([1]));
  });
});
