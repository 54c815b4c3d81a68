import { grantableRights, hasRight, rightsTree, userAdminMessages, type FieldErrors } from '@hortus/contract';

/**
 * Nobody raises rights through user administration: an editor may grant only rights they hold
 * themselves (containment, as everywhere) and may add users only to groups whose rights they hold.
 * Rights a record already had are not checked again, so saving an unchanged record always works.
 */

export function isKnownRight(right: string): boolean {
  return grantableRights(rightsTree).includes(right);
}

/** Rights in `next` that are not in `before`. */
export function addedRights(before: readonly string[], next: readonly string[]): string[] {
  return [...new Set(next)].filter((right) => !before.includes(right));
}

/** Errors for added rights that are unknown or that the editor does not hold. */
export function grantErrors(editorRights: readonly string[], added: readonly string[], field: string): FieldErrors {
  if (added.some((right) => !isKnownRight(right))) return { [field]: [userAdminMessages.unknownRight] };
  if (added.some((right) => !hasRight(editorRights, right))) return { [field]: [userAdminMessages.notOwnRight] };
  return {};
}

/** Errors for groups being added whose rights the editor does not all hold. */
export function groupGrantErrors(
  editorRights: readonly string[],
  addedGroups: readonly number[],
  rightsOfGroup: ReadonlyMap<number, readonly string[]>,
  field: string,
): FieldErrors {
  const missing = addedGroups.some((groupId) =>
    (rightsOfGroup.get(groupId) ?? []).some((right) => !hasRight(editorRights, right)),
  );
  return missing ? { [field]: [userAdminMessages.notOwnRight] } : {};
}

/** True when the editor holds every right of the target (needed to reset or delete someone). */
export function holdsAllOf(editorRights: readonly string[], targetRights: readonly string[]): boolean {
  return targetRights.every((right) => hasRight(editorRights, right));
}
