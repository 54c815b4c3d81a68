import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { receivablesCalls, type BankAssignment } from '@hortus/contract/modules/customers';
import { call } from '../../../platform/api/client';
import { upload } from '../../../platform/api/upload';
import { customerKeys } from './customers';

/** Issue 45: the overdue list (its own key: the module's data keys hold CustomerData only). */
export const receivableKeys = { openItems: ['customers-receivables', 'offenePosten'] as const };

/** A statement may take longer than a save (up to 5 MB, receipts made per booking). */
const STATEMENT_TIMEOUT_MS = 120_000;

export function useOpenItems() {
  return useQuery({
    queryKey: receivableKeys.openItems,
    queryFn: () => call(receivablesCalls.offenePosten, {}),
  });
}

/** After a letter or a payment: the list and the module's data (documents, open amounts) are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: receivableKeys.openItems }),
      queryClient.invalidateQueries({ queryKey: customerKeys.all }),
    ]);
  };
}

/** Sends the next dunning level for an invoice (call `mahnen`). */
export function useDun() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { rechnungId: number; datum: string }) => call(receivablesCalls.mahnen, { mahnung: input }),
    onSuccess: refresh,
  });
}

/** Reads a statement: the proposed matches (nothing is written). */
export function previewStatement(file: File) {
  return upload(receivablesCalls.kontoauszugVorschau, {}, { file }, { timeoutMs: STATEMENT_TIMEOUT_MS });
}

/** Books the confirmed matches of the statement (sent again). */
export function useConfirmStatement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { file: File; zuordnungen: BankAssignment[] }) =>
      upload(
        receivablesCalls.kontoauszugUebernehmen,
        { zuordnungen: input.zuordnungen },
        { file: input.file },
        { timeoutMs: STATEMENT_TIMEOUT_MS },
      ),
    onSuccess: refresh,
  });
}
