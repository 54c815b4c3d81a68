import type { SettingsData } from '@hortus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasSession } from '../session/storage';
import { call } from './client';
import { platformSchema } from './platform-schemas';

/** Settings time-out: 5 s (core.md section 9). */
export const SETTINGS_TIMEOUT_MS = 5_000;

export async function getSettings(): Promise<SettingsData> {
  const reply = await call('/_api/settings/?func=getSettings', {}, platformSchema('getSettingsReply'), {
    timeoutMs: SETTINGS_TIMEOUT_MS,
  });
  return reply.data;
}

export const settingsQueryKey = ['settings'] as const;

/** Fresh for a few seconds, so the app shell does not reload what the login has just fetched. */
export const settingsQueryOptions = () =>
  queryOptions({ queryKey: settingsQueryKey, queryFn: getSettings, staleTime: 5_000 });

/** The session's settings (menu links, user, app title). Loading fails silently; the cached copy stays. */
export function useSettings() {
  return useQuery({ ...settingsQueryOptions(), enabled: hasSession() });
}
