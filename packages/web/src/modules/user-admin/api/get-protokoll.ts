import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallRequestInput, GetProtokollReply } from '@hortus/contract';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { call } from '../../../platform/api/client';
import { userAdminKeys } from './keys';

export type ProtokollQuery = CallRequestInput<typeof userAdminCalls.getProtokoll>;

export async function getProtokoll(input: ProtokollQuery): Promise<GetProtokollReply> {
  return call(userAdminCalls.getProtokoll, input);
}

/** One page of the Protokoll for the filters; the previous page stays shown while the next loads. */
export function useProtokoll(input: ProtokollQuery) {
  return useQuery({
    queryKey: [...userAdminKeys.protokoll, input],
    queryFn: () => getProtokoll(input),
    placeholderData: keepPreviousData,
  });
}
