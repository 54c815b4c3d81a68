import { hasRight, messages, type FieldErrors } from '@hortus/contract';
import { membersRights } from '@hortus/contract/modules/members';
import { userAdminRights } from '@hortus/contract/modules/user-admin';
import { type UserSaveFallback, invalid } from '../../platform/http/calls';
import { readOrgData } from '../../platform/settings/org-data';
import { saveAdminUser } from '../../platform/users/admin-users';
import {
  applicableParameterIds,
  editRuleErrors,
  parametersByGroup,
  storedValues,
  valueErrors,
  valueMapsOf,
} from '../../platform/users/parameter-values';
import { requireMember } from './access';
import { pickValues, visibleParameters } from './directory';

function sameSet<T>(a: readonly T[], b: readonly T[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((item) => right.has(item));
}

/**
 * Member save (module 100) through saveNutzer with an empty neuPW: a viewer with x|100|000 saves a
 * listed member's values. Only parameters the viewer may edit by their f100 condition change; a
 * value of a visible, non-editable parameter is accepted when unchanged (the form sends every
 * field), anything else is refused as in the own profile. Groups change only with x|005|000|020;
 * user name, individual rights and the show flag are not part of the detail: the stored ones are kept,
 * whatever the request carries. A member the directory does not list is notFound (getMitglied's rule).
 */
export const memberSaveFallback: UserSaveFallback = async ({ db, user }, input, neuPW) => {
  if (neuPW !== '' || input.id <= 0 || !hasRight(user.rechte, membersRights.list)) return null;
  // An unlisted member is not found; changing the groups needs x|005|000|020 (else noRight).
  const member = await requireMember(
    db,
    input.id,
    (stored) => sameSet(stored.gruppen, input.gruppen) || hasRight(user.rechte, userAdminRights.edit),
  );

  // The parameters that apply to the member after the save and that the viewer may see.
  const { parameters } = await readOrgData(db);
  const applicable = applicableParameterIds(parameters, await parametersByGroup(db), [...new Set(input.gruppen)]);
  const visible = (await visibleParameters(db, user)).filter((parameter) => applicable.includes(parameter.id));
  const current = valueMapsOf(visible, (await storedValues(db, [member.id])).get(member.id));

  const errors: FieldErrors = editRuleErrors(visible, input, current, messages.notEditable);
  const editable = visible.filter((parameter) => parameter.bearbeiten);
  Object.assign(errors, valueErrors(editable, input));
  if (Object.keys(errors).length > 0) throw invalid(errors);

  // saveAdminUser writes only the values passed (the editable ones) and recomputes the display name.
  const { user: saved } = await saveAdminUser(
    db,
    // The version the viewer loaded (none from the spec's client): a save over someone else's change is a conflict.
    { ...member, gruppen: input.gruppen, ...pickValues(input, editable), version: input.version },
    // An editor changing his own groups here must keep his right to edit users, as in user administration.
    { editor: user, keepOwnRight: hasRight(user.rechte, userAdminRights.edit) ? userAdminRights.edit : undefined },
  );
  // The reply carries only values the viewer may see.
  const shown = visible.filter((parameter) => saved.nutzerparameter.includes(parameter.id));
  return { status: 'success', nutzer: { ...saved, ...pickValues(saved, shown) } };
};
