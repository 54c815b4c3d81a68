import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { platformCalls } from '@hortus/contract';
import { call } from '../api/client';

/**
 * The login with a passkey (issue 42), loaded only when the button is pressed (not part of the login
 * route's JavaScript): the server's challenge goes to the browser, which lets the user pick a passkey of
 * this address and unlock it; the signed answer opens a session. Null when the user cancelled the browser's
 * dialog (nothing to report).
 */
export async function loginWithPasskey(
  subscription: string,
): Promise<{ code: string; hinweis?: string | undefined } | null> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { optionen } = await call(platformCalls.passkeyAnmeldung, {});
  let answer;
  try {
    // The contract keeps the options as loose JSON; they are the browser API's request options.
    answer = await startAuthentication({ optionsJSON: optionen as unknown as PublicKeyCredentialRequestOptionsJSON });
  } catch (error) {
    if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) return null;
    throw error;
  }
  const reply = await call(platformCalls.passkeyLogin, { antwort: JSON.stringify(answer), subscription });
  return reply.status === 'success' ? { code: reply.code, hinweis: reply.hinweis } : null;
}
