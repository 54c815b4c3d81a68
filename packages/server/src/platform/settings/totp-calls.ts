import { messages, platformCalls } from '@hortus/contract';
import { activateTotp, beginTotpSetup, otpauthUri, qrSvg } from '../auth/totp';
import { CallError, defineCall } from '../http/calls';
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
      throw new CallError('validationError', messages.validationFailed, { otp: [messages.otpInvalid] });
    }
    return { status: 'success', recoveryCodes };
  },
});
