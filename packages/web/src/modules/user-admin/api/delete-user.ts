import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delNutzerReply, userAdminPaths } from '@hortus/contract';
import { call } from '../../../platform/api/client';
import { userAdminKeys } from './keys';

export async function deleteUser(id: number): Promise<void> {
  await call(userAdminPaths.delNutzer, { data: String(id) }, delNutzerReply);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userAdminKeys.users }),
  });
}
