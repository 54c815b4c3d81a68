import { z } from 'zod';
import de from 'zod/v4/locales/de.js';
import { check, validationMessages, type RuleName } from './validation';

// Messages of zod's own checks in German, for every schema of the contract (only this one locale is bundled).
z.config(de());

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

/**
 * `schema.safeParse(value, { reportInput: true })` for the price of a plain parse when the value is valid:
 * the value is parsed without options first, and again with `reportInput` only when it fails, so its
 * issues carry their input (germanIssueMessage tells a missing value from a wrong one by it).
 * Any options object makes zod copy it by object spread on every parse, and V8 (Node 20) may place such a
 * copy straight in the old generation: five times slower per parse, and on the server it kept each
 * request's parse state alive until a full collection (measured; see docs/architecture.md).
 */
export function safeParseReporting<T extends z.ZodType>(schema: T, value: unknown): z.ZodSafeParseResult<z.output<T>> {
  const quick = schema.safeParse(value);
  return quick.success ? quick : schema.safeParse(value, { reportInput: true });
}

/**
 * A value that is missing reads 'Bitte angeben.'; every other issue keeps its own German message.
 * Parse with safeParseReporting so a present value of the wrong type is told apart from a missing one.
 */
export function germanIssueMessage(issue: z.core.$ZodIssue): string {
  if ('input' in issue) {
    const isMissing = issue.input === undefined;
    if (isMissing && (issue.code === 'invalid_type' || issue.code === 'invalid_value'))
      return validationMessages.required;
  } else if (issue.code === 'invalid_type') {
    // Parsed without reportInput: an invalid type is most often a missing field.
    return validationMessages.required;
  }
  return issue.message;
}
