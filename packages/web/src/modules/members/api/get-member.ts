import { queryOptions, useQuery } from '@tanstack/react-query';
import { membersCalls, type MemberDetail } from '@hortus/contract/modules/members';
import { call } from '../../../platform/api/client';
import { cacheMemberDetail } from '../logic/member-cache';
import { membersKeys } from './keys';

/** Loads one member's detail and keeps it on the device (f100). */
export async function getMember(id: number): Promise<MemberDetail> {
  const reply = await call(membersCalls.getMitglied, { id });
  cacheMemberDetail(reply.nutzer);
  return reply.nutzer;
}

export const memberQueryOptions = (id: number) =>
  queryOptions({ queryKey: membersKeys.detail(id), queryFn: () => getMember(id) });

export function useMember(id: number) {
  return useQuery(memberQueryOptions(id));
}
