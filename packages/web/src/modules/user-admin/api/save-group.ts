import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminGroup } from '@hortus/contract';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { call } from '../../../platform/api/client';
import { settingsQueryKey } from '../../../platform/api/settings-key';
import { userAdminKeys } from './keys';

/** Saves a group (id 0 = new) and returns the stored group. */
export async function saveGroup(group: AdminGroup): Promise<AdminGroup> {
  const reply = await call(userAdminCalls.saveNutzergruppe, { data: group });
  return reply.gruppe;
}

/** Groups appear in the settings too (nutzergruppen), and rights of the session's own groups may change. */
export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGroup,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userAdminKeys.groups }),
        queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
      ]),
  });
}
