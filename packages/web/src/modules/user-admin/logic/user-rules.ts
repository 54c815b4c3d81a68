import { z } from 'zod';
import type { AdminGroup, AdminUser, UserParameter } from '@hortus/contract';
import { savedUser } from '@hortus/contract/modules/user-admin';
import {
  parameterMapsOf,
  parameterValuesOf,
  parameterValuesSchema,
  type ParameterValues,
} from '../../../platform/user-parameters/parameter-schema';

/** The user dialog's form: the saved user with the parameter values as one map ('p<id>' → {wert, ids}). */
export type UserForm = Omit<AdminUser, 'nutzerparameterwerte' | 'nutzerparameterwerteSelectoptionIDs'> & {
  werte: ParameterValues;
};

export function userFormOf(user: AdminUser, parameters: readonly UserParameter[]): UserForm {
  const { nutzerparameterwerte, nutzerparameterwerteSelectoptionIDs, ...rest } = user;
  return { ...rest, werte: parameterValuesOf(parameters, nutzerparameterwerte, nutzerparameterwerteSelectoptionIDs) };
}

/**
 * The dialog's rule: the contract's saveNutzer rule (user name, groups, …) and the values of the
 * parameters that apply (those of the chosen groups), each checked by its type. Both sides report at
 * once, so a bad value shows even while the user name is still missing.
 */
export function userFormSchema(parameters: readonly UserParameter[]) {
  const fixed = savedUser.omit({ nutzerparameterwerte: true, nutzerparameterwerteSelectoptionIDs: true });
  const values = z
    .object({ nutzerparameter: z.array(z.number()), werte: z.record(z.string(), z.unknown()) })
    .superRefine((form, ctx) => {
      const applying = parameters.filter((parameter) => form.nutzerparameter.includes(parameter.id));
      for (const issue of parameterValuesSchema(applying).safeParse(form.werte).error?.issues ?? []) {
        ctx.addIssue({ code: 'custom', path: ['werte', ...issue.path.map(String)], message: issue.message });
      }
    });
  return fixed.and(values) as unknown as z.ZodType<UserForm, UserForm>;
}

/** The user sent with saveNutzer: the applying parameters' values from the form, the others as loaded. */
export function userToSave(user: AdminUser, form: UserForm, parameters: readonly UserParameter[]): AdminUser {
  const { werte, ...rest } = form;
  const maps = parameterMapsOf(
    parameters.filter((parameter) => form.nutzerparameter.includes(parameter.id)),
    werte,
  );
  return {
    ...rest,
    nutzerparameterwerte: { ...user.nutzerparameterwerte, ...maps.nutzerparameterwerte },
    nutzerparameterwerteSelectoptionIDs: {
      ...user.nutzerparameterwerteSelectoptionIDs,
      ...maps.nutzerparameterwerteSelectoptionIDs,
    },
    version: user.version,
  };
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
export function withGroup<T extends Pick<AdminUser, 'gruppen' | 'nutzerparameter'>>(
  user: T,
  groups: readonly AdminGroup[],
  groupId: number,
  on: boolean,
): T {
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
