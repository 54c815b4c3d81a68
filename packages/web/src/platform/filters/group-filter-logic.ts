/** A group filter: null = all groups, otherwise the chosen group ids (possibly none). */
export type GroupChoice = ReadonlySet<number> | null;

export const ALL_GROUPS = 'alle';
export const NO_GROUPS = 'keine';

/**
 * The choice after the select changed: 'Alle' and 'Keine' win; ticking every group again means "all",
 * so groups added later are shown too.
 */
export function nextGroupChoice(value: readonly (number | string)[], groupIds: readonly number[]): GroupChoice {
  if (value.includes(ALL_GROUPS)) return null;
  if (value.includes(NO_GROUPS)) return new Set();
  const ids = value.filter((item): item is number => typeof item === 'number');
  return ids.length === groupIds.length ? null : new Set(ids);
}

export function groupChoiceLabel(choice: GroupChoice, groups: readonly { id: number; name: string }[]): string {
  if (choice === null) return 'Alle Gruppen';
  if (choice.size === 0) return 'Keine Gruppe';
  return groups
    .filter((group) => choice.has(group.id))
    .map((group) => group.name)
    .join(', ');
}
