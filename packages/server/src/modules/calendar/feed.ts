import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hasRight } from '@hortus/contract';
import {
  CALENDAR_ICAL_PREFIX,
  buildICalendar,
  calendarModule,
  calendarRights,
} from '@hortus/contract/modules/calendar';
import { cacheScope, invalidate, remember } from '../../platform/cache/hot-cache';
import { loadUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import type { AppContext } from '../../platform/http/calls';
import { readOrgData } from '../../platform/settings/org-data';
import { calendarFeedTokens } from './schema';
import { loadSettingsFor } from './settings';
import { loadCalendarState } from './state';

/**
 * Private iCalendar feed per user: a random 256-bit token in the address, only its SHA-256 stored.
 * A new token replaces the old one (revoking it); revoking deletes it.
 */
function hashFeedToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const feedScope = cacheScope.module(`${calendarModule.code}-feed`);

/** Whether the user has a feed (every calendar reply says so): kept in memory per user. */
export function hasFeed(db: Db, userId: number): Promise<boolean> {
  return remember(db, feedScope, String(userId), async () => {
    const [row] = await db
      .select({ userId: calendarFeedTokens.userId })
      .from(calendarFeedTokens)
      .where(eq(calendarFeedTokens.userId, userId));
    return row !== undefined;
  });
}

/** A new token for the user (the previous one stops working); answers the token. */
export async function renewFeedToken(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(calendarFeedTokens)
    .values({ userId, tokenHash: hashFeedToken(token) })
    .onConflictDoUpdate({
      target: calendarFeedTokens.userId,
      set: { tokenHash: hashFeedToken(token), createdAt: new Date() },
    });
  await invalidate(db, feedScope, userId);
  return token;
}

export async function revokeFeedToken(db: Db, userId: number): Promise<void> {
  await db.delete(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId));
  await invalidate(db, feedScope, userId);
}

/** The feed's address under the app's public address (platform appAddress, without trailing slash). */
export function feedUrl(address: string, token: string): string {
  return `${address}${CALENDAR_ICAL_PREFIX}${token}.ics`;
}

/** The iCalendar text of what the token's user may see now, or null for an unknown token or a user without x|110. */
export async function feedFor(db: Db, token: string, now = Date.now()): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(calendarFeedTokens)
    .where(eq(calendarFeedTokens.tokenHash, hashFeedToken(token)));
  if (!row) return null;
  const user = await loadUser(db, row.userId);
  if (!user || !hasRight(user.rechte, calendarRights.calendar)) return null;
  const state = await loadCalendarState(db, user);
  const settings = await loadSettingsFor(db, user);
  const org = await readOrgData(db);
  return buildICalendar(state.events, {
    calendarName: org.settings.app_titel || 'Kalender',
    now,
    uidDomain: 'hortus',
    categoryNames: new Map(state.kategorien.map((category) => [category.id, category.name])),
    birthdays: settings.geburtstage,
  });
}

/** GET /_api/000/110/ical/<token>.ics — no session: the token is the credential. */
export function registerFeedRoute(fastify: FastifyInstance, app: AppContext): void {
  fastify.get<{ Params: { file: string } }>(`${CALENDAR_ICAL_PREFIX}:file`, async (request, reply) => {
    const token = request.params.file.replace(/\.ics$/, '');
    const text = await feedFor(app.db, token);
    if (text === null) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Unbekannte Kalenderadresse');
    }
    return reply
      .code(200)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'inline; filename="kalender.ics"')
      .type('text/calendar; charset=utf-8')
      .send(text);
  });
}
