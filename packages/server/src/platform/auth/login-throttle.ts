import { and, count, eq, gt, inArray, lt, max, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { loginAttempts } from '../db/schema';

/**
 * A login lock per account, not per crowd. Failures are recorded per (user name, client address) and
 * counted three ways:
 * - **pair** (the name from one address): past 5 failures that address waits for that name;
 * - **name** (the name from any address): past 10 failures the account is locked everywhere — guessing
 *   spread over many addresses stops, and the Protokoll shows the lock-out;
 * - **address** (one address, any name): only past a much higher bound (300 an hour — a school behind one
 *   NAT stays far below it), and even then it refuses only names that already failed from that address in
 *   the hour: a correct password of an account that is not under attack is never refused, so one pupil
 *   trying names cannot lock the school out, while a sprayer gets one guess per name and hour.
 * Past a threshold each further check waits a growing delay (doubling up to a maximum) after the last
 * failure; meanwhile logins answer errorCountMax.
 *
 * Each attempt is recorded before the slow password hash, under advisory locks of its name and its address
 * (always in that order), and decides by the attempts recorded before it: parallel guesses cannot race past
 * a threshold. A lock-refused attempt is removed again (waiting does not grow the delay); a successful login
 * removes the pair's failures (a typo of the real user is forgiven; a guesser's elsewhere are not).
 */
const pairRule = { threshold: 5, baseDelayMs: 60_000, maxDelayMs: 60 * 60_000, windowMs: 24 * 60 * 60_000 } as const;

export const loginThrottle = {
  pair: pairRule,
  name: { threshold: 10, baseDelayMs: 60_000, maxDelayMs: 60 * 60_000, windowMs: 24 * 60 * 60_000 },
  address: { threshold: 300, baseDelayMs: 60_000, maxDelayMs: 15 * 60_000, windowMs: 60 * 60_000 },
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

function nameKey(userName: string): string {
  return `${userName.toLowerCase()}\n`;
}

function pairKey(userName: string, address: string): string {
  return `${nameKey(userName)}${address}`;
}

export interface LoginAttempt {
  locked: boolean;
  /** The recorded entries of this attempt (pair, address). */
  ids: number[];
}

interface Tally {
  failures: number;
  last: number;
}

async function tally(db: Db, where: SQL | undefined, ids: number[], windowMs: number, now: number): Promise<Tally> {
  const [row] = await db
    .select({ n: count(), last: max(loginAttempts.attemptedAt) })
    .from(loginAttempts)
    .where(and(where, gt(loginAttempts.attemptedAt, new Date(now - windowMs)), notInArray(loginAttempts.id, ids)));
  return { failures: row?.n ?? 0, last: row?.last ? row.last.getTime() : 0 };
}

function lockedBy(kind: Kind, { failures, last }: Tally, now: number): boolean {
  return now < last + lockDelayMs(kind, failures);
}

const pairsOfName = (userName: string) =>
  and(
    eq(loginAttempts.kind, 'pair'),
    sql`left(${loginAttempts.key}, ${nameKey(userName).length}) = ${nameKey(userName)}`,
  );

/** Records the attempt and tells whether it may be checked (false: answer errorCountMax). */
export function beginLoginAttempt(db: Db, userName: string, address: string): Promise<LoginAttempt> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727004, hashtext(${nameKey(userName)}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(727003, hashtext(${address}))`);
    const inserted = await tx
      .insert(loginAttempts)
      .values([
        { kind: 'pair', key: pairKey(userName, address) },
        { kind: 'address', key: address },
      ])
      .returning({ id: loginAttempts.id });
    const ids = inserted.map((row) => row.id);
    const now = Date.now();
    const thePair = and(eq(loginAttempts.kind, 'pair'), eq(loginAttempts.key, pairKey(userName, address)));
    const pair = await tally(tx, thePair, ids, loginThrottle.pair.windowMs, now);
    const name = await tally(tx, pairsOfName(userName), ids, loginThrottle.name.windowMs, now);
    let locked = lockedBy('pair', pair, now) || lockedBy('name', name, now);
    if (!locked) {
      const theAddress = and(eq(loginAttempts.kind, 'address'), eq(loginAttempts.key, address));
      const crowd = await tally(tx, theAddress, ids, loginThrottle.address.windowMs, now);
      if (lockedBy('address', crowd, now)) {
        // Beyond the address's bound only names that failed from it within the hour wait.
        const recent = await tally(tx, thePair, ids, loginThrottle.address.windowMs, now);
        locked = recent.failures > 0;
      }
    }
    if (locked) await tx.delete(loginAttempts).where(inArray(loginAttempts.id, ids));
    return { locked, ids };
  });
}

/**
 * After a wrong password: when this failure locks the account (the name's failures reached its threshold),
 * the time until which it is locked (for the Protokoll), else null.
 */
export async function accountLockedUntil(db: Db, userName: string): Promise<Date | null> {
  const now = Date.now();
  const name = await tally(db, pairsOfName(userName), [], loginThrottle.name.windowMs, now);
  if (name.failures < loginThrottle.name.threshold) return null;
  return new Date(name.last + lockDelayMs('name', name.failures));
}

/** changePW: records a check of the account's old password; locked while wrong ones wait out their delay. */
export function beginPasswordCheck(db: Db, userId: number): Promise<LoginAttempt> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727003, hashtext(${`account:${userId}`}))`);
    const inserted = await tx
      .insert(loginAttempts)
      .values({ kind: 'account', key: String(userId) })
      .returning({ id: loginAttempts.id });
    const ids = inserted.map((row) => row.id);
    const now = Date.now();
    const theAccount = and(eq(loginAttempts.kind, 'account'), eq(loginAttempts.key, String(userId)));
    const locked = lockedBy('account', await tally(tx, theAccount, ids, loginThrottle.account.windowMs, now), now);
    if (locked) await tx.delete(loginAttempts).where(inArray(loginAttempts.id, ids));
    return { locked, ids };
  });
}

/** The right old password: the account's failures are forgiven. */
export async function passwordCheckSucceeded(db: Db, userId: number): Promise<void> {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.kind, 'account'), eq(loginAttempts.key, String(userId))));
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
  const longest = Math.max(...Object.values(loginThrottle).map((rule) => rule.windowMs));
  await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, new Date(Date.now() - longest)));
}
