import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/database';
import { sessions } from '../db/schema';

/** A session lives 30 days after its last use. */
export const SESSION_IDLE_DAYS = 30;
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
  return code;
}

export async function deleteSession(db: Db, code: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(code)));
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
