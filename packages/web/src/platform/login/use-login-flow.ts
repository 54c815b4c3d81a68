import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@hortus/contract/messages';
import { ApiError, isNetworkError } from '../api/errors';
import { login, type LoginInput } from '../api/login';
import { logout } from '../api/logout';
import { clearPersistedCache } from '../query/persister';
import { currentPushSubscriptionJson } from '../session/push-subscription';
import { clearStorage, setCode, storageKeys, writeStorage } from '../session/storage';
import { settingsQueryKey } from '../api/settings-key';

/** Server messages on the login fields ('Bitte angeben.' for an empty one). */
export interface LoginFieldErrors {
  nn?: string | undefined;
  pw?: string | undefined;
  neuPW?: string | undefined;
  otp?: string | undefined;
}

/**
 * What the login asks for: the credentials; (start password accepted) the account's own new password; the
 * second factor; or (the group requires one) setting up the second factor with the secret shown.
 */
export type LoginStage =
  | { kind: 'credentials' }
  | { kind: 'choosePassword' }
  | { kind: 'otp' }
  | { kind: 'otpSetup'; secret: string; otpauthUri: string }
  | { kind: 'recoveryCodes'; codes: string[] };

/** Logging in: on success the start route opens; on failure the login stays with storage cleared. */
export function useLoginFlow(onEnterApp: (route: string) => void) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const [isPending, setPending] = useState(false);
  const [stage, setStage] = useState<LoginStage>({ kind: 'credentials' });

  const fail = async (message: string) => {
    clearStorage();
    queryClient.removeQueries({ queryKey: settingsQueryKey });
    await clearPersistedCache();
    setError(message);
  };

  const enterApp = async () => {
    // Loaded only now, so they are not part of the login route's JavaScript.
    const [{ settingsQueryOptions }, { selectStartRoute, takeDeepLink }] = await Promise.all([
      import('../api/get-settings'),
      import('../navigation/start-route'),
    ]);
    const settings = await queryClient.fetchQuery(settingsQueryOptions());
    // A deep link opened before the login (e.g. a QR check-in) opens once, if its module is a menu link.
    const start = selectStartRoute(settings.lastView, settings.mainmenu_links, takeDeepLink());
    if (start === null) {
      await logout().catch(() => undefined);
      return await fail(messages.noMenuLinks);
    }
    onEnterApp(start);
  };

  const submit = async (credentials: Omit<LoginInput, 'subscription'>) => {
    if (isPending) return;
    setPending(true);
    setError(null);
    setFieldErrors({});
    try {
      const subscription = await currentPushSubscriptionJson();
      const reply = await login({ ...credentials, subscription });
      if (reply.status === 'invalid') return await fail(messages.loginInvalid);
      if (reply.status === 'errorCountMax') return await fail(messages.loginTooManyAttempts);
      if (reply.status === 'passwortWaehlen') return setStage({ kind: 'choosePassword' });
      if (reply.status === 'zweiterFaktor') return setStage({ kind: 'otp' });
      if (reply.status === 'zweiterFaktorEinrichten') {
        return setStage({ kind: 'otpSetup', secret: reply.secret, otpauthUri: reply.otpauthUri });
      }
      setCode(reply.code);
      if (reply.hinweis) writeStorage(storageKeys.loginNotice, reply.hinweis);
      // The second factor was just set up: its recovery codes are shown once before the app opens.
      if (reply.recoveryCodes) return setStage({ kind: 'recoveryCodes', codes: reply.recoveryCodes });
      await enterApp();
    } catch (caught) {
      if (isNetworkError(caught)) return await fail(messages.loginNetworkError);
      const invalid = caught instanceof ApiError && caught.status === 'validationError' ? caught : null;
      const onFields = {
        nn: invalid?.errors['nn']?.[0],
        pw: invalid?.errors['pw']?.[0],
        neuPW: invalid?.errors['neuPW']?.[0],
        otp: invalid?.errors['otp']?.[0],
      };
      if (Object.values(onFields).some((message) => message !== undefined)) {
        // The server's messages mark their fields (e.g. an empty user name), no extra notice.
        await fail('');
        return setFieldErrors(onFields);
      }
      await fail(invalid?.message || messages.loginInvalid);
    } finally {
      setPending(false);
    }
  };

  /** The login with a passkey instead of user name and password (the browser asks for the screen lock). */
  const passkey = async () => {
    if (isPending) return;
    setPending(true);
    setError(null);
    setFieldErrors({});
    try {
      const { loginWithPasskey } = await import('./passkey-login');
      const session = await loginWithPasskey(await currentPushSubscriptionJson());
      if (session === null) return;
      setCode(session.code);
      if (session.hinweis) writeStorage(storageKeys.loginNotice, session.hinweis);
      await enterApp();
    } catch (caught) {
      if (isNetworkError(caught)) return await fail(messages.loginNetworkError);
      const invalid = caught instanceof ApiError && caught.status === 'validationError' ? caught : null;
      await fail(invalid?.errors['antwort']?.[0] ?? invalid?.message ?? messages.passkeyFailed);
    } finally {
      setPending(false);
    }
  };

  /** Back to the credentials (another user name or password). */
  const restart = () => {
    setStage({ kind: 'credentials' });
    setError(null);
    setFieldErrors({});
  };

  /** After the recovery codes were shown. */
  const proceed = () => {
    setPending(true);
    enterApp()
      .catch(() => fail(messages.loginNetworkError))
      .finally(() => setPending(false));
  };

  return { submit, passkey, error, fieldErrors, isPending, stage, restart, proceed };
}
