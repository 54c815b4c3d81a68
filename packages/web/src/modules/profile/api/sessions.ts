import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformCalls } from '@hortus/contract';
import { call } from '../../../platform/api/client';

export const ownSessionsQueryKey = ['profile', 'meineSitzungen'] as const;

/** The own sessions (devices), the latest used first; `aktuell` is this device. */
export function useOwnSessions() {
  return useQuery({ queryKey: ownSessionsQueryKey, queryFn: () => call(platformCalls.meineSitzungen, {}) });
}

/** Ends another device's session; the list loads again. */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(platformCalls.sitzungBeenden, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: ownSessionsQueryKey }),
  });
}
