import { platformCalls, type SettingsData } from '@hortus/contract';
import { useEffect } from 'react';
import { queryOptions, useIsRestoring, useQuery, useQueryClient } from '@tanstack/react-query';
import { hasSession } from '../session/storage';
import { call } from './client';
import { settingsQueryKey } from './settings-key';

export { settingsQueryKey };

/** Whether this page (since its last load) has fetched the settings from the server. */
let fetchedSincePageLoad = false;

/** The settings (time-out 5 s, core.md section 9). Loaded only after a login, so zod may come with it. */
export async function getSettings(): Promise<SettingsData> {
  const reply = await call(platformCalls.getSettings, {});
  fetchedSincePageLoad = true;
  return reply.data;
}

/** Fresh for a few seconds, so the app shell does not reload what the login has just fetched. */
export const settingsQueryOptions = () =>
  queryOptions({ queryKey: settingsQueryKey, queryFn: getSettings, staleTime: 5_000 });

/**
 * After a page load the persisted settings show at once, but they may be from another day: ask the
 * server once (when offline this sets the offline flag and the cached copy stays on screen).
 */
export function useRefreshSettingsAfterPageLoad(): void {
  const queryClient = useQueryClient();
  // Wait until the persisted cache is restored, otherwise there is nothing to refresh yet.
  const isRestoring = useIsRestoring();
  useEffect(() => {
    if (isRestoring || fetchedSincePageLoad || !hasSession()) return;
    void queryClient.invalidateQueries({ queryKey: settingsQueryKey });
  }, [queryClient, isRestoring]);
}

/** The session's settings (menu links, user, app title). Loading fails silently; the cached copy stays. */
export function useSettings() {
  return useQuery({ ...settingsQueryOptions(), enabled: hasSession() });
}
