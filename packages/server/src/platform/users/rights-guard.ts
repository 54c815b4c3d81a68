import {
  accountMessages,
  accountRights,
  grantableRights,
  hasRight,
  rightsTree,
  type FieldErrors,
} from '@hortus/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { queryRows } from '../db/raw';
import { invalid } from '../http/calls';

/**
 * Nobody raises rights through user administration, and nobody takes power away from someone
 * stronger: an editor may grant only rights they hold themselves (containment, as everywhere), may
 * add users only to groups whose rights they hold, and may change or remove a user or group only
 * when holding every right of it. Rights outside the module registry (of modules not built yet) are
 * ignored by these comparisons: nobody can hold them through the product, so they would otherwise
 * make such accounts untouchable. Rights a record already had are not checked again, so saving an
 * unchanged record always works.
 */

const knownRights = new Set(grantableRights(rightsTree));

export function isKnownRight(right: string): boolean {
  return knownRights.has(right);
}

/** The rights the guard compares: those of built modules. */
export function guardedRights(rights: readonly string[]): string[] {
  return rights.filter(isKnownRight);
}

/** Rights in `next` that are not in `before`. */
export function addedRights(before: readonly string[], next: readonly string[]): string[] {
  return [...new Set(next)].filter((right) => !before.includes(right));
}

/** Errors for added rights that are unknown or that the editor does not hold. */
export function grantErrors(editorRights: readonly string[], added: readonly string[], field: string): FieldErrors {
  if (added.some((right) => !isKnownRight(right))) return { [field]: [accountMessages.unknownRight] };
  if (added.some((right) => !hasRight(editorRights, right))) return { [field]: [accountMessages.notOwnRight] };
  return {};
}

/** Errors for groups being added whose rights the editor does not all hold. */
export function groupGrantErrors(
  editorRights: readonly string[],
  addedGroups: readonly number[],
  rightsOfGroup: ReadonlyMap<number, readonly string[]>,
  field: string,
): FieldErrors {
  const missing = addedGroups.some((groupId) => !holdsAllOf(editorRights, rightsOfGroup.get(groupId) ?? []));
  return missing ? { [field]: [accountMessages.notOwnRight] } : {};
}

/** True when the editor holds every (known) right of the target (needed to change, reset or delete it). */
export function holdsAllOf(editorRights: readonly string[], targetRights: readonly string[]): boolean {
  return guardedRights(targetRights).every((right) => hasRight(editorRights, right));
}

/** An administrator holds every right of the built modules (what a cross-module feature may do for them alone). */
export function isAdministrator(rights: readonly string[]): boolean {
  return holdsAllOf(rights, [...knownRights]);
}

/** The rights somebody must always keep, or nobody could repair user administration any more. */
const lastHolderRules = [
  { right: accountRights.edit, message: accountMessages.lastUserAdmin },
  { right: accountRights.groups, message: accountMessages.lastGroupAdmin },
] as const;

/** Which of the administration rights at least one user holds (through a group or individually). */
async function heldAdminRights(db: Db): Promise<Set<string>> {
  const held = new Set<string>();
  for (const { right } of lastHolderRules) {
    const [row] = await queryRows<{ held: boolean }>(
      db,
      sql`select exists (
            select 1 from user_rights where strpos("right", ${right}) > 0
            union all
            select 1 from user_groups ug join group_rights gr on gr.group_id = ug.group_id
              where strpos(gr."right", ${right}) > 0
          ) as held`,
    );
    if (row?.held) held.add(right);
  }
  return held;
}

/**
 * Runs a change of users or groups in one transaction and refuses it (rolled back, clear German
 * message) when afterwards nobody holds a user- or group-administration right that somebody held
 * before. An advisory lock orders such changes, so two at once cannot each remove one of the last two
 * holders.
 */
export async function keepingAdmins<T>(db: Db, field: string, change: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const before = await heldAdminRights(tx);
    const result = await change(tx);
    const after = await heldAdminRights(tx);
    const lost = lastHolderRules.find(({ right }) => before.has(right) && !after.has(right));
    if (lost) throw invalid({ [field]: [lost.message] });
    return result;
  });
}
