import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { platformCalls } from '@hortus/contract';
import { call } from '../../../platform/api/client';

export const passkeysQueryKey = ['profile', 'passkeys'] as const;

/** The own passkeys: name, added and last used (ISO; '' when never). */
export function usePasskeys() {
  return useQuery({ queryKey: passkeysQueryKey, queryFn: () => call(platformCalls.passkeys, {}) });
}

/**
 * Adds a passkey: the server's options go to the browser (which asks for the device's PIN or fingerprint),
 * the browser's answer back to the server under the chosen name. The library loads on first use only.
 */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const { optionen } = await call(platformCalls.passkeyOptionen, {});
      // The contract keeps the options as loose JSON; they are the browser API's creation options.
      const answer = await startRegistration({
        optionsJSON: optionen as unknown as PublicKeyCredentialCreationOptionsJSON,
      });
      return call(platformCalls.passkeyHinzufuegen, { antwort: JSON.stringify(answer), name });
    },
    onSettled: () => client.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(platformCalls.passkeyEntfernen, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
