import {
  accountMessages,
  effectiveRights,
  hasRight,
  messages,
  PROTOKOLL_LOGIN_MODULE,
  type FieldErrors,
} from '@hortus/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { eraseProtokollOf } from '../audit/protokoll';
import { generatePassword, hashGeneratedPassword } from '../auth/password';
import type { Caller } from '../auth/session-user';
import { deleteExpiredSessions } from '../auth/sessions';
import { removePasskeys } from '../auth/passkeys';
import type { Db } from '../db/database';
import { groupParameters, groupRights, groups, sessions, userGroups, userRights, users } from '../db/schema';
import { CallError, invalid } from '../http/calls';
import type { AccountEraser, BackgroundJob, CredentialEnder } from '../modules/server-module';
import { cacheScope, invalidate, invalidateUsers } from '../cache/hot-cache';
import { invalidateOrgData, readOrgData } from '../settings/org-data';
import { membersOf, recomputeIdents } from './parameter-values';
import { addedRights, grantErrors, groupGrantErrors, holdsAllOf, keepingAdmins } from './rights-guard';
import { claimVersion, versioned, type SaveVersion } from '../db/versions';

/**
 * The accounts service: the only code that creates, changes, resets the password of, deletes or
 * regroups accounts, ends their sessions and writes groups and their rights. User administration
 * (005), parent accounts (200) and customer logins (410) all call it, so every caller meets the same
 * guards: nobody creates an account with a right or group they do not hold themselves, nobody changes,
 * resets or deletes an account holding a right they lack, the last holder of the administration rights
 * is kept (keepingAdmins), and every change ends or refreshes the sessions it must. Modules read these
 * tables but never write them (lint rule `hortus/no-account-writes`).
 */

/** The effective rights of stored accounts (groups ∪ own rights), by id; unknown ids are missing. */
export async function rightsOfAccounts(db: Db, ids: readonly number[]): Promise<Map<number, string[]>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const org = await readOrgData(db);
  const [rows, memberRows, soloRows] = await Promise.all([
    db.select({ id: users.id }).from(users).where(inArray(users.id, unique)),
    db.select().from(userGroups).where(inArray(userGroups.userId, unique)),
    db.select().from(userRights).where(inArray(userRights.userId, unique)),
  ]);
  return new Map(
    rows.map((row) => [
      row.id,
      effectiveRights(
        memberRows.filter((m) => m.userId === row.id).map((m) => org.groupRights.get(m.groupId) ?? []),
        soloRows.filter((r) => r.userId === row.id).map((r) => r.right),
      ),
    ]),
  );
}

/** Refuses (noRight) when one of the accounts holds a right the editor lacks: no taking over someone stronger. */
export async function requireAccountChange(
  db: Db,
  editor: Caller,
  ids: readonly number[],
  message: string = messages.accessDenied,
): Promise<void> {
  const rights = await rightsOfAccounts(db, ids);
  for (const held of rights.values()) {
    if (!holdsAllOf(editor.rechte, held)) throw new CallError('noRight', message);
  }
}

// ---------- designations: which group counts as parents (200) or customers (410) ----------

/**
 * A right that administers rather than uses: user administration (x|005…), the platform's settings
 * (x|001…) and every module's settings or administration right (…|set, …|adm).
 */
export function isAdministrationRight(right: string): boolean {
  return right.startsWith('x|005') || right.startsWith('x|001') || /\|(set|adm)(\||$)/.test(right);
}

/** Whether a group may be designated at all: it holds no administration-grade right. */
function isPlainGroup(rights: readonly string[]): boolean {
  return !rights.some(isAdministrationRight);
}

/**
 * Errors for a designation setting (`field`, e.g. id_nutzergruppe_eltern) naming `groupId`: the group
 * must exist (0 = none), hold no administration-grade right and none the editor lacks.
 */
export async function designationErrors(db: Db, editor: Caller, groupId: number, field: string): Promise<FieldErrors> {
  if (groupId === 0) return {};
  const org = await readOrgData(db);
  if (!org.groups.some((group) => group.id === groupId)) return { [field]: [accountMessages.unknownGroup] };
  const rights = org.groupRights.get(groupId) ?? [];
  if (!isPlainGroup(rights)) return { [field]: [accountMessages.designationPower] };
  if (!holdsAllOf(editor.rechte, rights)) return { [field]: [accountMessages.designationNotOwn] };
  return {};
}

