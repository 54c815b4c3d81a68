import { asc, inArray, sql } from 'drizzle-orm';
import { canEdit, canSee, usesIds } from '@hortus/contract';
import { childrenMessages, type ChildrenSettings, type ParentView } from '@hortus/contract/modules/children';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { userParameterValues, users } from '../../platform/db/schema';
import { requireRecord } from '../../platform/http/records';
import { readOrgData } from '../../platform/settings/org-data';
import { parametersByGroup } from '../../platform/users/parameter-values';
import { canChangeParent, canSeeParent, childAccess } from './access';
import { designatedAccountIds } from '../../platform/users/accounts';
import { children } from './schema';

/**
 * Parent accounts are the accounts the configured parent group (id_nutzergruppe_eltern) stands for by
 * the platform's designation rule (designatedAccountIds): members of that group with no rights beyond
 * the group's (through any group), and none at all while the group holds an administration right.
 * Module 200 creates, resets and deletes them only through the platform's accounts service.
 */
export function parentIds(db: Db, groupId: number): Promise<number[]> {
  return designatedAccountIds(db, groupId);
}

/** The identification parameters (text) of the parent group, in order: where first and last name go. */
export async function nameParameters(db: Db, groupId: number): Promise<number[]> {
  const { parameters } = await readOrgData(db);
  const byGroup = await parametersByGroup(db);
  const applicable = new Set(byGroup.get(groupId) ?? []);
  return parameters
    .filter((parameter) => parameter.ident && parameter.typ === 1 && applicable.has(parameter.id))
    .map((parameter) => parameter.id);
}

/** The parent group's parameters a caller sees by condition f200 (without the name parameters edited apart). */
export async function parentParameters(db: Db, groupId: number, viewer: Caller) {
  const { parameters } = await readOrgData(db);
  const applicable = new Set((await parametersByGroup(db)).get(groupId) ?? []);
  const names = new Set(await nameParameters(db, groupId));
  return parameters
    .filter((p) => applicable.has(p.id) && !names.has(p.id) && canSee(p.bedingungen.f200, viewer))
    .map((p) => ({ ...p, bearbeiten: canEdit(p.bedingungen.f200, viewer) }));
}

/** The children linked to the given accounts, with their classes, in name order. */
function linkedChildren(db: Db, ids: readonly number[]) {
  return db
    .select({
      id: children.id,
      parent: children.parentUserId,
      classId: children.classId,
      vorname: children.vorname,
      nachname: children.nachname,
    })
    .from(children)
    .where(inArray(children.parentUserId, [...ids]))
    .orderBy(asc(children.nachname), asc(children.vorname));
}

/**
 * The parent accounts the viewer sees (all, or those of `onlyIds`), each naming only the children the
 * viewer sees; the parameters by condition f200.
 */
export async function loadParents(
  db: Db,
  settings: ChildrenSettings,
  viewer: Caller,
  onlyIds?: readonly number[],
): Promise<ParentView[]> {
  let ids = await parentIds(db, settings.id_nutzergruppe_eltern);
  if (onlyIds) ids = ids.filter((id) => onlyIds.includes(id));
  if (ids.length === 0) return [];
  const [access, allKids] = await Promise.all([childAccess(db, viewer), linkedChildren(db, ids)]);
  ids = ids.filter((id) =>
    canSeeParent(
      access,
      allKids.filter((kid) => kid.parent === id),
    ),
  );
  if (ids.length === 0) return [];
  const kids = allKids.filter((kid) => access.canSeeChild(kid));
  const [rows, names, values, shownParameters] = await Promise.all([
    db
      .select({ id: users.id, nn: users.nn, ident: users.ident, rootPw: users.rootPw, version: users.version })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(asc(sql`lower(${users.nn})`)),
    nameParameters(db, settings.id_nutzergruppe_eltern),
    db.select().from(userParameterValues).where(inArray(userParameterValues.userId, ids)),
    parentParameters(db, settings.id_nutzergruppe_eltern, viewer),
  ]);
  const parameterMaps = (userId: number) => {
    const texts: Record<string, string> = {};
    const chosen: Record<string, number[]> = {};
    for (const parameter of shownParameters) {
      const value = values.find((v) => v.userId === userId && v.parameterId === parameter.id);
      if (usesIds(parameter.typ)) chosen[String(parameter.id)] = value?.optionIds ?? [];
      else texts[String(parameter.id)] = value?.wert ?? '';
    }
    return { nutzerparameterwerte: texts, nutzerparameterwerteSelectoptionIDs: chosen };
  };
  const valueOf = (userId: number, parameterId: number | undefined) =>
    values.find((value) => value.userId === userId && value.parameterId === parameterId)?.wert ?? '';
  return rows.map((row) => {
    const own = kids.filter((kid) => kid.parent === row.id);
    return {
      id: row.id,
      nn: row.nn,
      name: row.ident,
      vorname: valueOf(row.id, names[0]),
      nachname: valueOf(row.id, names[1]),
      anzahlKinder: own.length,
      ids_kinder: own.map((kid) => kid.id),
      kinder: own.map((kid) => ({ id: kid.id, name: `${kid.vorname} ${kid.nachname}` })),
      telefonnummern: [],
      nutzer: {
        id: row.id,
        nn: row.nn,
        rootPW: row.rootPw,
        nutzerparameter: shownParameters,
        ...parameterMaps(row.id),
      },
      version: row.version,
    };
  });
}

/**
 * A parent account by id that the caller sees (notFound when it is none: unknown, not a plain parent
 * account, or linked only to children the caller does not see) and, with `change`, may change (noRight
 * unless the caller may edit every one of its children).
 */
export async function requireParent(
  db: Db,
  user: Caller,
  settings: ChildrenSettings,
  id: number,
  change: boolean,
): Promise<number> {
  const ids = await parentIds(db, settings.id_nutzergruppe_eltern);
  const [access, kids] = await Promise.all([childAccess(db, user), ids.includes(id) ? linkedChildren(db, [id]) : []]);
  return requireRecord(
    ids.includes(id) ? id : null,
    {
      canSee: () => canSeeParent(access, kids),
      ...(change ? { canChange: () => canChangeParent(access, kids) } : {}),
      noRightMessage: childrenMessages.parentHasHiddenChildren,
    },
    childrenMessages.unknownParent,
  );
}
