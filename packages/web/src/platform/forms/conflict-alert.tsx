import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useCallback, useContext, useState } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { ApiError } from '../api/errors';

/**
 * A save answered `conflict` (the record was changed by someone else since it was loaded; see the
 * contract's platform/versions): useFormSave puts the server's message on this form-level error, and
 * FormDialog (or a page with its own form) shows it with ConflictAlert.
 */
export const CONFLICT_ERROR = 'root.conflict';

export function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 'conflict';
}

/**
 * The default "Neu laden": every loaded query is fetched again (the lists hold the records with their
 * versions) and `then` runs (a dialog closes, so it opens again with the current record).
 */
export function useReloadAfterConflict(then: () => void): () => void {
  // The context, not useQueryClient: a FormDialog outside a QueryClientProvider (tests) stays usable.
  const queryClient = useContext(QueryClientContext);
  return () => {
    void queryClient?.invalidateQueries();
    then();
  };
}

/**
 * For saves outside a form (a page's own useSaveAction): `track(work)` remembers a `conflict` answer of
 * the work (still rethrown for the save's alert) as `message`, to show with ConflictAlert.
 */
export function useConflictMessage() {
  const [message, setMessage] = useState<string>();
  const track = useCallback(
    <T,>(work: () => Promise<T>) =>
      async (): Promise<T> => {
        try {
          return await work();
        } catch (error) {
          if (isConflict(error)) setMessage(error.message);
          throw error;
        }
      },
    [],
  );
  const clear = useCallback(() => setMessage(undefined), []);
  return { message, track, clear };
}

/** The conflict message with its "Neu laden" action; nothing without a message. */
export function ConflictAlert({ message, onReload }: { message: string | undefined; onReload(): void }) {
  if (!message) return null;
  return (
    <Alert
      severity="warning"
      data-testid="conflict-alert"
      action={
        <Button color="inherit" size="small" onClick={onReload}>
          Neu laden
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
