import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMitgliedReply, MEMBERS_TIMEOUT_MS, membersPaths, type MemberDetail } from '@hortus/contract';
import { call } from '../../../platform/api/client';
import { cacheMemberDetail } from '../logic/member-cache';
import { membersKeys } from './keys';

/** Loads one member's detail and keeps it on the device (f100). */
export async function getMember(id: number): Promise<MemberDetail> {
  const reply = await call(membersPaths.getMitglied, { id: String(id) }, getMitgliedReply, {
    timeoutMs: MEMBERS_TIMEOUT_MS,
  });
  cacheMemberDetail(reply.nutzer);
  return reply.nutzer;
}

export const memberQueryOptions = (id: number) =>
  queryOptions({ queryKey: membersKeys.detail(id), queryFn: () => getMember(id) });

export function useMember(id: number) {
  return useQuery(memberQueryOptions(id));
}
