import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, count, eq, gt, isNull, lt } from 'drizzle-orm';
import { messages } from '@hortus/contract';
import type { Db } from '../db/database';
import { passkeys, users, webauthnChallenges } from '../db/schema';
import { invalid } from '../http/calls';

/**
 * Passkeys (WebAuthn Level 2 through @simplewebauthn/server): discoverable credentials with user
 * verification, so a passkey login is both factors at once (possession and the device's PIN or
 * biometrics) and needs no user name. The relying party is the app's public address (`appAddress`): its
 * host is the RP ID, the address the expected origin. Challenges live in the database (any server of a
 * cluster may answer the second step), are taken once and expire after five minutes.
 */
const CHALLENGE_MS = 5 * 60_000;
export const MAX_PASSKEYS = 10;

export interface RelyingParty {
  /** The app's public address, e.g. 'https://hort.example.org' (no trailing slash). */
  origin: string;
  id: string;
  name: string;
}

export function relyingParty(origin: string, name: string): RelyingParty {
  return { origin, id: new URL(origin).hostname, name: name || 'Hortus' };
}

async function keepChallenge(db: Db, challenge: string, userId: number | null): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  await db.insert(webauthnChallenges).values({ challenge, userId, expiresAt: new Date(Date.now() + CHALLENGE_MS) });
}

/** The challenge the browser signed (from clientDataJSON), taken once if it was handed out to `userId`. */
async function takeChallenge(db: Db, clientDataJSON: string, userId: number | null): Promise<string> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown }).challenge;
  } catch {
    throw invalid({ antwort: [messages.passkeyFailed] });
  }
  if (typeof challenge !== 'string' || challenge === '') throw invalid({ antwort: [messages.passkeyFailed] });
  const taken = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        gt(webauthnChallenges.expiresAt, new Date()),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  if (taken.length === 0) throw invalid({ antwort: [messages.passkeyExpired] });
  return challenge;
}

/** The browser's answer as JSON text, read into the shape the verifier takes (anything else: a German message). */
function parseAnswer<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(text: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid({ antwort: [messages.passkeyFailed] });
  }
  const answer = value as { id?: unknown; rawId?: unknown; type?: unknown; response?: { clientDataJSON?: unknown } };
  if (
    typeof answer !== 'object' ||
    answer === null ||
    typeof answer.id !== 'string' ||
    typeof answer.rawId !== 'string' ||
    answer.type !== 'public-key' ||
    typeof answer.response?.clientDataJSON !== 'string'
  ) {
    throw invalid({ antwort: [messages.passkeyFailed] });
  }
  return value as T;
}

/**
 * A verification's result when it verified; a thrown error (malformed answer) or a failed check answers the one
 * German message on `antwort`.
 */
async function verifiedOrRefused<T extends { verified: boolean }>(check: Promise<T>): Promise<T & { verified: true }> {
  const result = await check.catch(() => null);
  if (!result?.verified) throw invalid({ antwort: [messages.passkeyFailed] });
  return result as T & { verified: true };
}

/** Options for adding a passkey to the caller's account (its existing ones excluded). */
export async function registrationOptions(db: Db, rp: RelyingParty, user: { id: number; nn: string }) {
  const own = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  if (own.length >= MAX_PASSKEYS) throw invalid({ name: [messages.passkeyLimit] });
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.nn,
    userID: new TextEncoder().encode(`hortus-${user.id}`),
    attestationType: 'none',
    excludeCredentials: own.map((row) => ({ id: row.credentialId, transports: row.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CHALLENGE_MS,
  });
  await keepChallenge(db, options.challenge, user.id);
  // As a plain object (the contract's loose JSON shape), not the library's interface.
  return { ...options };
}

/** Verifies the browser's answer to `registrationOptions` and keeps the passkey under `name`. */
export async function addPasskey(db: Db, rp: RelyingParty, userId: number, answerText: string, name: string) {
  const answer = parseAnswer<RegistrationResponseJSON>(answerText);
  const expectedChallenge = await takeChallenge(db, answer.response.clientDataJSON, userId);
  const verification = await verifiedOrRefused(
    verifyRegistrationResponse({
      response: answer,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    }),
  );
  const { credential } = verification.registrationInfo;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  if (n >= MAX_PASSKEYS) throw invalid({ name: [messages.passkeyLimit] });
  const added = await db
    .insert(passkeys)
    .values({
      userId,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
    })
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  if (added.length === 0) throw invalid({ antwort: [messages.passkeyFailed] });
}

/** Options for a passkey login (no user name: the browser offers the passkeys it has for this address). */
export async function authenticationOptions(db: Db, rp: RelyingParty) {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: CHALLENGE_MS,
  });
  await keepChallenge(db, options.challenge, null);
  return { ...options };
}

/**
 * Verifies a passkey login and answers the account it belongs to (its counter and last use updated). An
 * unknown passkey (removed, or of another installation) and a failed signature answer German messages.
 */
export async function verifyPasskeyLogin(
  db: Db,
  rp: RelyingParty,
  answerText: string,
): Promise<{ userId: number; nn: string; rootPw: boolean }> {
  const answer = parseAnswer<AuthenticationResponseJSON>(answerText);
  const expectedChallenge = await takeChallenge(db, answer.response.clientDataJSON, null);
  const [key] = await db
    .select({
      id: passkeys.id,
      userId: passkeys.userId,
      credentialId: passkeys.credentialId,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
      nn: users.nn,
      rootPw: users.rootPw,
    })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, answer.id));
  if (!key) throw invalid({ antwort: [messages.passkeyUnknown] });
  const verification = await verifiedOrRefused(
    verifyAuthenticationResponse({
      response: answer,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: key.credentialId,
        publicKey: isoBase64URL.toBuffer(key.publicKey),
        counter: key.counter,
        transports: key.transports,
      },
      requireUserVerification: true,
    }),
  );
  await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, key.id));
  return { userId: key.userId, nn: key.nn, rootPw: key.rootPw };
}

export function ownPasskeys(db: Db, userId: number) {
  return db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/** Removes one of the account's own passkeys; false when it has none of that id. */
export async function removeOwnPasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return removed.length > 0;
}

/** A password reset by the administration also ends the account's passkeys (a lost device is the usual reason). */
export async function removePasskeys(db: Db, userId: number): Promise<void> {
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
}
