import { eq, sql } from 'drizzle-orm';
import { platformCalls, pushSubscription, type PushSubscriptionJson } from '@hortus/contract';
import { hashPassword, verifyPassword } from '../auth/password';
import { accountLockedUntil, beginLoginAttempt, loginSucceeded, pruneLoginAttempts } from '../auth/login-throttle';
import { createSession, deleteSession } from '../auth/sessions';
import type { Db } from '../db/database';
import { pushSubscriptions, users } from '../db/schema';
import { isPublicPushEndpoint } from '../push/endpoint';
import { defineCall, CallError } from '../http/calls';
import { loginScreenOf, readAppSettings } from '../settings/app-settings';
import { recordLogin } from '../audit/protokoll';

// Verifying against a dummy hash when the user name is unknown keeps both answers equally slow.
const dummyHash = hashPassword('timing-equaliser');

/** Parses the push subscription JSON a client sends; an empty string means none. */
export function parseSubscription(text: string): PushSubscriptionJson | null {
  if (text.trim() === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CallError('validationError', 'Ungültige Push-Anmeldung.', { subscription: ['Ungültiges JSON.'] });
  }
  const parsed = pushSubscription.safeParse(json);
  if (!parsed.success || !isPublicPushEndpoint(parsed.data.endpoint)) {
    throw new CallError('validationError', 'Ungültige Push-Anmeldung.', {
      subscription: ['Ungültige Push-Anmeldung.'],
    });
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
  async handle({ db, input, clientAddress }) {
    const subscription = parseSubscription(input.subscription);
    // Recorded before the slow hash: parallel guesses are counted before any of them is checked.
    const attempt = await beginLoginAttempt(db, input.nn, clientAddress);
    const [user] = await db
      .select({ id: users.id, nn: users.nn, passwordHash: users.passwordHash })
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
    await loginSucceeded(db, input.nn, clientAddress, attempt);
    const code = await createSession(db, user.id, clientAddress);
    await recordLogin(db, { nutzerId: user.id, nn: input.nn, adresse: clientAddress, outcome: 'success' });
    if (subscription) await storeSubscription(db, user.id, subscription);
    return { status: 'success', code };
  },
});

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
      throw new CallError('validationError', 'Ungültige Push-Anmeldung.', { subscription: ['Bitte angeben.'] });
    }
    await storeSubscription(db, user.id, subscription);
    return { status: 'success' };
  },
});

export const loginScreenCall = defineCall(platformCalls.loginScreen).forPublic({
  async handle({ db }) {
    return { status: 'success', data: loginScreenOf(await readAppSettings(db)) };
  },
});
