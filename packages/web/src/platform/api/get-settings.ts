import { getSettingsReply, type SettingsData } from '@hortus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasSession } from '../session/storage';
import { call } from './client';

/** Settings time-out: 5 s (core.md section 9). */
export const SETTINGS_TIMEOUT_MS = 5_000;

export async function getSettings(): Promise<SettingsData> {
  const reply = await call('/_api/settings/?func=getSettings', {}, getSettingsReply, {
    timeoutMs: SETTINGS_TIMEOUT_MS,
  });
  return reply.data;
}

export const settingsQueryKey = ['settings'] as const;

export const settingsQueryOptions = () => queryOptions({ queryKey: settingsQueryKey, queryFn: getSettings });

/** The session's settings (menu links, user, app title). Loading fails silently; the cached copy stays. */
export function useSettings() {
  return useQuery({ ...settingsQueryOptions(), enabled: hasSession() });
}
