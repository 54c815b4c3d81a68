import { ApiError } from '../../platform/api/errors';

/** A validation error shows the server's first German message; anything else the given failure text. */
export function saveErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 'validationError') {
    const first = Object.values(error.errors)[0]?.[0];
    return first ?? (error.message || fallback);
  }
  return fallback;
}
