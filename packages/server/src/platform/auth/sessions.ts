import { createHash, randomBytes } from 'node:crypto';
import { desc, eq, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../db/database';
import { sessions } from '../db/schema';
import { cacheScope, invalidate } from '../cache/hot-cache';

/** A session lives 30 days after its last use … */
export const SESSION_IDLE_DAYS = 30;
/** … and never longer than 180 days after the login, however often it is used. */
export const SESSION_MAX_DAYS = 180;
/** Live sessions per user (devices); a further login ends the oldest. */
export const SESSIONS_PER_USER_MAX = 20;
export const DAY_MS = 24 * 60 * 60 * 1000;
/** last_seen/expires are written at most once per hour per session, not on every call. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export function hashToken(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

export async function createSession(db: Db, userId: number, clientAddress: string): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.insert(sessions).values({
    tokenHash: hashToken(code),
    userId,
    clientAddress,
    expiresAt: new Date(now + SESSION_IDLE_DAYS * DAY_MS),
  });
  const live = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.id))
    .offset(SESSIONS_PER_USER_MAX);
  if (live.length > 0) {
    await db.delete(sessions).where(
      inArray(
        sessions.id,
        live.map((row) => row.id),
      ),
    );
    await invalidate(db, cacheScope.session);
  }
  return code;
}

export async function deleteSession(db: Db, code: string): Promise<void> {
  const tokenHash = hashToken(code);
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  await invalidate(db, cacheScope.session, tokenHash);
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, new Date()), lt(sessions.createdAt, new Date(Date.now() - SESSION_MAX_DAYS * DAY_MS))),
    );
}
