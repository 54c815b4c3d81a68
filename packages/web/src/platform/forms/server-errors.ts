import { get, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { FieldErrors } from '@hortus/contract';
import { ApiError } from '../api/errors';
import { isUnder } from './form-errors';

/** The form-level error the server's unplaceable messages land on (shown above the fields). */
export const SERVER_ROOT_ERROR = 'root.server';

/** The wire prefixes of the calls' error keys, tried in this order after the mapping's own prefix. */
const WIRE_PREFIXES = ['dataToSave.data.', 'dataToSave.', ''];

/** How a form finds its fields in the server's error keys. */
export interface ServerErrorMapping {
  /** A wire prefix of the keys to try first (the common ones, 'dataToSave.data.' and 'dataToSave.', are always tried). */
  prefix?: string;
  /**
   * Wire paths the form names differently, by prefix: `{ 'kind.telefon': 'telefonnummern' }` puts
   * 'kind.telefon.2.nummer' on 'telefonnummern.2.nummer'. The longest matching prefix wins.
   */
  renames?: Readonly<Record<string, string>>;
  /** The form field of a wire field when a rename by prefix does not do (calendar 'start' → 'startDay'). */
  fieldOf?(wireField: string): string;
}

function renamed(path: string, renames: Readonly<Record<string, string>>): string {
  const from = Object.keys(renames)
    .filter((prefix) => isUnder(path, prefix))
    .sort((a, b) => b.length - a.length)[0];
  return from === undefined ? path : `${renames[from]}${path.slice(from.length)}`;
}

/** The form path of a wire key, or null when the form has no such field. */
export function formPathOf(key: string, values: unknown, mapping: ServerErrorMapping = {}): string | null {
  const { prefix, renames = {}, fieldOf = (field: string) => field } = mapping;
  const prefixes = prefix === undefined ? WIRE_PREFIXES : [prefix, ...WIRE_PREFIXES];
  for (const candidate of prefixes) {
    if (!key.startsWith(candidate) || key === candidate) continue;
    const path = renamed(fieldOf(key.slice(candidate.length)), renames);
    if (get(values, path) !== undefined) return path;
  }
  return null;
}

/**
 * Puts a validationError reply back onto the form: each key (e.g. 'dataToSave.data.kind.telefon.2.nummer')
 * lands on the field of that path, wire prefix stripped and renamed by the mapping, when the form has it.
 * Messages that find no field go to the form's `root.server` error (FormDialog and SettingsForm show it)
 * and are returned.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  errors: FieldErrors,
  mapping: ServerErrorMapping = {},
): string[] {
  const values = form.getValues();
  const rest: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const field = formPathOf(key, values, mapping);
    if (field !== null) {
      form.setError(field as FieldPath<T>, { type: 'server', message: messages.join(' ') });
    } else {
      rest.push(...messages);
    }
  }
  if (rest.length > 0) form.setError(SERVER_ROOT_ERROR as FieldPath<T>, { type: 'server', message: rest.join(' ') });
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
