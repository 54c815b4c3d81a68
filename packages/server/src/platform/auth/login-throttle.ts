import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/database';
import { loginAttempts } from '../db/schema';

/**
 * Failed logins are counted per user name and per client address inside a sliding window. When a
 * limit is reached, further logins for that name or from that address answer errorCountMax, even
 * with the right password, until the window has passed.
 */
export const loginThrottle = {
  windowMinutes: 15,
  maxFailuresPerUser: 5,
  maxFailuresPerAddress: 30,
} as const;

function windowStart(): Date {
  return new Date(Date.now() - loginThrottle.windowMinutes * 60 * 1000);
}

async function failures(db: Db, kind: 'user' | 'address', key: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.kind, kind), eq(loginAttempts.key, key), gt(loginAttempts.attemptedAt, windowStart())));
  return row?.n ?? 0;
}

export async function isLoginLocked(db: Db, userName: string, address: string): Promise<boolean> {
  const [byUser, byAddress] = await Promise.all([
    failures(db, 'user', userName.toLowerCase()),
    failures(db, 'address', address),
  ]);
  return byUser >= loginThrottle.maxFailuresPerUser || byAddress >= loginThrottle.maxFailuresPerAddress;
}

export async function recordLoginFailure(db: Db, userName: string, address: string): Promise<void> {
  await db.insert(loginAttempts).values([
    { kind: 'user', key: userName.toLowerCase() },
    { kind: 'address', key: address },
  ]);
  await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, windowStart()));
}

export async function clearLoginFailures(db: Db, userName: string): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.kind, 'user'), eq(loginAttempts.key, userName.toLowerCase())));
}
