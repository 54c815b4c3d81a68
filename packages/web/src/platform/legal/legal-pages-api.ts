import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformCalls, type LegalPagesData } from '@hortus/contract';
import { call } from '../api/client';

/** The public pages' content: the login screen call with `mit=rechtliches` (no session needed). */
export async function loadLegalPages(): Promise<LegalPagesData> {
  const reply = await call(platformCalls.loginScreen, { mit: 'rechtliches' });
  if (!reply.rechtliches) throw new Error('Die Angaben fehlen in der Antwort des Servers.');
  return reply.rechtliches;
}

export const legalPagesQueryOptions = () =>
  queryOptions({ queryKey: ['rechtliches'], queryFn: loadLegalPages, staleTime: 60_000 });

export function useLegalPages() {
  return useQuery(legalPagesQueryOptions());
}
