import type { FieldErrors } from '@hortus/contract';

/** The part of a zod schema the client needs: any contract reply schema fits. */
export interface ReplySchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export interface ErrorBody {
  status: string;
  message: string;
  errors: FieldErrors;
}

const errorStatuses = new Set([
  'accessError',
  'noRight',
  'validationError',
  'notFound',
  'tooLarge',
  'conflict',
  'error',
]);

/** Reads the shared error shape of a reply; null when the reply carries no error status. */
export function readErrorBody(body: unknown): ErrorBody | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const status = record['status'];
  if (typeof status !== 'string' || !errorStatuses.has(status)) return null;
  const message = typeof record['message'] === 'string' ? record['message'] : '';
  const errors = isFieldErrors(record['errors']) ? record['errors'] : {};
  return { status, message, errors };
}

function isFieldErrors(value: unknown): value is FieldErrors {
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).every(
    (messages) => Array.isArray(messages) && messages.every((message) => typeof message === 'string'),
  );
}

/** Form body of a call: `code` always first, JSON-valued fields already stringified by the caller. */
export function encodeFields(code: string, fields: Readonly<Record<string, string>>): URLSearchParams {
  const body = new URLSearchParams();
  body.set('code', code);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}
