import { get, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { FieldErrors } from '@hortus/contract';
import { ApiError } from '../api/errors';

/**
 * Puts a validationError reply back onto the form: an error keyed `${prefix}${field}` (e.g.
 * 'dataToSave.data.name' with prefix 'dataToSave.data.') lands on that field when the form has it.
 * Returns the messages that found no field.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  errors: FieldErrors,
  prefix = '',
): string[] {
  const values = form.getValues();
  const rest: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const field = key.startsWith(prefix) ? key.slice(prefix.length) : null;
    if (field !== null && field !== '' && get(values, field) !== undefined) {
      form.setError(field as FieldPath<T>, { type: 'server', message: messages.join(' ') });
    } else {
      rest.push(...messages);
    }
  }
  return rest;
}

/** applyServerErrors for whatever a save threw; anything but an ApiError is left alone. */
export function applyErrorOf<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  error: unknown,
  prefix?: string,
): void {
  if (error instanceof ApiError) applyServerErrors(form, error.errors, prefix);
}