/** designationErrors as a refusal: nothing is saved. */
export async function requireDesignation(db: Db, editor: Caller, groupId: number, field: string): Promise<void> {
  const errors = await designationErrors(db, editor, groupId, field);
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/**
 * The accounts a designated group stands for (parent accounts, customer logins): members of that group
 * whose rights — through all their groups and their own — all lie within the group's rights (further
 * groups may add parameters, never rights). A group that (since being chosen) holds an
 * administration-grade right stands for nobody, so such settings never reach an administrator.
 */
export async function designatedAccountIds(db: Db, groupId: number): Promise<number[]> {
  if (groupId === 0) return [];
  const org = await readOrgData(db);
  const groupRightList = org.groupRights.get(groupId) ?? [];
  if (!org.groups.some((group) => group.id === groupId) || !isPlainGroup(groupRightList)) return [];
  const members = await db
    .select({ id: userGroups.userId })
    .from(userGroups)
    .where(eq(userGroups.groupId, groupId))
    .orderBy(userGroups.userId);
  const rights = await rightsOfAccounts(
    db,
    members.map((row) => row.id),
  );
  return members
    .map((row) => row.id)
    .filter((id) => (rights.get(id) ?? []).every((right) => hasRight(groupRightList, right)));
}

// ---------- accounts ----------

export interface NewAccount {
  nn: string;
  ident?: string;
  show?: boolean;
  gruppen: readonly number[];
  rechteSolo?: readonly string[];
  /** The hash of the start password (rootPW), made before the transaction (scrypt is slow). */
  passwordHash: string;
}

/**
 * Creates an account with a start password (rootPW) in `tx`; answers its id. Its groups and own rights
 * must all be the editor's (errors on `field`, default 'gruppen'). The caller checks the name.
 */
export async function createAccount(tx: Db, editor: Caller, account: NewAccount, field = 'gruppen'): Promise<number> {
  const org = await readOrgData(tx);
  const solo = [...new Set(account.rechteSolo ?? [])].sort();
  const gruppen = [...new Set(account.gruppen)].sort((a, b) => a - b);
  const errors = {
    ...groupGrantErrors(editor.rechte, gruppen, org.groupRights, field),
    ...grantErrors(editor.rechte, solo, field === 'gruppen' ? 'rechteSolo' : field),
  };
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const [created] = await tx
    .insert(users)
    .values({
      nn: account.nn,
      ident: account.ident ?? '',
      passwordHash: account.passwordHash,
      rootPw: true,
      show: account.show ?? true,
    })
    .returning({ id: users.id });
  if (!created) throw new Error('account not created');
  if (gruppen.length > 0)
    await tx.insert(userGroups).values(gruppen.map((groupId) => ({ userId: created.id, groupId })));
  if (solo.length > 0) await tx.insert(userRights).values(solo.map((right) => ({ userId: created.id, right })));
  await invalidateUsers(tx, [created.id]);
  return created.id;
}

export interface AccountChange {
  nn?: string;
  ident?: string;
  show?: boolean;
  /** The new groups (replacing the old ones): a regroup. */
  gruppen?: readonly number[];
  /** The new own rights (replacing the old ones). */
  rechteSolo?: readonly string[];
}

/**
 * Claims the next version of an account for a save of it (user administration, a module's account
 * dialog); see db/versions.ts: a save based on an older version answers `conflict`. Run it first in the
 * save's transaction.
 */
export function claimAccountVersion(tx: Db, id: number, save: SaveVersion): Promise<boolean> {
  return claimVersion(tx, versioned(users), id, save);
}

/**
 * Changes an account in `tx`. Any real change of name, display name, visibility, groups or own rights
 * needs the editor to hold every right of the account; groups and rights being added must be the
 * editor's (errors on 'gruppen' / 'rechteSolo'). The new rights apply from the account's next call
 * (its cached row is dropped); run regroups and rights changes inside keepingAdmins.
 */
export async function updateAccount(tx: Db, editor: Caller, id: number, change: AccountChange): Promise<void> {
  const [row] = await tx
    .select({ nn: users.nn, ident: users.ident, show: users.show })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!row) throw new CallError('notFound', accountMessages.unknownUser);
  const beforeGroups = (await tx.select().from(userGroups).where(eq(userGroups.userId, id))).map((m) => m.groupId);
  const beforeSolo = (await tx.select().from(userRights).where(eq(userRights.userId, id))).map((r) => r.right);
  const sameSet = (a: readonly unknown[], b: readonly unknown[]) =>
    new Set(a).size === new Set(b).size && a.every((entry) => b.includes(entry));
  const regroup = change.gruppen !== undefined && !sameSet(beforeGroups, change.gruppen);
  const newRights = change.rechteSolo !== undefined && !sameSet(beforeSolo, change.rechteSolo);
  const changes =
    regroup ||
    newRights ||
    (change.nn !== undefined && change.nn !== row.nn) ||
    (change.ident !== undefined && change.ident !== row.ident) ||
    (change.show !== undefined && change.show !== row.show);
  if (!changes) return;
  await requireAccountChange(tx, editor, [id], accountMessages.strongerUser);
  const org = await readOrgData(tx);
  const errors = {
    ...grantErrors(editor.rechte, addedRights(beforeSolo, change.rechteSolo ?? beforeSolo), 'rechteSolo'),
    ...groupGrantErrors(
      editor.rechte,
      (change.gruppen ?? []).filter((groupId) => !beforeGroups.includes(groupId)),
      org.groupRights,
      'gruppen',
    ),
  };
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const columns = { nn: change.nn, ident: change.ident, show: change.show };
  if (Object.values(columns).some((value) => value !== undefined)) {
    await tx.update(users).set(columns).where(eq(users.id, id));
  }
  if (regroup && change.gruppen) {
    await tx.delete(userGroups).where(eq(userGroups.userId, id));
    const list = [...new Set(change.gruppen)];
    if (list.length > 0) await tx.insert(userGroups).values(list.map((groupId) => ({ userId: id, groupId })));
  }
  if (newRights && change.rechteSolo) {
    await tx.delete(userRights).where(eq(userRights.userId, id));
    const list = [...new Set(change.rechteSolo)];
    if (list.length > 0) await tx.insert(userRights).values(list.map((right) => ({ userId: id, right })));
  }
  await invalidateUsers(tx, [id]);
}

