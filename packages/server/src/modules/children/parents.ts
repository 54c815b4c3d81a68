import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { canEdit, canSee, messages, usesIds, type SessionUser } from '@hortus/contract';
import {
  childrenMessages,
  type ChildrenSettings,
  type ParentData,
  type ParentView,
} from '@hortus/contract/modules/children';
import { generatePassword, hashGeneratedPassword } from '../../platform/auth/password';
import type { Db } from '../../platform/db/database';
import type { CredentialEnder } from '../../platform/modules/server-module';
import { invalidateUsers } from '../../platform/cache/hot-cache';
import { invalidateChildBase } from './child-base';
import { userParameterValues, users } from '../../platform/db/schema';
import { CallError, invalid } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { readOrgData } from '../../platform/settings/org-data';
import {
  mentionedParameterIds,
  parametersByGroup,
  recomputeIdents,
  valueErrors,
  writeValues,
} from '../../platform/users/parameter-values';
import { canChangeParent, canSeeParent, childAccess, classesFor } from './access';
import {
  claimAccountVersion,
  createAccount,
  deleteAccounts,
  designatedAccountIds,
  requireDesignation,
  resetAccountPassword,
  updateAccount,
} from '../../platform/users/accounts';
import { children } from './schema';
import { bumpVersion } from '../../platform/db/versions';

type User = Pick<SessionUser, 'id' | 'gruppen' | 'rechte'>;

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
async function nameParameters(db: Db, groupId: number): Promise<number[]> {
  const { parameters } = await readOrgData(db);
  const byGroup = await parametersByGroup(db);
  const applicable = new Set(byGroup.get(groupId) ?? []);
  return parameters
    .filter((parameter) => parameter.ident && parameter.typ === 1 && applicable.has(parameter.id))
    .map((parameter) => parameter.id);
}

/** The parent group's parameters a caller sees by condition f200 (without the name parameters edited apart). */
export async function parentParameters(db: Db, groupId: number, viewer: User) {
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
  viewer: User,
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
  user: User,
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

/** The children to link must exist in classes the editor may edit (notFound / noRight). */
async function requireEditableChildren(db: Db, editor: User, childIds: readonly number[]): Promise<void> {
  if (childIds.length === 0) return;
  const access = await classesFor(db, editor);
  const rows = await db
    .select({ id: children.id, classId: children.classId })
    .from(children)
    .where(inArray(children.id, [...childIds]));
  for (const id of childIds) {
    const row = rows.find((entry) => entry.id === id);
    const klasse = row ? access.find((entry) => entry.row.id === row.classId) : undefined;
    requireRecord(klasse, { canSee: (k) => k.sehen, canChange: (k) => k.bearbeiten }, childrenMessages.unknownChild);
  }
}

/**
 * editEltern: creates (id 0, with a generated start password answered once) or updates a parent
 * account: user name, first and last name, linked children.
 */
export async function saveParent(
  db: Db,
  editor: User,
  settings: ChildrenSettings,
  input: ParentData,
): Promise<{ id: number; password: string | null }> {
  const groupId = settings.id_nutzergruppe_eltern;
  if (groupId === 0) throw invalid({ 'eltern.nn': [childrenMessages.noParentGroup] });
  // The parent group must still be a plain group within the editor's rights (never the administrators').
  await requireDesignation(db, editor, groupId, 'eltern.nn');
  if (input.id !== 0) await requireParent(db, editor, settings, input.id, true);
  const childIds = [...new Set(input.ids_kinder)];
  await requireEditableChildren(db, editor, childIds);
  const nn = input.nn.trim();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.nn}) = lower(${nn}) and ${users.id} <> ${input.id}`)
    .limit(1);
  if (taken) throw invalid({ 'eltern.nn': [childrenMessages.userNameTaken] });
  const names = await nameParameters(db, groupId);
  const parameterValues = {
    nutzerparameterwerte: input.nutzerparameterwerte,
    nutzerparameterwerteSelectoptionIDs: input.nutzerparameterwerteSelectoptionIDs,
  };
  const shown = await parentParameters(db, groupId, editor);
  const parameterErrors: Record<string, string[]> = {};
  for (const id of mentionedParameterIds(parameterValues)) {
    const parameter = shown.find((p) => p.id === id);
    if (!parameter) parameterErrors[`eltern.nutzerparameterwerte.${id}`] = [childrenMessages.unknownParameter];
    else if (!parameter.bearbeiten) throw new CallError('noRight', messages.accessDenied);
  }
  for (const [field, list] of Object.entries(valueErrors(shown, parameterValues))) {
    parameterErrors[`eltern.${field}`] = list;
  }
  if (Object.keys(parameterErrors).length > 0) throw invalid(parameterErrors);
  const password = input.id === 0 ? generatePassword() : null;
  const passwordHash = password ? await hashGeneratedPassword(password) : null;
  const access = await classesFor(db, editor);
  const editable = access.filter((entry) => entry.bearbeiten).map((entry) => entry.row.id);
  const id = await db.transaction(async (tx) => {
    let userId = input.id;
    const ident = `${input.vorname.trim()} ${input.nachname.trim()}`.trim();
    if (userId === 0) {
      userId = await createAccount(
        tx,
        editor,
        { nn, ident, gruppen: [groupId], passwordHash: passwordHash ?? '' },
        'eltern.nn',
      );
    } else {
      await claimAccountVersion(tx, userId, { by: editor.id, version: input.version });
      await updateAccount(tx, editor, userId, { nn });
    }
    const nameValues = [input.vorname.trim(), input.nachname.trim()];
    for (const [index, parameterId] of names.slice(0, 2).entries()) {
      await tx
        .insert(userParameterValues)
        .values({ userId, parameterId, wert: nameValues[index] ?? '', optionIds: [] })
        .onConflictDoUpdate({
          target: [userParameterValues.userId, userParameterValues.parameterId],
          set: { wert: nameValues[index] ?? '' },
        });
    }
    await writeValues(
      tx,
      userId,
      shown.filter((p) => p.bearbeiten),
      parameterValues,
    );
    if (names.length > 0) await recomputeIdents(tx, [userId]);
    else await updateAccount(tx, editor, userId, { ident });
    // Unlink the editable children no longer listed, then link the listed ones.
    if (editable.length > 0) {
      await tx
        .update(children)
        .set({ parentUserId: null, ...bumpVersion(children, editor.id) })
        .where(and(eq(children.parentUserId, userId), inArray(children.classId, editable)));
    }
    if (childIds.length > 0) {
      await tx
        .update(children)
        .set({ parentUserId: userId, ...bumpVersion(children, editor.id) })
        .where(inArray(children.id, childIds));
    }
    // The links are part of the children kept in memory (the classes' parents, families).
    await invalidateChildBase(tx);
    await invalidateUsers(tx, [userId]);
    return userId;
  });
  return { id, password };
}

/** delEltern: deletes a plain parent account (through the accounts service); its children stay (unlinked). */
export async function deleteParent(db: Db, editor: User, settings: ChildrenSettings, id: number): Promise<void> {
  await requireParent(db, editor, settings, id, true);
  await deleteAccounts(db, editor, [id], 'eltern.id', true);
}

/**
 * resetElternPW: the platform's password reset (sessions and feed tokens end; refused for an account stronger
 * than the editor), answered once and stored nowhere.
 */
export async function resetParentPassword(
  db: Db,
  editor: User,
  settings: ChildrenSettings,
  id: number,
  enders: readonly CredentialEnder[],
): Promise<string> {
  await requireParent(db, editor, settings, id, true);
  return resetAccountPassword(db, editor, id, enders);
}
