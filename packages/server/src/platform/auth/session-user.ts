import { and, eq, gt, sql } from 'drizzle-orm';
import { effectiveRights, type SessionUser } from '@hortus/contract';
import type { Db } from '../db/database';
import { sessions, users } from '../db/schema';
import { readOrgData } from '../settings/org-data';
import { DAY_MS, SESSION_IDLE_DAYS, SESSION_MAX_DAYS, SESSION_TOUCH_INTERVAL_MS, hashToken } from './sessions';

export interface LoadedUser extends SessionUser {
  lastView: string;
}

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

export async function loadUser(db: Db, userId: number): Promise<LoadedUser | null> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ? toLoadedUser(db, row) : null;
}

/**
 * Resolves a session code to its session and user in one query; null for unknown, forged,
 * expired (idle, or older than the absolute lifetime) or logged-out codes.
 */
export async function loadSessionUser(db: Db, code: string): Promise<{ sessionId: number; user: LoadedUser } | null> {
  if (code.length < 20 || code.length > 200) return null;
  const now = new Date();
  const [row] = await db
    .select({ ...userColumns, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(code)),
        gt(sessions.expiresAt, now),
        gt(sessions.createdAt, new Date(now.getTime() - SESSION_MAX_DAYS * DAY_MS)),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_DAYS * DAY_MS) })
      .where(eq(sessions.id, row.sessionId));
  }
  return { sessionId: row.sessionId, user: await toLoadedUser(db, row) };
}
