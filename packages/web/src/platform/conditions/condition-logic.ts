import type { ConditionLike } from '@hortus/contract';

export interface EditableCondition {
  alle: boolean;
  gruppen: number[];
  nutzer?: number[];
}

/** Sets or clears one group in a condition; other fields (nutzer) stay. */
export function toggleGroup<C extends EditableCondition>(condition: C, groupId: number, on: boolean): C {
  const without = condition.gruppen.filter((id) => id !== groupId);
  return { ...condition, gruppen: on ? [...without, groupId].sort((a, b) => a - b) : without };
}

/** Whether a group counts as allowed, directly or through an implied condition (editing implies seeing). */
export function groupAllowed(condition: ConditionLike, groupId: number, implied?: ConditionLike): boolean {
  return condition.alle || condition.gruppen.includes(groupId) || impliedGroup(groupId, implied);
}

export function impliedGroup(groupId: number, implied?: ConditionLike): boolean {
  return implied !== undefined && (implied.alle || implied.gruppen.includes(groupId));
}
