import type { z } from 'zod';
import { conditionAllows, type ConditionLike, type ConditionSubject } from './conditions';
import { hasAnyRight, hasRight, type Right } from './rights';
import { ruledString } from './schema';
import { check, type RuleResult } from './validation';
import { newOrRecordId } from './wire';

/**
 * The one slot rule of the slot modules (130 Cloud, 150 Anwesenheiten, and later ones): what a slot's
 * sort prefix and name may be, who may add slots, and who is admin of a slot. Modules cannot import
 * each other, so the rule lives here (docs/architecture.md, "Slots").
 */

/** Longest slot name (characters, not UTF-16 units). The sort prefix is tinytext (25). */
export const SLOT_NAME_MAX = 100;

export const slotMessages = {
  nameTooLong: `Maximal ${SLOT_NAME_MAX} Zeichen sind erlaubt`,
} as const;

/** The sort prefix: required, the name rule, at most 25 characters (school.md 5.1; default: the year). */
export function slotSortError(value: string): RuleResult {
  return check(value, ['required', 'name', 'tinytext']);
}

/** The slot name: required, the name rule, at most 100 characters. */
export function slotNameError(value: string): RuleResult {
  return check(value, ['required', 'name']) ?? ([...value].length > SLOT_NAME_MAX ? slotMessages.nameTooLong : null);
}

/** The sort prefix as a request field (the same rule as `slotSortError`). */
export const slotSortField = ruledString('required', 'name', 'tinytext');

/** The slot name as a request field (the same rule as `slotNameError`). */
export const slotNameField = ruledString('required', 'name').refine(
  (value) => [...value].length <= SLOT_NAME_MAX,
  slotMessages.nameTooLong,
);

/** A slot module's two slot rights: `…|000|adm` (admin of every slot, adds slots) and `…|000|010` (adds slots). */
export interface SlotModuleRights {
  admin: Right;
  addSlots: Right;
}

/** A user as the slot rule sees them: id and groups for the conditions, rights for the module rights. */
export interface SlotUser extends ConditionSubject {
  rechte: readonly Right[];
}

/** Adding a slot needs `…|000|adm` or `…|000|010`. */
export function canAddSlots(user: Pick<SlotUser, 'rechte'>, rights: SlotModuleRights): boolean {
  return hasAnyRight(user.rechte, [rights.admin, rights.addSlots]);
}

/**
 * Slot admin: named by the slot's `bearbeiten` condition, or holding `…|000|adm`, which makes a user
 * admin of every slot of the module (so an administrator can always recover a slot whose groups changed).
 */
export function isSlotAdmin(bearbeiten: ConditionLike, user: SlotUser, rights: SlotModuleRights): boolean {
  return hasRight(user.rechte, rights.admin) || conditionAllows(bearbeiten, user);
}

/**
 * The `bearbeiten` condition of a new slot: its creator is added to `nutzer` unless the condition
 * already names him, so nobody creates a slot he cannot manage.
 */
export function withCreatorAsAdmin<C extends ConditionLike>(bearbeiten: C, creator: ConditionSubject): C {
  if (conditionAllows(bearbeiten, creator)) return bearbeiten;
  return { ...bearbeiten, nutzer: [...new Set([...(bearbeiten.nutzer ?? []), creator.id])].sort((a, b) => a - b) };
}

/** A slot's own request fields (id: empty/0 = new); each module adds its conditions (and extras). */
export const slotFields = {
  id: newOrRecordId(),
  sort: slotSortField,
  name: slotNameField,
} satisfies Record<string, z.ZodType>;
