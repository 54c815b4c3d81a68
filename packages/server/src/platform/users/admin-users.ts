import { accountMessages, effectiveRights, hasRight, type AdminUser } from '@hortus/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { generatePassword, hashGeneratedPassword } from '../auth/password';
import type { LoadedUser } from '../auth/session-user';
import type { Db } from '../db/database';
import { userGroups, userRights, users } from '../db/schema';
import { invalid } from '../http/calls';
import { requireRecord } from '../http/records';
import { readOrgData } from '../settings/org-data';
import {
  applicableParameterIds,
  mentionedParameterIds,
  parametersByGroup,
  recomputeIdents,
  storedValues,
  valueErrors,
  valueMapsOf,
  writeValues,
} from './parameter-values';
import { keepingAdmins } from './rights-guard';
import type { AccountEraser, CredentialEnder } from '../modules/server-module';
import {
  claimAccountVersion,
  createAccount,
  deleteAccounts,
  endSessions,
  requireAccountChange,
  resetAccountPassword,
  updateAccount,
} from './accounts';
import { invalidateUsers } from '../cache/hot-cache';
import { isUniqueViolation } from '../db/errors';

/**
 * Users as user administration (005) shows and saves them. Later modules (members 100, parent
 * accounts 200) use the same functions with their own per-record checks.
 */

/** Loads users in the AdminUser shape, ordered by user name (all users when ids is omitted). */
export async function loadAdminUsers(db: Db, ids?: readonly number[]): Promise<AdminUser[]> {
  if (ids && ids.length === 0) return [];
  const { parameters } = await readOrgData(db);
  const byGroup = await parametersByGroup(db);
  const userRows = await db
    .select()
    .from(users)
    .where(ids ? inArray(users.id, [...ids]) : undefined)
    .orderBy(asc(sql`lower(${users.nn})`), asc(users.id));
  const memberRows = await db
    .select()
    .from(userGroups)
    .where(ids ? inArray(userGroups.userId, [...ids]) : undefined)
    .orderBy(asc(userGroups.groupId));
  const rightRows = await db
    .select()
    .from(userRights)
    .where(ids ? inArray(userRights.userId, [...ids]) : undefined)
    .orderBy(asc(userRights.right));
  const stored = await storedValues(db, ids ?? 'all');
  return userRows.map((row) => {
    const gruppen = memberRows.filter((member) => member.userId === row.id).map((member) => member.groupId);
    const nutzerparameter = applicableParameterIds(parameters, byGroup, gruppen);
    const applicable = parameters.filter((parameter) => nutzerparameter.includes(parameter.id));
    return {
      id: row.id,
      nn: row.nn,
      ident: row.ident,
      gruppen,
      nutzerparameter,
      ...valueMapsOf(applicable, stored.get(row.id)),
      rechteSolo: rightRows.filter((right) => right.userId === row.id).map((right) => right.right),
      rootPW: row.rootPw,
      show: row.show,
      version: row.version,
    };
  });
}

export async function loadAdminUser(db: Db, id: number): Promise<AdminUser | null> {
  const [user] = await loadAdminUsers(db, [id]);
  return user ?? null;
}

export interface SaveUserOptions {
  /** The logged-in editor: rights they do not hold cannot be granted. */
  editor: LoadedUser;
  /** A right the editor must still hold after saving his own record (the module's edit right). */
  keepOwnRight?: string;
}

export interface SaveUserResult {
  user: AdminUser;
  /** Only for a new user: the generated start password, shown once. */
  password: string | null;
}

/**
 * Creates (id 0) or updates a user: user name (unique, case-insensitive), groups, individual
 * rights, list visibility and the values of the parameters that apply through the groups. Values
 * of parameters that do not apply are ignored; unknown parameter ids are refused. A new user gets a
 * generated start password (rootPW). The caller checks the add/edit right.
 */
