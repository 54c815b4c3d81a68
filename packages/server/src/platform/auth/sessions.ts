import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../db/database';
import { sessions } from '../db/schema';
import { cacheScope, invalidate } from '../cache/hot-cache';

/** A session lives 30 days after its last use … */
export const SESSION_IDLE_DAYS = 30;
/** … and never longer than 180 days after the login, however often it is used. */
export const SESSION_MAX_DAYS = 180;
/** Live sessions per user (devices); a further login ends the least recently used (and says so). */
export const SESSIONS_PER_USER_MAX = 20;
export const DAY_MS = 24 * 60 * 60 * 1000;
/** last_seen/expires are written at most once per hour per session, not on every call. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export function hashToken(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/**
 * What a session list shows of a login's device: browser and system from its user agent ('Chrome auf Android',
 * 'Safari auf iPhone'); only this summary is kept, not the user agent itself (data minimisation).
 */
export function deviceOf(userAgent: string | undefined): string {
  const agent = userAgent ?? '';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /(Firefox|FxiOS)\//.test(agent)
      ? 'Firefox'
      : /(Chrome|CriOS|Chromium)\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : '';
  const system = /iPhone/.test(agent)
    ? 'iPhone'
    : /iPad/.test(agent)
      ? 'iPad'
      : /Android/.test(agent)
        ? 'Android'
        : /Windows/.test(agent)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(agent)
            ? 'Mac'
            : /Linux/.test(agent)
              ? 'Linux'
              : '';
  if (browser && system) return `${browser} auf ${system}`;
  return browser || system || 'Unbekanntes Gerät';
}

export async function createSession(db: Db, userId: number, clientAddress: string, device = ''): Promise<string> {
  return (await openSession(db, userId, clientAddress, device)).code;
}

/** A session that had to end for a new login: its device and last use. */
export interface EndedSession {
  device: string;
  lastSeenAt: Date;
}

/**
 * A new session of the account; past SESSIONS_PER_USER_MAX live ones, the least recently used end (on every
 * server) and are answered, so the login can say which device it logged off.
 */
export async function openSession(
  db: Db,
  userId: number,
  clientAddress: string,
  device = '',
): Promise<{ code: string; ended: EndedSession[] }> {
  const code = randomBytes(32).toString('base64url');
  const now = Date.now();
  const [created] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(code),
      userId,
      clientAddress,
      device,
      expiresAt: new Date(now + SESSION_IDLE_DAYS * DAY_MS),
    })
    .returning({ id: sessions.id });
  const surplus = await db
    .select({ id: sessions.id, device: sessions.device, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, created!.id)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .offset(SESSIONS_PER_USER_MAX - 1);
  if (surplus.length === 0) return { code, ended: [] };
  await db.delete(sessions).where(
    inArray(
      sessions.id,
      surplus.map((row) => row.id),
    ),
  );
  await invalidate(db, cacheScope.session);
  return {
    code,
    ended: surplus.map((row) => ({ device: row.device || 'Unbekanntes Gerät', lastSeenAt: row.lastSeenAt })),
  };
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

/** The own sessions (devices) of an account, the latest used first. */
export async function ownSessions(db: Db, userId: number) {
  return db
    .select({
      id: sessions.id,
      device: sessions.device,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Ends one of the account's own sessions; false when it has none of that id (another's, or gone). */
export async function endOwnSession(db: Db, userId: number, sessionId: number): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ tokenHash: sessions.tokenHash });
  for (const row of ended) await invalidate(db, cacheScope.session, row.tokenHash);
  return ended.length > 0;
}
