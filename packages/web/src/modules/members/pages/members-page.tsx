import { useSearchParams } from 'react-router';
import { MemberDetailView } from '../components/member-detail';
import { MemberList } from '../components/member-list';

/** The member id of `?u=`; empty or invalid means the list. */
export function memberIdOf(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** /100 'Mitglieder': the list, or with ?u={id} the member's detail. */
export function MembersPage() {
  const [params] = useSearchParams();
  const id = memberIdOf(params.get('u'));
  return id === null ? <MemberList /> : <MemberDetailView key={id} id={id} />;
}
