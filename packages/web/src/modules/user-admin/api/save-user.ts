import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@hortus/contract';
import { userAdminCalls, type SaveNutzerReply } from '@hortus/contract/modules/user-admin';
import { call } from '../../../platform/api/client';
import { userAdminKeys } from './keys';

/** Saves a user; user administration always sends neuPW '1' (a new user gets a generated start password). */
export function saveUser(user: AdminUser): Promise<SaveNutzerReply> {
  return call(userAdminCalls.saveNutzer, { data: user, neuPW: '1' });
}

/** After a successful save the user list reloads. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userAdminKeys.users }),
  });
}
