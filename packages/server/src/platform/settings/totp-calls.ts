import { eq } from 'drizzle-orm';
import { accountMessages, messages, platformCalls } from '@hortus/contract';
import { beginPasswordCheck, passwordCheckSucceeded, pruneLoginAttempts } from '../auth/login-throttle';
import { verifyPassword } from '../auth/password';
import {
  activateTotp,
  beginTotpSetup,
  checkSecondFactor,
  disableTotp,
  otpauthUri,
  qrSvg,
  totpOverview,
  totpStateOf,
} from '../auth/totp';
import { users } from '../db/schema';
import { defineCall, invalid } from '../http/calls';
import { readAppSettings } from './app-settings';

/** totpEinrichten: a new secret for the caller's authenticator app (an active one stays until the new is activated). */
export const totpEinrichtenCall = defineCall(platformCalls.totpEinrichten).forSession({
  async handle({ db, user }) {
    const secret = await beginTotpSetup(db, user.id);
    const uri = otpauthUri(secret, user.nn, (await readAppSettings(db)).app_titel);
    return { status: 'success', secret, otpauthUri: uri, qr: await qrSvg(uri) };
  },
});

/** totpAktivieren: the app's first code turns two-factor login on; the recovery codes are answered once. */
export const totpAktivierenCall = defineCall(platformCalls.totpAktivieren).forSession({
  async handle({ db, input, user }) {
    const recoveryCodes = await activateTotp(db, user.id, input.otp);
    if (recoveryCodes === null) {
      throw invalid({ otp: [messages.otpInvalid] });
    }
    return { status: 'success', recoveryCodes };
  },
});

/** totpStatus: whether the own second factor is on, required by a group, and how many recovery codes are left. */
export const totpStatusCall = defineCall(platformCalls.totpStatus).forSession({
  async handle({ db, user }) {
    return { status: 'success', ...(await totpOverview(db, user.id)) };
  },
});

/**
 * totpDeaktivieren: turns the own second factor off, confirmed by the password (throttled as the password
 * change is) or a current code of the app; not while a group requires it.
 */
export const totpDeaktivierenCall = defineCall(platformCalls.totpDeaktivieren).forSession({
  async handle({ db, input, user }) {
    if ((await totpOverview(db, user.id)).pflicht) throw invalid({ otp: [messages.totpRequiredByGroup] });
    if (input.pw === '' && input.otp === '') throw invalid({ pw: [messages.totpConfirmOff] });
    if (input.otp !== '') {
      const { secret } = await totpStateOf(db, user.id);
      if (secret === null || !(await checkSecondFactor(db, user.id, secret, input.otp))) {
        throw invalid({ otp: [messages.otpInvalid] });
      }
    } else {
      const attempt = await beginPasswordCheck(db, user.id);
      if (attempt.locked) throw invalid({ pw: [accountMessages.tooManyWrongPasswords] });
      const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      if (!row || !(await verifyPassword(input.pw, row.passwordHash))) {
        await pruneLoginAttempts(db);
        throw invalid({ pw: [messages.wrongOldPassword] });
      }
      await passwordCheckSucceeded(db, user.id);
    }
    await disableTotp(db, user.id);
    return { status: 'success' };
  },
});
