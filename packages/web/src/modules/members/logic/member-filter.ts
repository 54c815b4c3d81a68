import { parameterType, usesIds, type UserParameter } from '@hortus/contract';
import { membersStorageKeys, type MemberListEntry } from '@hortus/contract/modules/members';
import { readStorage, writeStorage } from '../../../platform/session/storage';

/** The chosen groups of the filter; null means all groups (no group filter). */
export type GroupFilter = ReadonlySet<number> | null;

/** The text shown for one parameter value: option texts for choices, German dates, else the text. */
export function displayValue(
  parameter: Pick<UserParameter, 'id' | 'typ' | 'selectoptions'>,
  entry: Pick<MemberListEntry, 'nutzerparameterwerte' | 'nutzerparameterwerteSelectoptionIDs'>,
): string {
  const key = String(parameter.id);
  if (usesIds(parameter.typ)) {
    const ids = entry.nutzerparameterwerteSelectoptionIDs[key] ?? [];
    if (parameter.typ !== parameterType.singleChoice && parameter.typ !== parameterType.multipleChoice) {
      return ids.join(', ');
    }
    const options = [...parameter.selectoptions].sort((a, b) => a.sort - b.sort || a.id - b.id);
    return options
      .filter((option) => ids.includes(option.id))
      .map((option) => option.wert)
      .join(', ');
  }
  const wert = entry.nutzerparameterwerte[key] ?? '';
  const date = parameter.typ === parameterType.date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(wert) : null;
  return date ? `${date[3]}.${date[2]}.${date[1]}` : wert;
}

/**
 * Search (case-insensitive, in the name and the shown column values) and group filter (a member
 * shows if one of its groups is chosen); sorted by name.
 */
export function filterMembers(
  members: readonly MemberListEntry[],
  columns: readonly Pick<UserParameter, 'id' | 'typ' | 'selectoptions'>[],
  search: string,
  groups: GroupFilter,
): MemberListEntry[] {
  const needle = search.trim().toLocaleLowerCase('de');
  return members
    .filter((member) => {
      if (groups !== null && !member.gruppen.some((id) => groups.has(id))) return false;
      if (needle === '') return true;
      const text = [member.ident, ...columns.map((column) => displayValue(column, member))].join(' ');
      return text.toLocaleLowerCase('de').includes(needle);
    })
    .sort((a, b) => a.ident.localeCompare(b.ident, 'de') || a.id - b.id);
}

/** The remembered search text (f100_filter). */
export function readSearch(): string {
  return readStorage(membersStorageKeys.filter) ?? '';
}

export function writeSearch(search: string): void {
  writeStorage(membersStorageKeys.filter, search);
}

/** The remembered group filter (f100_filterGroups: JSON of the chosen group ids; missing or damaged: all). */
export function readGroupFilter(): GroupFilter {
  const text = readStorage(membersStorageKeys.filterGroups);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return null;
    return new Set(value.filter((id): id is number => typeof id === 'number' && Number.isInteger(id)));
  } catch {
    return null;
  }
}

/** 'All' is stored as the ids of all groups known now, so the key always holds a JSON list of ids. */
export function writeGroupFilter(groups: GroupFilter, allGroupIds: readonly number[]): void {
  writeStorage(membersStorageKeys.filterGroups, JSON.stringify(groups === null ? [...allGroupIds] : [...groups]));
}

/** A stored list that names every known group means 'all' (also for groups added since). */
export function normalizeGroupFilter(groups: GroupFilter, allGroupIds: readonly number[]): GroupFilter {
  if (groups === null || allGroupIds.length === 0) return groups;
  return allGroupIds.every((id) => groups.has(id)) ? null : groups;
}
