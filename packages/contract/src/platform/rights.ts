/**
 * Rights are plain strings such as `x|005|000|010`. A user holds a required right when one of the
 * user's right strings contains the required string (containment, as the specification says):
 * holding `x|130|000|adm` grants the requirement `x|130`, but holding `x|130` does not grant
 * `x|130|000|adm`.
 */
export type Right = string;

export function hasRight(userRights: readonly Right[], required: Right): boolean {
  if (required === '') return true;
  return userRights.some((right) => right.includes(required));
}

/**
 * The settings right of a module reads settings, not data (docs/architecture.md "Record access"): a
 * module's records (children, customers, slots, files, …) need a right of the module that is not within
 * its settings right. `x|410|set` alone answers false for (`x|410`, `x|410|set`); `x|410|000` true.
 */
export function holdsDataRight(userRights: readonly Right[], moduleRight: Right, settingsRight: Right): boolean {
  return userRights.some((right) => right.includes(moduleRight) && !right.includes(settingsRight));
}

export function hasAnyRight(userRights: readonly Right[], required: readonly Right[]): boolean {
  return required.some((right) => hasRight(userRights, right));
}

/** A user's effective rights: the union of the rights of the user's groups and the individual rights (rechteSolo). */
export function effectiveRights(groupRights: readonly (readonly Right[])[], soloRights: readonly Right[]): Right[] {
  const union = new Set<Right>();
  for (const rights of groupRights) for (const right of rights) if (right !== '') union.add(right);
  for (const right of soloRights) if (right !== '') union.add(right);
  return [...union].sort();
}