/**
 * Deletes accounts (not the editor's own, none stronger than the editor; the last administrator is
 * kept — errors on `field`). Their sessions, values, rights and subscriptions go with them (foreign keys
 * cascade), what modules keep that they wrote is erased (`erasers`, e.g. their messages' texts); the session
 * cache is dropped on every server. Runs in `db`'s transaction if it is one.
 */
export async function deleteAccounts(
  db: Db,
  editor: Caller,
  ids: readonly number[],
  options: {
    /** The modules' erasers (AppContext.accountErasers). */
    erasers: readonly AccountEraser[];
    field?: string;
    /** Erasure (Art. 17 DSGVO): the accounts' Protokoll history and logins go too, one marker stays each. */
    erase?: boolean;
  },
): Promise<void> {
  const { erasers, field = 'data', erase = false } = options;
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  if (unique.includes(editor.id)) throw invalid({ [field]: [accountMessages.deleteSelf] });
  await keepingAdmins(db, field, async (tx) => {
    await requireAccountChange(tx, editor, unique);
    const names = await tx.select({ id: users.id, nn: users.nn }).from(users).where(inArray(users.id, unique));
    for (const eraseOf of erasers) await eraseOf(tx, unique);
    await tx.delete(users).where(inArray(users.id, unique));
    if (erase) {
      for (const { id, nn } of names) {
        await eraseProtokollOf(tx, '005', 'Benutzer', String(id), [
          { modul: PROTOKOLL_LOGIN_MODULE, objektTyp: 'Benutzer', objektId: String(id) },
          { modul: PROTOKOLL_LOGIN_MODULE, objektTyp: 'Anmeldename', objektId: nn.toLowerCase().slice(0, 200) },
        ]);
      }
    }
    await invalidateUsers(tx, unique);
    await invalidate(tx, cacheScope.session);
  });
}

/**
 * Sets a new generated start password (rootPW) on an account the editor may change and ends all of its
 * sessions, its passkeys and what modules keep to open its data without a password (`enders`: calendar feed tokens);
 * answers the password, shown once and stored nowhere.
 */
export async function resetAccountPassword(
  db: Db,
  editor: Caller,
  id: number,
  enders: readonly CredentialEnder[],
): Promise<string> {
  await requireAccountChange(db, editor, [id]);
  const password = generatePassword();
  const passwordHash = await hashGeneratedPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, rootPw: true }).where(eq(users.id, id));
    await endSessions(tx, id);
    await removePasskeys(tx, id);
    for (const end of enders) await end(tx, id);
  });
  return password;
}

/**
 * Fresh start passwords for those of `ids` still on their start password (a login letter prints them; the
 * earlier ones stop working, as with resetAccountPassword). An account that chose its own password meanwhile
 * keeps it and is not in the answer.
 */
