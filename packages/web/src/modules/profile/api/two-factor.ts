import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformCalls } from '@hortus/contract';
import { call } from '../../../platform/api/client';

export const totpStatusQueryKey = ['profile', 'totpStatus'] as const;

/** The own second factor: on, required by a group, recovery codes left. */
export function useTotpStatus() {
  return useQuery({ queryKey: totpStatusQueryKey, queryFn: () => call(platformCalls.totpStatus, {}) });
}

/** A new secret for the authenticator app (text, otpauth URI, QR code as SVG). */
export function useTotpSetup() {
  return useMutation({ mutationFn: () => call(platformCalls.totpEinrichten, {}) });
}

/** The app's first code turns the second factor on; answers the recovery codes (shown once). */
export function useTotpActivate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (otp: string) => call(platformCalls.totpAktivieren, { otp }),
    onSuccess: () => client.invalidateQueries({ queryKey: totpStatusQueryKey }),
  });
}

/** Turns the second factor off, confirmed by the password or a code. */
export function useTotpDisable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (confirm: { pw: string; otp: string }) => call(platformCalls.totpDeaktivieren, confirm),
    onSuccess: () => client.invalidateQueries({ queryKey: totpStatusQueryKey }),
  });
}
