import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@hortus/contract';
import { userAdminCalls, type SaveNutzerReply } from '@hortus/contract/modules/user-admin';
import { call } from '../../../platform/api/client';
import { membersKeys } from './keys';

/** A member-detail save reuses saveNutzer with an empty neuPW (core.md section 7). */
export function saveMember(user: AdminUser): Promise<SaveNutzerReply> {
  return call(userAdminCalls.saveNutzer, { data: user, neuPW: '' });
}

/** After a save (also a failed one) the detail and the list reload. */
export function useSaveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMember,
    onSettled: (_reply, _error, user) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKeys.detail(user.id) }),
        queryClient.invalidateQueries({ queryKey: membersKeys.list }),
      ]),
  });
}
