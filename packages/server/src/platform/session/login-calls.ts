import { and, eq, sql } from 'drizzle-orm';
import {
  check,
  formatGermanDateTime,
  messages,
  sessionLimitMessage,
  passwordNameError,
  platformCalls,
  pushSubscription,
  type PushSubscriptionJson,
} from '@hortus/contract';
import { hashPassword, needsRehash, verifyPassword } from '../auth/password';
import { accountLockedUntil, beginLoginAttempt, loginSucceeded, pruneLoginAttempts } from '../auth/login-throttle';
import { deleteSession, deviceOf, openSession, SESSIONS_PER_USER_MAX, type EndedSession } from '../auth/sessions';
import type { Db } from '../db/database';
import { pushSubscriptions, users } from '../db/schema';
import { isPublicPushEndpoint } from '../push/endpoint';
import { defineCall, invalid } from '../http/calls';
import { loginScreenOf, readAppSettings } from '../settings/app-settings';
import { legalPages } from '../privacy/papers-facts';
import { recordLogin } from '../audit/protokoll';
import { setOwnPassword } from '../users/accounts';
import { authenticationOptions, verifyPasskeyLogin } from '../auth/passkeys';
import { relyingPartyOf } from '../settings/passkey-calls';
import { activateTotp, beginTotpSetup, checkSecondFactor, otpauthUri, totpRequired, totpStateOf } from '../auth/totp';

// Verifying against a dummy hash when the user name is unknown keeps both answers equally slow.
const dummyHash = hashPassword('timing-equaliser');

/** Parses the push subscription JSON a client sends; an empty string means none. */
export function parseSubscription(text: string): PushSubscriptionJson | null {
  if (text.trim() === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid({ subscription: ['Ungültiges JSON.'] }, 'Ungültige Push-Anmeldung.');
  }
  const parsed = pushSubscription.safeParse(json);
  if (!parsed.success || !isPublicPushEndpoint(parsed.data.endpoint)) {
    throw invalid('subscription', 'Ungültige Push-Anmeldung.');
  }
  return parsed.data;
}

export async function storeSubscription(db: Db, userId: number, subscription: PushSubscriptionJson): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
    });
}

export const loginCall = defineCall(platformCalls.login).forPublic({
  async handle({ db, input, clientAddress, request }) {
    const subscription = parseSubscription(input.subscription);
    // Recorded before the slow hash: parallel guesses are counted before any of them is checked.
    const attempt = await beginLoginAttempt(db, input.nn, clientAddress);
    const [user] = await db
      .select({ id: users.id, nn: users.nn, passwordHash: users.passwordHash, rootPw: users.rootPw })
      .from(users)
      .where(eq(sql`lower(${users.nn})`, input.nn.toLowerCase()))
      .limit(1);
    const login = { nutzerId: user?.id ?? null, nn: input.nn, adresse: clientAddress };
    if (attempt.locked) {
      await recordLogin(db, { ...login, outcome: 'locked' });
      return { status: 'errorCountMax' };
    }
    const valid = await verifyPassword(input.pw, user?.passwordHash ?? (await dummyHash));
    if (!user || !valid) {
      await pruneLoginAttempts(db);
      await recordLogin(db, { ...login, outcome: 'invalid' });
      const lockedUntil = await accountLockedUntil(db, input.nn);
      if (lockedUntil) await recordLogin(db, { ...login, outcome: 'accountLocked', lockedUntil });
      return { status: 'invalid' };
    }
    // The second factor, where the account has one or its group requires one (before any password change).
    const factor = await totpStateOf(db, user.id);
    let recoveryCodes: string[] | undefined;
    if (factor.secret !== null) {
      if (input.otp === '') {
        await loginSucceeded(db, input.nn, clientAddress, attempt);
        return { status: 'zweiterFaktor' };
      }
      if (!(await checkSecondFactor(db, user.id, factor.secret, input.otp))) {
        // A wrong code counts like a wrong password (the attempt stays recorded as a failure).
        await recordLogin(db, { ...login, outcome: 'invalid' });
        throw invalid({ otp: [messages.otpInvalid] });
      }
    } else if (await totpRequired(db, user.id)) {
      if (input.otp === '' || factor.pending === null) {
        await loginSucceeded(db, input.nn, clientAddress, attempt);
        const secret = factor.pending ?? (await beginTotpSetup(db, user.id));
        const settings = await readAppSettings(db);
        return {
          status: 'zweiterFaktorEinrichten',
          secret,
          otpauthUri: otpauthUri(secret, user.nn, settings.app_titel),
        };
      }
      const codes = await activateTotp(db, user.id, input.otp);
      if (codes === null) {
        await recordLogin(db, { ...login, outcome: 'invalid' });
        throw invalid({ otp: [messages.otpInvalid] });
      }
      recoveryCodes = codes;
    }
    await loginSucceeded(db, input.nn, clientAddress, attempt);
    if (user.rootPw) {
      // A start password opens no session: the account chooses its own password in the same call.
      if (input.neuPW === '') return { status: 'passwortWaehlen' };
      const problem =
        check(input.neuPW, ['minPW', 'commonPW', 'password']) ??
        passwordNameError(input.neuPW, user.nn) ??
        (input.neuPW === input.pw ? messages.startPasswordReused : null);
      if (problem) throw invalid({ neuPW: [problem] });
      await setOwnPassword(db, user.id, await hashPassword(input.neuPW));
    } else if (needsRehash(user.passwordHash)) {
      // Hashes of older, weaker parameters move to today's at the next login (unless changed meanwhile).
      const stronger = await hashPassword(input.pw);
      await db
        .update(users)
        .set({ passwordHash: stronger })
        .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
    }
    const { code, ended } = await openSession(db, user.id, clientAddress, deviceOf(request.headers['user-agent']));
    await recordLogin(db, { nutzerId: user.id, nn: input.nn, adresse: clientAddress, outcome: 'success' });
    if (subscription) await storeSubscription(db, user.id, subscription);
    return { status: 'success', code, ...(recoveryCodes ? { recoveryCodes } : {}), ...limitNotice(ended) };
  },
});

