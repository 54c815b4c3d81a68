import { useMutation, useQueryClient } from '@tanstack/react-query';
import { membersCalls, type MemberSettings } from '@hortus/contract/modules/members';
import { call } from '../../../platform/api/client';
import { cacheMemberSettings } from '../logic/member-cache';
import { membersKeys } from './keys';

export async function saveMemberSettings(settings: MemberSettings): Promise<MemberSettings> {
  const reply = await call(membersCalls.saveSettings, { save: settings });
  cacheMemberSettings(reply.save);
  return reply.save;
}

/** The saved settings replace the loaded ones; the list reloads (other groups may now be shown). */
export function useSaveMemberSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMemberSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(membersKeys.settings, saved);
      await queryClient.invalidateQueries({ queryKey: membersKeys.list });
    },
  });
}
