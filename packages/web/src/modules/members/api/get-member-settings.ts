import { queryOptions, useQuery } from '@tanstack/react-query';
import { membersCalls, type MemberSettings } from '@hortus/contract/modules/members';
import { call } from '../../../platform/api/client';
import { cacheMemberSettings } from '../logic/member-cache';
import { membersKeys } from './keys';

/** Loads the directory settings and keeps them on the device (f100). */
export async function getMemberSettings(): Promise<MemberSettings> {
  const reply = await call(membersCalls.getSettings, {});
  cacheMemberSettings(reply.save);
  return reply.save;
}

export const memberSettingsQueryOptions = () =>
  queryOptions({ queryKey: membersKeys.settings, queryFn: getMemberSettings });

export function useMemberSettings() {
  return useQuery(memberSettingsQueryOptions());
}
