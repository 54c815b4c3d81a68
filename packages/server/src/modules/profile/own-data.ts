import { canEdit, canSee, type FieldErrors } from '@hortus/contract';
import { profileMessages, type GetMeineDatenReply, type OwnValues } from '@hortus/contract/modules/profile';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { invalid } from '../../platform/http/calls';
import { readOrgData } from '../../platform/settings/org-data';
import { readPreferredLanguage, writePreferredLanguage } from '../../platform/users/preferred-language';
import { readQuietHours, writeQuietHours } from '../../platform/users/push-quiet-hours';
import {
  applicableParameterIds,
  editRuleErrors,
  parametersByGroup,
  recomputeIdents,
  storedValues,
  valueErrors,
  valueMapsOf,
  writeValues,
} from '../../platform/users/parameter-values';

/** The parameters of the user's groups whose f010 condition lets the user see them, with the edit flag. */
async function ownParameters(db: Db, user: LoadedUser) {
  const { parameters } = await readOrgData(db);
  const applicable = applicableParameterIds(parameters, await parametersByGroup(db), user.gruppen);
  const subject = { id: user.id, gruppen: user.gruppen };
  return parameters
    .filter((parameter) => applicable.includes(parameter.id) && canSee(parameter.bedingungen.f010, subject))
    .map((parameter) => ({ ...parameter, bearbeiten: canEdit(parameter.bedingungen.f010, subject) }));
}

export async function loadOwnData(db: Db, user: LoadedUser): Promise<GetMeineDatenReply> {
  const [visible, stored, bevorzugteSprache, ruhezeiten] = await Promise.all([
    ownParameters(db, user),
    storedValues(db, [user.id]),
    readPreferredLanguage(db, user.id),
    readQuietHours(db, user.id),
  ]);
  return {
    status: 'success',
    nn: user.nn,
    nutzerparameter: visible,
    ...valueMapsOf(visible, stored.get(user.id)),
    bevorzugteSprache,
    ruhezeiten,
  };
}

/**
 * Saves the user's own values. Only editable parameters are written; a value for a parameter the
 * user may only see is accepted when unchanged (the form sends every field) and refused otherwise;
 * values for parameters the user may not see (or unknown ids) are refused. The preferred language for
 * messages and the quiet hours for pushes are written when sent (opt-in; every user may choose them).
 */
export async function saveOwnData(db: Db, user: LoadedUser, values: OwnValues): Promise<GetMeineDatenReply> {
  const visible = await ownParameters(db, user);
  const current = valueMapsOf(visible, (await storedValues(db, [user.id])).get(user.id));
  const errors: FieldErrors = editRuleErrors(visible, values, current, profileMessages.notEditable);
  const editable = visible.filter((parameter) => parameter.bearbeiten);
  Object.assign(errors, valueErrors(editable, values));
  if (Object.keys(errors).length > 0) throw invalid(errors);
  await db.transaction(async (tx) => {
    await writeValues(tx, user.id, editable, values);
    await recomputeIdents(tx, [user.id]);
    if (values.bevorzugteSprache !== undefined) await writePreferredLanguage(tx, user.id, values.bevorzugteSprache);
    if (values.ruhezeiten !== undefined) await writeQuietHours(tx, user.id, values.ruhezeiten);
  });
  return loadOwnData(db, user);
}
