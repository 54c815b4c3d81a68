import { messages, type FieldErrors, type UserParameter } from '@hortus/contract';
import type { CustomerView } from '@hortus/contract/modules/customers';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { invalid } from '../../platform/http/calls';
import { readOrgData } from '../../platform/settings/org-data';
import {
  applicableParameterIds,
  editRuleErrors,
  groupsOfUsers,
  parametersByGroup,
  parametersInArea,
  recomputeIdents,
  storedValues,
  valueErrors,
  valueMapsOf,
  writeValues,
  type ValueMaps,
} from '../../platform/users/parameter-values';

/**
 * User parameters of customer logins (business.md 6: offered when the customer has a login and user
 * parameters, condition f200). The editor sees the login's parameters (those of its groups) whose f200
 * condition lets him see them and changes those it lets him edit; reading, checking and writing are
 * the platform's (parametersInArea, editRuleErrors, valueErrors, writeValues).
 */

type Shown = UserParameter & { bearbeiten: boolean };

/** Per login: the parameters the editor may see (f200) that apply to the login. */
async function shownParameters(db: Db, editor: Caller, loginIds: readonly number[]): Promise<Map<number, Shown[]>> {
  const { parameters } = await readOrgData(db);
  const visible = parametersInArea(parameters, 'f200', editor);
  const byGroup = await parametersByGroup(db);
  const groups = await groupsOfUsers(db, loginIds);
  return new Map(
    loginIds.map((loginId) => {
      const applicable = applicableParameterIds(parameters, byGroup, groups.get(loginId) ?? []);
      return [loginId, visible.filter((parameter) => applicable.includes(parameter.id))];
    }),
  );
}

/** The `nutzer` part of the customer views: the logins' shown parameters and their stored values. */
export async function loginViews(
  db: Db,
  editor: Caller,
  loginIds: readonly number[],
): Promise<Map<number, NonNullable<CustomerView['nutzer']>>> {
  const shown = await shownParameters(db, editor, loginIds);
  const stored = await storedValues(db, loginIds);
  return new Map(
    [...shown].map(([loginId, nutzerparameter]) => [
      loginId,
      { nutzerparameter, ...valueMapsOf(nutzerparameter, stored.get(loginId)) },
    ]),
  );
}

/**
 * Checks the sent values of a login against the editor's f200 conditions and the value rules; answers
 * the parameters to write. Field errors are keyed `nutzer.<map>.<id>`; nothing is written on an error.
 */
export async function checkLoginValues(db: Db, editor: Caller, loginId: number, sent: ValueMaps): Promise<Shown[]> {
  const shown = loginId === 0 ? [] : ((await shownParameters(db, editor, [loginId])).get(loginId) ?? []);
  const current = valueMapsOf(shown, (await storedValues(db, [loginId])).get(loginId));
  const errors: FieldErrors = editRuleErrors(shown, sent, current, messages.notEditable);
  const editable = shown.filter((parameter) => parameter.bearbeiten);
  Object.assign(errors, valueErrors(editable, sent));
  if (Object.keys(errors).length > 0)
    throw invalid(Object.fromEntries(Object.entries(errors).map(([field, list]) => [`nutzer.${field}`, list])));
  return editable;
}

/** Writes the checked values (the platform invalidates the hot cache) and the login's display name. */
export async function writeLoginValues(
  tx: Db,
  loginId: number,
  editable: readonly UserParameter[],
  sent: ValueMaps,
): Promise<void> {
  await writeValues(tx, loginId, editable, sent);
  await recomputeIdents(tx, [loginId]);
}
