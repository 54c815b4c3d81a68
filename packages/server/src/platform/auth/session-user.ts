import { and, eq, gt, sql } from 'drizzle-orm';
import type { SessionUser } from '@hortus/contract';
import type { Db } from '../db/database';
import { sessions, users } from '../db/schema';
import { DAY_MS, SESSION_IDLE_DAYS, SESSION_TOUCH_INTERVAL_MS, hashToken } from './sessions';

export interface LoadedUser extends SessionUser {
  lastView: string;
}

const gruppenColumn = sql<
  number[]
>`coalesce((select json_agg(ug.group_id order by ug.group_id) from user_groups ug where ug.user_id = ${users.id}), '[]'::json)`;
const rechteColumn = sql<string[]>`coalesce((select json_agg(r.right order by r.right) from (
    select gr.right from group_rights gr join user_groups ug on ug.group_id = gr.group_id where ug.user_id = ${users.id}
    union select ur.right from user_rights ur where ur.user_id = ${users.id}
  ) r), '[]'::json)`;
const forcePwResetColumn = sql<boolean>`coalesce((select bool_or(g.force_pw_reset) from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = ${users.id}), false)`;

const userColumns = {
  id: users.id,
  nn: users.nn,
  ident: users.ident,
  rootPW: users.rootPw,
  lastView: users.lastView,
  gruppen: gruppenColumn,
  rechte: rechteColumn,
  groupForcesReset: forcePwResetColumn,
};

type UserRow = {
  id: number;
  nn: string;
  ident: string;
  rootPW: boolean;
  lastView: string;
  gruppen: number[];
  rechte: string[];
  groupForcesReset: boolean;
};

function toLoadedUser(row: UserRow): LoadedUser {
  return {
    id: row.id,
    nn: row.nn,
    ident: row.ident || row.nn,
    gruppen: row.gruppen,
    rechte: row.rechte,
    rootPW: row.rootPW,
    forcePwReset: row.rootPW && row.groupForcesReset,
    lastView: row.lastView,
  };
}

/** One query: the user with groups and effective rights (union of the groups' rights and rechteSolo). */
export async function loadUser(db: Db, userId: number): Promise<LoadedUser | null> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ? toLoadedUser(row) : null;
}

/**
 * Resolves a session code to its session and user in one query; null for unknown, forged,
 * expired or logged-out codes.
 */
export async function loadSessionUser(db: Db, code: string): Promise<{ sessionId: number; user: LoadedUser } | null> {
  if (code.length < 20 || code.length > 200) return null;
  const now = new Date();
  const [row] = await db
    .select({ ...userColumns, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(code)), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_DAYS * DAY_MS) })
      .where(eq(sessions.id, row.sessionId));
  }
  return { sessionId: row.sessionId, user: toLoadedUser(row) };
}
