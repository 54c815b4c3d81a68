import { eq, inArray, isNotNull, and } from 'drizzle-orm';
import { inQuietHours, quietHoursOf, type QuietHours } from '@hortus/contract';
import type { Db } from '../db/database';
import { users } from '../db/schema';
import { berlinNow } from '../time/berlin-time';

/**
 * A user's quiet hours for push notifications ('Ruhezeiten', `users.push_quiet_hours`): chosen in the profile
 * (010), honoured by `sendPush` for pushes sent with `respectQuietHours` (module 120's messages).
 */
export async function readQuietHours(db: Db, userId: number): Promise<QuietHours | null> {
  const [row] = await db.select({ quiet: users.pushQuietHours }).from(users).where(eq(users.id, userId)).limit(1);
  return quietHoursOf(row?.quiet ?? null);
}

/** Stores the user's quiet hours (null: none). */
export async function writeQuietHours(db: Db, userId: number, quiet: QuietHours | null): Promise<void> {
  await db.update(users).set({ pushQuietHours: quiet }).where(eq(users.id, userId));
}

/** Of the given users, those whose quiet hours hold at `now` (Berlin time). */
export async function usersInQuietHours(db: Db, userIds: readonly number[], now = Date.now()): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id, quiet: users.pushQuietHours })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), isNotNull(users.pushQuietHours)));
  const time = berlinNow(now).time;
  return new Set(rows.filter((row) => inQuietHours(quietHoursOf(row.quiet), time)).map((row) => row.id));
}