export async function saveAdminUser(db: Db, input: AdminUser, options: SaveUserOptions): Promise<SaveUserResult> {
  const org = await readOrgData(db);
  const isNew = input.id === 0;
  // Whoever may call this sees every user; the caller has checked the right to change them.
  const existing = isNew
    ? null
    : requireRecord(await loadAdminUser(db, input.id), { canSee: true }, accountMessages.unknownUser);

  const gruppen = [...new Set(input.gruppen)].sort((a, b) => a - b);
  const knownGroups = new Set(org.groups.map((group) => group.id));
  if (gruppen.some((groupId) => !knownGroups.has(groupId))) throw invalid({ gruppen: [accountMessages.unknownGroup] });

  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.nn})`, input.nn.toLowerCase()), ne(users.id, input.id)))
    .limit(1);
  if (taken) throw invalid({ nn: [accountMessages.nnTaken] });

  const rechteSolo = [...new Set(input.rechteSolo)].sort();
  // Editing yourself must not take away your own edit right (nobody might be left to give it back).
  if (options.keepOwnRight && input.id === options.editor.id) {
    const after = effectiveRights(
      gruppen.map((groupId) => org.groupRights.get(groupId) ?? []),
      rechteSolo,
    );
    if (!hasRight(after, options.keepOwnRight)) throw invalid({ gruppen: [accountMessages.selfLockoutUser] });
  }

  const knownParameters = new Set(org.parameters.map((parameter) => parameter.id));
  if (mentionedParameterIds(input).some((id) => !knownParameters.has(id))) {
    throw invalid({ nutzerparameterwerte: [accountMessages.unknownParameter] });
  }
  const byGroup = await parametersByGroup(db);
  const applicableIds = applicableParameterIds(org.parameters, byGroup, gruppen);
  const applicable = org.parameters.filter((parameter) => applicableIds.includes(parameter.id));
  const errors = valueErrors(applicable, input);
  if (Object.keys(errors).length > 0) throw invalid(errors);

  // Hash before the transaction: scrypt is deliberately slow and must not hold a connection.
  const password = existing ? null : generatePassword();
  const passwordHash = password === null ? null : await hashGeneratedPassword(password);

  // The accounts service checks the rights: no group or right the editor lacks, nobody stronger changed.
  const account = { nn: input.nn, show: input.show, gruppen, rechteSolo };
  const userId = await keepingAdmins(db, 'gruppen', async (tx) => {
    if (!isNew) await claimAccountVersion(tx, input.id, { by: options.editor.id, version: input.version });
    const id =
      passwordHash === null
        ? (await updateAccount(tx, options.editor, input.id, account), input.id)
        : await createAccount(tx, options.editor, { ...account, passwordHash });
    await writeValues(tx, id, applicable, input);
    await recomputeIdents(tx, [id]);
    await invalidateUsers(tx, [id]);
    return id;
  }).catch((error: unknown) => {
    // Two saves of the same new name at once: the unique index decides.
    if (isUniqueViolation(error)) throw invalid({ nn: [accountMessages.nnTaken] });
    throw error;
  });
  const user = await loadAdminUser(db, userId);
  if (!user) throw new Error('saved user not found');
  return { user, password };
}

/** Deletes a user (not oneself, nobody stronger, not the last administrator); see deleteAccounts. */
export async function deleteAdminUser(
  db: Db,
  userId: number,
  editor: LoadedUser,
  erasers: readonly AccountEraser[],
): Promise<void> {
  if (userId === editor.id) throw invalid({ data: [accountMessages.deleteSelf] });
  requireRecord(await loadAdminUser(db, userId), { canSee: true }, accountMessages.unknownUser);
  await deleteAccounts(db, editor, [userId], { erasers });
}

/**
 * Sets a new generated start password (rootPW) and ends all of the user's sessions and password-less accesses
 * (resetAccountPassword).
 */
export async function resetUserPassword(
  db: Db,
  userId: number,
  editor: LoadedUser,
  enders: readonly CredentialEnder[],
): Promise<string> {
  requireRecord(await loadAdminUser(db, userId), { canSee: true }, accountMessages.unknownUser);
  return resetAccountPassword(db, editor, userId, enders);
}

/** Ends all sessions of a user (signed out on every device; the password stays). */
export async function endUserSessions(db: Db, userId: number, editor: LoadedUser): Promise<void> {
  requireRecord(await loadAdminUser(db, userId), { canSee: true }, accountMessages.unknownUser);
  await requireAccountChange(db, editor, [userId]);
  await endSessions(db, userId);
}
