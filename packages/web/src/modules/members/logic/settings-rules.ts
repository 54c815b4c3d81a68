import type { Condition, UserGroup } from '@hortus/contract';

/** A read-only description of an f100 condition: 'Alle', the group names, or 'Niemand'. */
export function conditionText(condition: Condition, groups: readonly Pick<UserGroup, 'id' | 'name'>[]): string {
  if (condition.alle) return 'Alle';
  const names = condition.gruppen.map((id) => groups.find((group) => group.id === id)?.name ?? `Gruppe ${id}`);
  const users = condition.nutzer?.length ?? 0;
  if (users > 0) names.push(users === 1 ? '1 Nutzer' : `${users} Nutzer`);
  return names.length > 0 ? names.join(', ') : 'Niemand';
}