export async function renewStartPasswords(
  db: Db,
  editor: Caller,
  ids: readonly number[],
  enders: readonly CredentialEnder[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.rootPw, true)));
  const onStart = rows.map((row) => row.id);
  if (onStart.length === 0) return new Map();
  await requireAccountChange(db, editor, onStart);
  const fresh = await Promise.all(
    onStart.map(async (id) => {
      const password = generatePassword();
      return { id, password, passwordHash: await hashGeneratedPassword(password) };
    }),
  );
  const renewed = new Map<number, string>();
  await db.transaction(async (tx) => {
    for (const account of fresh) {
      const updated = await tx
        .update(users)
        .set({ passwordHash: account.passwordHash })
        .where(and(eq(users.id, account.id), eq(users.rootPw, true)))
        .returning({ id: users.id });
      if (updated.length === 0) continue;
      await endSessions(tx, account.id);
      await removePasskeys(tx, account.id);
      for (const end of enders) await end(tx, account.id);
      renewed.set(account.id, account.password);
    }
  });
  return renewed;
}

/** Sets the owner's own new password (no longer rootPW); their other sessions end, `keepSession` stays. */
export async function setOwnPassword(
  db: Db,
  userId: number,
  passwordHash: string,
  keepSession?: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, rootPw: false }).where(eq(users.id, userId));
    await endSessions(tx, userId, keepSession);
  });
}

/** Ends an account's sessions (all, or all but `keep`) on every server at once (the platform's session cache). */
export async function endSessions(db: Db, userId: number, keep?: number): Promise<void> {
  await db
    .delete(sessions)
    .where(keep === undefined ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keep)));
  await invalidate(db, cacheScope.user, userId);
  await invalidate(db, cacheScope.session);
}

/** Sessions past their idle or absolute lifetime are removed hourly (they are refused on use anyway). */
export const expiredSessionsJob: BackgroundJob = {
  name: 'expired-sessions',
  everyMs: 60 * 60_000,
  run: (app) => deleteExpiredSessions(app.db),
};

// ---------- groups ----------

export interface GroupRecord {
  /** 0 creates the group. */
  id: number;
  values: {
    name: string;
    icon: string;
    beschreibung: string;
    standard: boolean;
    forcePwReset: boolean;
    totpRequired: boolean;
  };
  rechte: readonly string[];
  parameterIds: readonly number[];
}

/** A group with rights the editor lacks is someone stronger's: it stays as it is. */
export function requireGroupChange(editor: Caller, rightsBefore: readonly string[]): void {
  if (!holdsAllOf(editor.rechte, rightsBefore)) throw new CallError('noRight', accountMessages.strongerGroup);
}

/**
 * Creates or saves a group with its rights and parameters; answers its id. The group must not be
 * stronger than the editor, added rights must be the editor's (errors on 'rechte'), and the last holder
 * of the administration rights is kept. The members' rights change from their next call.
 */
export async function saveGroup(db: Db, editor: Caller, group: GroupRecord): Promise<number> {
  const org = await readOrgData(db);
  const before = group.id === 0 ? [] : (org.groupRights.get(group.id) ?? []);
  requireGroupChange(editor, before);
  const rechte = [...new Set(group.rechte)].sort();
  const rightErrors = grantErrors(editor.rechte, addedRights(before, rechte), 'rechte');
  if (Object.keys(rightErrors).length > 0) throw invalid(rightErrors);
  let groupId = group.id;
  try {
    await keepingAdmins(db, 'rechte', async (tx) => {
      if (groupId === 0) {
        const [created] = await tx.insert(groups).values(group.values).returning({ id: groups.id });
        if (!created) throw new Error('group not created');
        groupId = created.id;
      } else {
        await tx.update(groups).set(group.values).where(eq(groups.id, groupId));
        await tx.delete(groupRights).where(eq(groupRights.groupId, groupId));
        await tx.delete(groupParameters).where(eq(groupParameters.groupId, groupId));
      }
      if (rechte.length > 0) await tx.insert(groupRights).values(rechte.map((right) => ({ groupId, right })));
      if (group.parameterIds.length > 0) {
        await tx
          .insert(groupParameters)
          .values([...new Set(group.parameterIds)].map((parameterId) => ({ groupId, parameterId })));
      }
      // The applicable identification parameters of the members may have changed.
      if (group.id !== 0) await recomputeIdents(tx, await membersOf(tx, groupId));
    });
  } finally {
    await invalidateOrgData(db);
  }
  return groupId;
}

/** Deletes a group the editor may change; memberships, rights and parameter links go with it. */
export async function deleteGroup(db: Db, editor: Caller, groupId: number): Promise<void> {
  const org = await readOrgData(db);
  requireGroupChange(editor, org.groupRights.get(groupId) ?? []);
  const members = await membersOf(db, groupId);
  try {
    await keepingAdmins(db, 'data', async (tx) => {
      await tx.delete(groups).where(eq(groups.id, groupId));
      await recomputeIdents(tx, members);
      await invalidateUsers(tx, members);
    });
  } finally {
    await invalidateOrgData(db);
  }
}
