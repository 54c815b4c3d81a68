import { z } from 'zod';
import { check, type RuleName } from './validation';

/**
 * A string field checked by the shared rules, so the server answers with exactly the German
 * message a form would show.
 */
export function ruledString(...ruleNames: RuleName[]) {
  return z.string({ error: 'Bitte angeben.' }).superRefine((value, ctx) => {
    const message = check(value, ruleNames);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });
}

/**
 * A form field that carries JSON text (the API sends values like dataToSave as strings).
 * Invalid JSON becomes a validation issue rather than an exception.
 */
export function jsonField<T extends z.ZodType>(schema: T) {
  return z
    .string({ error: 'Bitte angeben.' })
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Ungültiges JSON.' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** German messages per field, as the API returns them with status 'validationError'. */
export type FieldErrors = Record<string, string[]>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    const message = germanIssueMessage(issue);
    (result[key] ??= []).push(message);
  }
  return result;
}

function germanIssueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'custom') return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Bitte angeben.' : 'Ungültiger Wert.';
    case 'too_small':
      return issue.origin === 'string' ? 'Bitte angeben.' : 'Der Wert ist zu klein.';
    case 'too_big':
      return issue.origin === 'string' ? 'Der Text ist zu lang.' : 'Der Wert ist zu groß.';
    case 'invalid_format':
      return 'Ungültiges Format.';
    case 'invalid_value':
      return 'Ungültiger Wert.';
    case 'unrecognized_keys':
      return 'Unbekannte Felder.';
    default:
      return 'Ungültiger Wert.';
  }
}
