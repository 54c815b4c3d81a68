import type { FieldErrors } from '@hortus/contract';

/** The request never got a JSON answer: no network, a time-out or a non-JSON reply. */
export class NetworkError extends Error {
  constructor(message = 'Netzwerkfehler') {
    super(message);
    this.name = 'NetworkError';
  }
}

/** The server answered with an error status (noRight, validationError, notFound, tooLarge, conflict, error, accessError). */
export class ApiError extends Error {
  readonly status: string;
  readonly httpStatus: number;
  readonly errors: FieldErrors;

  constructor(status: string, message: string, httpStatus: number, errors: FieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.httpStatus = httpStatus;
    this.errors = errors;
  }
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}
