import type { SelectOption } from '../../../platform/forms/form-fields';

/** The wage group choices of a select: 'Keine' (0) and the configured groups. */
export function wageGroupOptions(groups: readonly { id: number; name: string }[]): SelectOption[] {
  return [{ value: 0, label: 'Keine' }, ...groups.map((group) => ({ value: group.id, label: group.name }))];
}
