import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useSaveAction, type SaveTexts } from '../saving/use-save-action';
import { CONFLICT_ERROR, isConflict } from './conflict-alert';
import { applyErrorOf, type ServerErrorMapping } from './server-errors';

/**
 * useSaveAction for a form: runs the save under the overlay with its alerts and, when the server
 * answers a validationError, puts the messages onto the form's fields (nested paths too; see
 * applyServerErrors); a `conflict` answer (the record changed meanwhile) goes to the form's
 * CONFLICT_ERROR (FormDialog shows it with "Neu laden"). Resolves true when it saved.
 */
export function useFormSave<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  mapping?: ServerErrorMapping,
) {
  const saveAction = useSaveAction();
  return async (work: () => Promise<unknown>, texts: SaveTexts): Promise<boolean> => {
    let failure: unknown = null;
    const saved = await saveAction(async () => {
      try {
        await work();
        return true;
      } catch (error) {
        failure = error;
        throw error;
      }
    }, texts);
    if (saved) return true;
    if (isConflict(failure)) {
      form.setError(CONFLICT_ERROR as FieldPath<T>, { type: 'conflict', message: failure.message });
      return false;
    }
    applyErrorOf(form, failure, mapping);
    return false;
  };
}
