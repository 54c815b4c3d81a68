import { hasRight, usesIds, type AdminUser, type UserParameter } from '@hortus/contract';
import type { MemberDetail, MemberListEntry } from '@hortus/contract/modules/members';
import { userAdminRights } from '@hortus/contract/modules/user-admin';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { readOrgData } from '../../platform/settings/org-data';
import { loadAdminUsers } from '../../platform/users/admin-users';
import { parametersInArea, type ValueMaps } from '../../platform/users/parameter-values';
import { canSeeMember, requireMember } from './access';
import { readMemberSettings } from './settings';

/**
 * The member directory (100): who is listed and which parameter values a viewer sees. Visibility
 * and editing of values follow the parameters' f100 conditions for the viewer (not the member).
 */

/** Only the values of the given parameters (the maps of an AdminUser hold every applicable parameter). */
export function pickValues(values: ValueMaps, parameters: readonly Pick<UserParameter, 'id' | 'typ'>[]): ValueMaps {
  const picked: ValueMaps = { nutzerparameterwerte: {}, nutzerparameterwerteSelectoptionIDs: {} };
  for (const parameter of parameters) {
    const key = String(parameter.id);
    if (usesIds(parameter.typ)) {
      const ids = values.nutzerparameterwerteSelectoptionIDs[key];
      if (ids) picked.nutzerparameterwerteSelectoptionIDs[key] = ids;
    } else {
      const wert = values.nutzerparameterwerte[key];
      if (wert !== undefined) picked.nutzerparameterwerte[key] = wert;
    }
  }
  return picked;
}

/** The parameters whose f100 condition lets the viewer see them, in parameter order, with the edit flag. */
export async function visibleParameters(db: Db, viewer: Caller): Promise<(UserParameter & { bearbeiten: boolean })[]> {
  const { parameters } = await readOrgData(db);
  return parametersInArea(parameters, 'f100', viewer);
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

/** The listed members, sorted by display name then user name, with the list columns' values. */
export async function loadMemberList(
  db: Db,
  viewer: Caller,
): Promise<{ nutzer: MemberListEntry[]; spalten: UserParameter[] }> {
  const settings = await readMemberSettings(db);
  const spalten = (await visibleParameters(db, viewer))
    .filter((parameter) => parameter.f100.seeOnTable)
    .map(({ bearbeiten: _bearbeiten, ...parameter }) => parameter);
  const members = (await loadAdminUsers(db))
    .filter((user) => canSeeMember(user, settings))
    .sort((a, b) => collator.compare(a.ident, b.ident) || collator.compare(a.nn, b.nn) || a.id - b.id);
  const nutzer = members.map((member) => ({
    id: member.id,
    ident: member.ident,
    gruppen: member.gruppen,
    ...pickValues(
      member,
      spalten.filter((parameter) => member.nutzerparameter.includes(parameter.id)),
    ),
  }));
  return { nutzer, spalten };
}

/** The viewer's view of a member: the member's parameters the viewer may see, with edit flags. */
export function memberDetailOf(
  member: AdminUser,
  visible: readonly (UserParameter & { bearbeiten: boolean })[],
  viewer: Caller,
): MemberDetail {
  const nutzerparameter = visible.filter((parameter) => member.nutzerparameter.includes(parameter.id));
  return {
    id: member.id,
    nn: member.nn,
    ident: member.ident,
    gruppen: member.gruppen,
    nutzerparameter,
    ...pickValues(member, nutzerparameter),
    gruppenBearbeiten: hasRight(viewer.rechte, userAdminRights.edit),
    version: member.version,
  };
}

export async function loadMemberDetail(db: Db, viewer: Caller, id: number): Promise<MemberDetail> {
  const member = await requireMember(db, id);
  return memberDetailOf(member, await visibleParameters(db, viewer), viewer);
}
