import { useCallback } from 'react';
import { useAlert } from '../alert/alert-context';
import { saveErrorMessage } from '../api/save-error-message';
import { useSaving } from './saving-context';

export interface SaveTexts {
  /** Shown after success; omit when the caller reports success itself. */
  success?: string;
  /** The specification's failure text, shown when the server did not answer. */
  failure: string;
}

/**
 * Runs a save under the saving overlay and reports it: the success text, or the server's German
 * messages (else the failure text). Returns the result, or null when it failed or another save runs.
 */
export function useSaveAction() {
  const saving = useSaving();
  const alert = useAlert();
  return useCallback(
    async <T>(work: () => Promise<T>, texts: SaveTexts): Promise<T | null> => {
      if (saving.isSaving) return null;
      try {
        const result = await saving.run(work());
        if (texts.success) alert.success(texts.success);
        return result;
      } catch (error) {
        alert.error(saveErrorMessage(error, texts.failure));
        return null;
      }
    },
    [saving, alert],
  );
}
