import { queryOptions, useQuery } from '@tanstack/react-query';
import { membersCalls } from '@hortus/contract/modules/members';
import { call } from '../../../platform/api/client';
import { cacheMemberList, type MemberList } from '../logic/member-cache';
import { membersKeys } from './keys';

/** Loads the member list and keeps the reply on the device (f100). */
export async function getMemberList(): Promise<MemberList> {
  const reply = await call(membersCalls.getMitgliederliste, {});
  const list = { nutzer: reply.nutzer, spalten: reply.spalten };
  cacheMemberList(list);
  return list;
}

export const memberListQueryOptions = () => queryOptions({ queryKey: membersKeys.list, queryFn: getMemberList });

export function useMemberList() {
  return useQuery(memberListQueryOptions());
}