/** passkeyAnmeldung: login step 1 with a passkey (issue 42): a challenge any of this address's passkeys may sign. */
export const passkeyAnmeldungCall = defineCall(platformCalls.passkeyAnmeldung).forPublic({
  async handle({ app, db, request }) {
    return {
      status: 'success' as const,
      optionen: await authenticationOptions(db, await relyingPartyOf(app, request)),
    };
  },
});

/**
 * passkeyLogin: step 2, the signed challenge; a verified passkey (with user verification: both factors)
 * opens a session as `login` does. An account on its start password chooses its own with the password first.
 */
export const passkeyLoginCall = defineCall(platformCalls.passkeyLogin).forPublic({
  async handle({ app, db, input, clientAddress, request }) {
    const subscription = parseSubscription(input.subscription);
    const account = await verifyPasskeyLogin(db, await relyingPartyOf(app, request), input.antwort);
    if (account.rootPw) throw invalid({ antwort: [messages.passkeyStartPassword] });
    const device = deviceOf(request.headers['user-agent']);
    const { code, ended } = await openSession(db, account.userId, clientAddress, device);
    await recordLogin(db, { nutzerId: account.userId, nn: account.nn, adresse: clientAddress, outcome: 'success' });
    if (subscription) await storeSubscription(db, account.userId, subscription);
    return { status: 'success' as const, code, ...limitNotice(ended) };
  },
});

/** The login's notice when it logged off another device (the limit of sessions per account). */
function limitNotice(ended: readonly EndedSession[]): { hinweis?: string } {
  const [last] = ended;
  if (!last) return {};
  return {
    hinweis: sessionLimitMessage(SESSIONS_PER_USER_MAX, last.device, formatGermanDateTime(last.lastSeenAt.getTime())),
  };
}

export const logoutCall = defineCall(platformCalls.logout).forPublic({
  async handle({ db, input }) {
    // Logging out an unknown or already ended session is not an error: the result is the same.
    if (input.code !== '') await deleteSession(db, input.code);
    return { status: 'success' };
  },
});

export const saveSubscriptionCall = defineCall(platformCalls.saveSubscription).forSession({
  async handle({ db, input, user }) {
    const subscription = parseSubscription(input.subscription);
    if (!subscription) {
      throw invalid({ subscription: ['Bitte angeben.'] }, 'Ungültige Push-Anmeldung.');
    }
    await storeSubscription(db, user.id, subscription);
    return { status: 'success' };
  },
});

/**
 * The login screen's data; with `mit=rechtliches` (the public pages) also the privacy notice with both contacts
 * and the accessibility statement, so the login route's reply stays as small as it was.
 */
export const loginScreenCall = defineCall(platformCalls.loginScreen).forPublic({
  async handle({ app, db, input }) {
    const settings = await readAppSettings(db);
    const data = loginScreenOf(settings);
    if (input.mit !== 'rechtliches') return { status: 'success', data };
    return { status: 'success', data, rechtliches: await legalPages(app) };
  },
});
