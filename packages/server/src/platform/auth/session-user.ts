import { eq, sql } from 'drizzle-orm';
import { effectiveRights, type SessionUser } from '@hortus/contract';
import type { Db } from '../db/database';
import { sessions, users } from '../db/schema';
import { readOrgData, type OrgData } from '../settings/org-data';
import { cacheScope, isRootHandle, remember } from '../cache/hot-cache';
import { DAY_MS, SESSION_IDLE_DAYS, SESSION_MAX_DAYS, SESSION_TOUCH_INTERVAL_MS, hashToken } from './sessions';

export interface LoadedUser extends SessionUser {
  lastView: string;
}

/**
 * Who calls, as services and access rules read it: the signed-in user's id, groups and effective rights
 * (a part of LoadedUser, so handlers pass `ctx.user`; a background job or test may build one). The one
 * name for the caller in the server; docs/glossary.md.
 */
export type Caller = Pick<LoadedUser, 'id' | 'gruppen' | 'rechte'>;

const userColumns = {
  id: users.id,
  nn: users.nn,
  ident: users.ident,
  rootPW: users.rootPw,
  lastView: users.lastView,
  gruppen: sql<
    number[]
  >`coalesce((select json_agg(ug.group_id order by ug.group_id) from user_groups ug where ug.user_id = ${users.id}), '[]'::json)`,
  rechteSolo: sql<
    string[]
  >`coalesce((select json_agg(ur.right) from user_rights ur where ur.user_id = ${users.id}), '[]'::json)`,
};

type UserRow = {
  id: number;
  nn: string;
  ident: string;
  rootPW: boolean;
  lastView: string;
  gruppen: number[];
  rechteSolo: string[];
};

/** Effective rights: the union of the rights of the user's groups and the user's own rights (rechteSolo). */
async function toLoadedUser(db: Db, row: UserRow): Promise<LoadedUser> {
  const org = await readOrgData(db);
  // Both row and org data are cached objects: while neither changes, the user is the same.
  const known = loadedUsers.get(row);
  if (known && known.org === org) return known.user;
  const user = buildLoadedUser(org, row);
  loadedUsers.set(row, { org, user });
  return user;
}

const loadedUsers = new WeakMap<UserRow, { org: OrgData; user: LoadedUser }>();

function buildLoadedUser(org: OrgData, row: UserRow): LoadedUser {
  const groupForcesReset = org.groups.some((group) => row.gruppen.includes(group.id) && group.forcePwReset);
  return {
    id: row.id,
    nn: row.nn,
    ident: row.ident || row.nn,
    gruppen: row.gruppen,
    rechte: effectiveRights(
      row.gruppen.map((groupId) => org.groupRights.get(groupId) ?? []),
      row.rechteSolo,
    ),
    rootPW: row.rootPW,
    forcePwReset: row.rootPW && groupForcesReset,
    lastView: row.lastView,
  };
}

/** The cached user row (scope `user`, keyed by id; invalidated at every write of its parts). */
function cachedUserRow(db: Db, userId: number): Promise<UserRow | null> {
  return remember(db, cacheScope.user, String(userId), async () => {
    const [row] = isRootHandle(db)
      ? await preparedOf(db).user.execute({ userId })
      : await db.select(userColumns).from(users).where(eq(users.id, userId)).limit(1);
    return row ?? null;
  });
}

export async function loadUser(db: Db, userId: number): Promise<LoadedUser | null> {
  const row = await cachedUserRow(db, userId);
  return row ? toLoadedUser(db, row) : null;
}

interface SessionRow {
  sessionId: number;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
}

const sessionColumns = {
  sessionId: sessions.id,
  userId: sessions.userId,
  createdAt: sessions.createdAt,
  expiresAt: sessions.expiresAt,
  lastSeenAt: sessions.lastSeenAt,
};

/**
 * Named prepared statements of the two lookups every call makes on a miss (PostgreSQL plans them once
 * per connection; Drizzle builds their SQL once), per database.
 */
function prepareLookups(db: Db) {
  return {
    session: db
      .select(sessionColumns)
      .from(sessions)
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare('hortus_session_by_token'),
    user: db
      .select(userColumns)
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('hortus_user_by_id'),
  };
}
const prepared = new WeakMap<Db, ReturnType<typeof prepareLookups>>();
function preparedOf(db: Db) {
  let statements = prepared.get(db);
  if (!statements) {
    statements = prepareLookups(db);
    prepared.set(db, statements);
  }
  return statements;
}

/**
 * The hash of a code, remembered for the codes seen lately (a SHA-256 per call was a twentieth of
 * getSettings' time). Bounded: the map starts over when it is full; it only saves work and holds nothing
 * that the code itself does not give.
 */
function tokenHashOf(code: string): string {
  let hash = tokenHashes.get(code);
  if (hash === undefined) {
    if (tokenHashes.size >= TOKEN_HASHES_MAX) tokenHashes.clear();
    hash = hashToken(code);
    tokenHashes.set(code, hash);
  }
  return hash;
}
const TOKEN_HASHES_MAX = 10_000;
const tokenHashes = new Map<string, string>();

/**
 * Resolves a session code to its session and user from memory (scope `session` by token hash, then the
 * user); the database is asked only on a miss. Expiry (idle, or older than the absolute lifetime) is
 * checked here on every call; null for unknown, forged, expired or logged-out codes. last_seen/expires
 * are still written at most once per hour.
 */
export async function loadSessionUser(db: Db, code: string): Promise<{ sessionId: number; user: LoadedUser } | null> {
  if (code.length < 20 || code.length > 200) return null;
  const tokenHash = tokenHashOf(code);
  const session = await remember(db, cacheScope.session, tokenHash, async (): Promise<SessionRow | null> => {
    const [row] = isRootHandle(db)
      ? await preparedOf(db).session.execute({ tokenHash })
      : await db.select(sessionColumns).from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
    return row ?? null;
  });
  if (!session) return null;
  const now = Date.now();
  if (session.expiresAt.getTime() <= now || session.createdAt.getTime() <= now - SESSION_MAX_DAYS * DAY_MS) return null;
  if (now - session.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    const lastSeenAt = new Date(now);
    const expiresAt = new Date(now + SESSION_IDLE_DAYS * DAY_MS);
    // The cached row moves on at once, so concurrent calls do not write again.
    session.lastSeenAt = lastSeenAt;
    session.expiresAt = expiresAt;
    await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, session.sessionId));
  }
  const row = await cachedUserRow(db, session.userId);
  if (!row) return null;
  return { sessionId: session.sessionId, user: await toLoadedUser(db, row) };
}
