import { and, count, eq, gt, inArray, lt, max, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { loginAttempts } from '../db/schema';

/**
 * A login lock that stops guessing, not people. Failures are counted per (user name, client address)
 * — so a guesser elsewhere cannot lock the real user out — and per client address — so one address
 * cannot try many names. Past a threshold each further check waits a growing delay (doubling up to a
 * maximum) after the last failure; meanwhile logins for that pair or address answer errorCountMax.
 *
 * Each attempt is recorded before the slow password hash, under a per-address advisory lock, and
 * decides by the attempts recorded before it: parallel guesses cannot race past the threshold.
 * A lock-refused attempt is removed again (waiting does not grow the delay); a successful login
 * removes the pair's failures and its own address entry.
 */
const pairRule = { threshold: 5, baseDelayMs: 60_000, maxDelayMs: 60 * 60_000, windowMs: 24 * 60 * 60_000 } as const;

export const loginThrottle = {
  pair: pairRule,
  address: { threshold: 50, baseDelayMs: 60_000, maxDelayMs: 15 * 60_000, windowMs: 60 * 60_000 },
  /** Wrong old passwords of changePW, per account (a stolen session must not guess on): the pair's delay. */
  account: pairRule,
} as const;

type Kind = keyof typeof loginThrottle;

/** How long after the last failure the next check must wait, given `failures` earlier failures. */
export function lockDelayMs(kind: Kind, failures: number): number {
  const rule = loginThrottle[kind];
  if (failures < rule.threshold) return 0;
  return Math.min(rule.baseDelayMs * 2 ** Math.min(failures - rule.threshold, 30), rule.maxDelayMs);
}

function pairKey(userName: string, address: string): string {
  return `${userName.toLowerCase()}\n${address}`;
}

export interface LoginAttempt {
  locked: boolean;
  /** The recorded entries of this attempt (pair, address). */
  ids: number[];
}

/** Records the attempt and tells whether it may be checked (false: answer errorCountMax). */
export function beginLoginAttempt(db: Db, userName: string, address: string): Promise<LoginAttempt> {
  return beginAttempt(db, address, { pair: pairKey(userName, address), address });
}

/** changePW: records a check of the account's old password; locked while wrong ones wait out their delay. */
export function beginPasswordCheck(db: Db, userId: number): Promise<LoginAttempt> {
  return beginAttempt(db, `account:${userId}`, { account: String(userId) });
}

/** The right old password: the account's failures are forgiven. */
export async function passwordCheckSucceeded(db: Db, userId: number): Promise<void> {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.kind, 'account'), eq(loginAttempts.key, String(userId))));
}

async function beginAttempt(db: Db, lockKey: string, keys: Partial<Record<Kind, string>>): Promise<LoginAttempt> {
  const kinds = (Object.keys(keys) as Kind[]).filter((kind) => keys[kind] !== undefined);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727003, hashtext(${lockKey}))`);
    const inserted = await tx
      .insert(loginAttempts)
      .values(kinds.map((kind) => ({ kind, key: keys[kind] ?? '' })))
      .returning({ id: loginAttempts.id });
    const ids = inserted.map((row) => row.id);
    const now = Date.now();
    let locked = false;
    for (const kind of kinds) {
      const since = new Date(now - loginThrottle[kind].windowMs);
      const [row] = await tx
        .select({ n: count(), last: max(loginAttempts.attemptedAt) })
        .from(loginAttempts)
        .where(
          and(
            eq(loginAttempts.kind, kind),
            eq(loginAttempts.key, keys[kind] ?? ''),
            gt(loginAttempts.attemptedAt, since),
            notInArray(loginAttempts.id, ids),
          ),
        );
      const failures = row?.n ?? 0;
      const last = row?.last ? row.last.getTime() : 0;
      if (now < last + lockDelayMs(kind, failures)) locked = true;
    }
    if (locked) await tx.delete(loginAttempts).where(inArray(loginAttempts.id, ids));
    return { locked, ids };
  });
}

/** A correct password: the pair's failures are forgiven and this attempt does not count for the address. */
export async function loginSucceeded(db: Db, userName: string, address: string, attempt: LoginAttempt): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(
      or(
        inArray(loginAttempts.id, attempt.ids),
        and(eq(loginAttempts.kind, 'pair'), eq(loginAttempts.key, pairKey(userName, address))),
      ),
    );
}

/** Forgets entries older than the longest window (called after failures, so the table stays small). */
export async function pruneLoginAttempts(db: Db): Promise<void> {
  const longest = Math.max(loginThrottle.pair.windowMs, loginThrottle.address.windowMs);
  await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, new Date(Date.now() - longest)));
}
