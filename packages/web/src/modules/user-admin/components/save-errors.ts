import { userAdminMessages } from '@hortus/contract';
import { ApiError } from '../../../platform/api/errors';

/** The alert text for a failed save: the server's message for an answered error, else the network message. */
export function saveFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.message !== '') {
    const details = Object.values(error.errors).flat();
    return details.length > 0 ? `${error.message}\n${[...new Set(details)].join('\n')}` : error.message;
  }
  return userAdminMessages.saveFailed;
}
