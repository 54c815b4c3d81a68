import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { call } from '../../../platform/api/client';
import { userAdminKeys } from './keys';

export async function deleteUser(id: number): Promise<void> {
  await call(userAdminCalls.delNutzer, { data: id });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userAdminKeys.users }),
  });
}
