import { get, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { FieldErrors } from '@hortus/contract';
import { ApiError } from '../api/errors';

/** How a form finds its fields in the server's error keys. */
export interface ServerErrorMapping {
  /** The wire prefix of the keys, e.g. 'dataToSave.data.'. */
  prefix?: string;
  /** The form field of a wire field when the form names it differently (calendar 'start' → 'startDay'). */
  fieldOf?(wireField: string): string;
}

/**
 * Puts a validationError reply back onto the form: an error keyed `${prefix}${field}` (e.g.
 * 'dataToSave.data.name' with prefix 'dataToSave.data.') lands on that field when the form has it.
 * Returns the messages that found no field.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  errors: FieldErrors,
  { prefix = '', fieldOf = (field) => field }: ServerErrorMapping = {},
): string[] {
  const values = form.getValues();
  const rest: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const field = key.startsWith(prefix) && key !== prefix ? fieldOf(key.slice(prefix.length)) : null;
    if (field !== null && get(values, field) !== undefined) {
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
  mapping?: ServerErrorMapping,
): void {
  if (error instanceof ApiError) applyServerErrors(form, error.errors, mapping);
}
