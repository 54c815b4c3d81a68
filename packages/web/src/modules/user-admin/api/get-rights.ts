import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RightNode } from '@hortus/contract';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { call } from '../../../platform/api/client';
import { userAdminKeys } from './keys';

export async function getRights(): Promise<RightNode> {
  const reply = await call(userAdminCalls.getRechte, {});
  return reply.rechte;
}

/** The rights tree changes only with a new release. Loading fails silently (core.md section 8). */
export const rightsQueryOptions = () =>
  queryOptions({ queryKey: userAdminKeys.rights, queryFn: getRights, staleTime: 5 * 60_000 });

export function useRights() {
  return useQuery(rightsQueryOptions());
}
