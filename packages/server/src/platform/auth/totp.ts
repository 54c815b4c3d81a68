import { createHash, randomInt } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../db/database';
import { groups, userGroups, userTotp } from '../db/schema';

/**
 * Two-factor login with time-based one-time passwords (TOTP, RFC 6238: SHA-1, 6 digits, 30 s — what every
 * authenticator app reads from the QR code). A code is accepted one step either side (clock drift) and only
 * once (the step used is kept). Recovery codes (10 × 10 characters) are kept as SHA-256 hashes, each works once.
 */
const PERIOD = 30;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function totpOf(secret: string, label = '', issuer = 'Hortus'): TOTP {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD });
}

/** The time step a code belongs to (one step of clock drift either side), or null when it fits none. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** The current code of a secret (tests, and nothing else: the server never shows a code). */
export function currentCode(secret: string, now = Date.now()): string {
  return totpOf(secret).generate({ timestamp: now });
}

export function otpauthUri(secret: string, userName: string, issuer: string): string {
  return totpOf(secret, userName, issuer || 'Hortus').toString();
}

/** The otpauth URI as an SVG QR code (shown in the profile for the authenticator app to scan). */
export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}

function recoveryHash(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export interface TotpState {
  secret: string | null;
  pending: string | null;
}

export async function totpStateOf(db: Db, userId: number): Promise<TotpState> {
  const [row] = await db
    .select({ secret: userTotp.secret, pending: userTotp.pending })
    .from(userTotp)
    .where(eq(userTotp.userId, userId));
  return { secret: row?.secret ?? null, pending: row?.pending ?? null };
}

/** True when one of the user's groups requires the second factor. */
export async function totpRequired(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(and(eq(userGroups.userId, userId), eq(groups.totpRequired, true)));
  return (row?.n ?? 0) > 0;
}

/** Starts (or restarts) setting up: a new secret waits for its first code; an active one stays until then. */
export async function beginTotpSetup(db: Db, userId: number): Promise<string> {
  const secret = new Secret({ size: 20 }).base32;
  await db
    .insert(userTotp)
    .values({ userId, pending: secret })
    .onConflictDoUpdate({ target: userTotp.userId, set: { pending: secret } });
  return secret;
}

/** The first code of the waiting secret activates it; answers the recovery codes (shown once), or null. */
export async function activateTotp(db: Db, userId: number, code: string): Promise<string[] | null> {
  const { pending } = await totpStateOf(db, userId);
  if (pending === null) return null;
  const step = matchingStep(pending, code.trim());
  if (step === null) return null;
  const codes = newRecoveryCodes();
  const updated = await db
    .update(userTotp)
    .set({ secret: pending, pending: null, lastStep: step, recoveryHashes: codes.map(recoveryHash) })
    .where(and(eq(userTotp.userId, userId), eq(userTotp.pending, pending)))
    .returning({ userId: userTotp.userId });
  return updated.length === 1 ? codes : null;
}

/**
 * The second factor of a login: a current code of the active secret not used before, or an unused recovery
 * code (then used up). Conditional updates make each usable once, also for parallel logins.
 */
export async function checkSecondFactor(db: Db, userId: number, secret: string, input: string): Promise<boolean> {
  const code = input.trim();
  const step = matchingStep(secret, code);
  if (step !== null) {
    const used = await db
      .update(userTotp)
      .set({ lastStep: step })
      .where(and(eq(userTotp.userId, userId), lt(userTotp.lastStep, step)))
      .returning({ userId: userTotp.userId });
    return used.length === 1;
  }
  const hash = recoveryHash(code);
  const used = await db
    .update(userTotp)
    .set({ recoveryHashes: sql`${userTotp.recoveryHashes} - ${hash}` })
    .where(and(eq(userTotp.userId, userId), sql`jsonb_exists(${userTotp.recoveryHashes}, ${hash})`))
    .returning({ userId: userTotp.userId });
  return used.length === 1;
}

/** The own second factor as the profile shows it. */
export async function totpOverview(db: Db, userId: number) {
  const [row] = await db
    .select({ secret: userTotp.secret, recovery: userTotp.recoveryHashes })
    .from(userTotp)
    .where(eq(userTotp.userId, userId));
  const recovery = Array.isArray(row?.recovery) ? row.recovery.length : 0;
  return {
    aktiv: (row?.secret ?? null) !== null,
    pflicht: await totpRequired(db, userId),
    wiederherstellungscodes: recovery,
  };
}

/** Turns the second factor off (secret, waiting secret and recovery codes are deleted). */
export async function disableTotp(db: Db, userId: number): Promise<void> {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
}
