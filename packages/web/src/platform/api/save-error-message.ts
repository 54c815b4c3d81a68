import { ApiError } from './errors';

/**
 * The alert text for a failed save: the server's German field messages (or its message) when it
 * answered, otherwise the given failure text of the specification (no network, time-out).
 */
export function saveErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const details = [...new Set(Object.values(error.errors).flat())];
    if (details.length > 0) return details.join('\n');
    if (error.message !== '') return error.message;
  }
  return fallback;
}
