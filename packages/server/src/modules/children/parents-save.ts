import { and, eq, inArray, sql } from 'drizzle-orm';
import { messages } from '@hortus/contract';
import { childrenMessages, type ChildrenSettings, type ParentData } from '@hortus/contract/modules/children';
import { generatePassword, hashGeneratedPassword } from '../../platform/auth/password';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import type { AccountEraser, CredentialEnder } from '../../platform/modules/server-module';
import { invalidateUsers } from '../../platform/cache/hot-cache';
import { invalidateChildBase } from './child-base';
import { userParameterValues, users } from '../../platform/db/schema';
import { CallError, invalid } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import {
  mentionedParameterIds,
  recomputeIdents,
  valueErrors,
  writeValues,
} from '../../platform/users/parameter-values';
import { classesFor } from './access';
import {
  claimAccountVersion,
  createAccount,
  deleteAccounts,
  requireDesignation,
  resetAccountPassword,
  updateAccount,
} from '../../platform/users/accounts';
import { nameParameters, parentParameters, requireParent } from './parents';
import { children } from './schema';
import { bumpVersion } from '../../platform/db/versions';

/** Parent accounts change only through the platform's accounts service (see parents.ts for who they are). */

/** The children to link must exist in classes the editor may edit (notFound / noRight). */
async function requireEditableChildren(db: Db, editor: Caller, childIds: readonly number[]): Promise<void> {
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
  editor: Caller,
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
export async function deleteParent(
  db: Db,
  editor: Caller,
  settings: ChildrenSettings,
  id: number,
  erasers: readonly AccountEraser[],
): Promise<void> {
  await requireParent(db, editor, settings, id, true);
  await deleteAccounts(db, editor, [id], { erasers, field: 'eltern.id', erase: true });
}

/**
 * resetElternPW: the platform's password reset (sessions and feed tokens end; refused for an account stronger
 * than the editor), answered once and stored nowhere.
 */
export async function resetParentPassword(
  db: Db,
  editor: Caller,
  settings: ChildrenSettings,
  id: number,
  enders: readonly CredentialEnder[],
): Promise<string> {
  await requireParent(db, editor, settings, id, true);
  return resetAccountPassword(db, editor, id, enders);
}
