import { useQuery } from '@tanstack/react-query';
import { profileCalls, type GetMeineDatenReply } from '@hortus/contract/modules/profile';
import { call } from '../../../platform/api/client';

export const meineDatenQueryKey = ['profile', 'meineDaten'] as const;

/** The own parameters (f010) with their values and edit flags. */
export function getMeineDaten(): Promise<GetMeineDatenReply> {
  return call(profileCalls.getMeineDaten, {});
}

export function useMeineDaten() {
  return useQuery({ queryKey: meineDatenQueryKey, queryFn: getMeineDaten });
}
