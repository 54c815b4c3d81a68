import type { AdminGroup, AdminUser, FieldErrors } from '@hortus/contract';

/** Save is possible when the user name is set and has no space, and at least one group is chosen. */
export function canSaveUser(user: Pick<AdminUser, 'nn' | 'gruppen'>): boolean {
  return user.nn.trim() !== '' && !/\s/.test(user.nn) && user.gruppen.length > 0;
}

/** The parameter ids of the chosen groups, in the order of first appearance. */
export function parametersOfGroups(
  groups: readonly Pick<AdminGroup, 'id' | 'nutzerparameter'>[],
  chosen: readonly number[],
): number[] {
  const ids = new Set<number>();
  for (const group of groups) if (chosen.includes(group.id)) for (const id of group.nutzerparameter) ids.add(id);
  return [...ids];
}

/** A new user: empty id, name and ident; all standard groups preselected with their parameters. */
export function newUser(groups: readonly AdminGroup[]): AdminUser {
  const gruppen = groups.filter((group) => group.standard).map((group) => group.id);
  return {
    id: 0,
    nn: '',
    ident: '',
    gruppen,
    nutzerparameter: parametersOfGroups(groups, gruppen),
    nutzerparameterwerte: {},
    nutzerparameterwerteSelectoptionIDs: {},
    rechteSolo: [],
    rootPW: true,
    show: true,
  };
}

/** Rights the user holds through the chosen groups. */
export function inheritedRights(
  groups: readonly Pick<AdminGroup, 'id' | 'rechte'>[],
  chosen: readonly number[],
): Set<string> {
  const rights = new Set<string>();
  for (const group of groups) if (chosen.includes(group.id)) for (const right of group.rechte) rights.add(right);
  return rights;
}

/** Chooses or removes a group; the applicable parameters follow the groups (when the groups are known). */
export function withGroup(user: AdminUser, groups: readonly AdminGroup[], groupId: number, on: boolean): AdminUser {
  const rest = user.gruppen.filter((id) => id !== groupId);
  const gruppen = on ? [...rest, groupId] : rest;
  return {
    ...user,
    gruppen,
    nutzerparameter: groups.length > 0 ? parametersOfGroups(groups, gruppen) : user.nutzerparameter,
  };
}

/** Search by user name or display name (case-insensitive) and by group (a user shows if one of its groups is chosen). */
export function filterUsers(
  users: readonly AdminUser[],
  search: string,
  chosenGroups: ReadonlySet<number> | null,
): AdminUser[] {
  const needle = search.trim().toLocaleLowerCase('de');
  return users.filter((user) => {
    if (needle !== '' && !`${user.nn} ${user.ident}`.toLocaleLowerCase('de').includes(needle)) return false;
    if (chosenGroups === null) return true;
    return user.gruppen.some((id) => chosenGroups.has(id));
  });
}

export function sortUsers(users: readonly AdminUser[]): AdminUser[] {
  return [...users].sort((a, b) => a.nn.localeCompare(b.nn, 'de'));
}

/**
 * Field errors of a validation reply, keyed by the user's field (`nn`, a parameter id, …): the server
 * names fields like `data.nn` or `data.nutzerparameterwerte.3`; `data.` is dropped.
 */
export function userFieldErrors(errors: FieldErrors): { fields: Record<string, string>; general: string[] } {
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const name = key.replace(/^data\.?/, '');
    const parameter = /^nutzerparameterwerte(?:SelectoptionIDs)?\.(\d+)/.exec(name);
    const field = parameter ? `p${parameter[1]}` : name;
    const message = messages[0];
    if (message === undefined) continue;
    if (field === 'nn' || field === 'gruppen' || parameter) fields[field] ??= message;
    else general.push(...messages);
  }
  return { fields, general };
}
