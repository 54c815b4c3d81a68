import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminGroup } from '@hortus/contract';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { call } from '../../../platform/api/client';
import { userAdminKeys } from './keys';

export async function getGroups(): Promise<AdminGroup[]> {
  const reply = await call(userAdminCalls.getNutzergruppen, {});
  return reply.gruppen;
}

export const groupsQueryOptions = () => queryOptions({ queryKey: userAdminKeys.groups, queryFn: getGroups });

/** The groups with their rights and parameters. */
export function useGroups() {
  return useQuery(groupsQueryOptions());
}
