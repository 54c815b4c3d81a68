import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mailInboxCalls } from '@hortus/contract/modules/customers';
import { call } from '../../../platform/api/client';

/**
 * Issue 45: the draft costs the invoice inbox made of e-invoices received by mail, and the inbox's state (their
 * own keys: the module's data keys hold CustomerData only).
 */
export const draftKeys = {
  drafts: ['customers-drafts', 'kostenEntwuerfe'] as const,
  inbox: ['customers-drafts', 'posteingang'] as const,
};

/** The open drafts, the latest skipped mails and the inbox's state (staff). */
export function useCostDrafts() {
  return useQuery({
    queryKey: draftKeys.drafts,
    queryFn: () => call(mailInboxCalls.kostenEntwuerfe, {}),
  });
}

/** Discards a draft: the reply is the new list. */
export function useDiscardDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(mailInboxCalls.kostenEntwuerfe, { verwerfen: id }),
    onSuccess: (reply) => queryClient.setQueryData(draftKeys.drafts, reply),
  });
}

/** After a draft was confirmed into a cost: the list is read again. */
export function useDraftsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: draftKeys.drafts });
}

/** The inbox's last fetch (staff or the settings right). */
export function useInboxStatus() {
  return useQuery({
    queryKey: draftKeys.inbox,
    queryFn: () => call(mailInboxCalls.posteingang, {}),
  });
}

/** Fetches the inbox now; the state and the drafts are shown anew. */
export function useFetchInbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(mailInboxCalls.posteingang, { abrufen: true }),
    onSuccess: async (reply) => {
      queryClient.setQueryData(draftKeys.inbox, reply);
      await queryClient.invalidateQueries({ queryKey: draftKeys.drafts });
    },
  });
}
