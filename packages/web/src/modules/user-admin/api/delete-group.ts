import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { call } from '../../../platform/api/client';
import { settingsQueryKey } from '../../../platform/api/settings-key';
import { userAdminKeys } from './keys';

export async function deleteGroup(id: number): Promise<void> {
  await call(userAdminCalls.delNutzergruppe, { data: id });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userAdminKeys.groups }),
        queryClient.invalidateQueries({ queryKey: userAdminKeys.users }),
        queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
      ]),
  });
}
