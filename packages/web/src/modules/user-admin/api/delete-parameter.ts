import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { call } from '../../../platform/api/client';
import { settingsQueryKey } from '../../../platform/api/settings-key';
import { userAdminKeys } from './keys';

export async function deleteParameter(id: number): Promise<void> {
  await call(userAdminCalls.delNutzerparameter, { data: id });
}

export function useDeleteParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteParameter,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: userAdminKeys.groups }),
      ]),
  });
}
