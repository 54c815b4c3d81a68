import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@hortus/contract';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { call } from '../../../platform/api/client';
import { userAdminKeys } from './keys';

export async function getUsers(): Promise<AdminUser[]> {
  const reply = await call(userAdminCalls.getNutzer, {});
  return reply.nutzer;
}

export const usersQueryOptions = () => queryOptions({ queryKey: userAdminKeys.users, queryFn: getUsers });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
