import { useMutation } from '@tanstack/react-query';
import { clearPersistedCache } from '../query/persister';
import { clearStorage } from '../session/storage';
import { postCall } from './client';
import { callUrl, loginRouteTargets, okReplyGuard } from '@hortus/contract/login-route';

/** The login route's logout (platformCalls.logout), checked with the zod-free guard. */
export function logout(): Promise<unknown> {
  return postCall(callUrl(loginRouteTargets.logout), {}, okReplyGuard);
}

/** Ends the session on this device: stored data goes (the push opt-in stays), then the login screen opens. */
export async function endSession(): Promise<void> {
  clearStorage();
  await clearPersistedCache();
  location.replace('/');
}

/** Logs out on the server (a failure is ignored) and ends the session on this device. */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch {
        // Offline or session already gone: the device forgets the session anyway.
      }
      await endSession();
    },
  });
}
