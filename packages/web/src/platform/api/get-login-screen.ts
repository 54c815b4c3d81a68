import type { LoginScreenData } from '@hortus/contract';
import { callUrl, loginRouteTargets, loginScreenReplyGuard } from '@hortus/contract/login-route';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readStorage, storageKeys, writeStorage } from '../session/storage';
import { postCall } from './client';

/**
 * Loads the login screen (platformCalls.loginScreen, checked with the zod-free guard) and keeps the
 * last good copy in local storage (key `loginscreen`).
 */
export async function getLoginScreen(): Promise<LoginScreenData> {
  const reply = await postCall(callUrl(loginRouteTargets.loginScreen), {}, loginScreenReplyGuard);
  writeStorage(storageKeys.loginScreen, JSON.stringify(reply.data));
  return reply.data;
}

/**
 * The cached login screen, or null when none was stored or it has another shape. The copy was validated
 * with the contract schema before it was stored; this check only guards against foreign or old data.
 */
export function readCachedLoginScreen(): LoginScreenData | null {
  const text = readStorage(storageKeys.loginScreen);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isLoginScreenData(value) ? value : null;
  } catch {
    return null;
  }
}

const loginScreenTextFields = [
  'app_titel',
  'app_untertitel',
  'app_theme_color_primary',
  'loginscreen_bg_color',
  'loginscreen_bg_img',
  'loginscreen_welcomeText',
] as const;

export function isLoginScreenData(value: unknown): value is LoginScreenData {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const infos = record['loginscreen_infos'];
  return (
    loginScreenTextFields.every((field) => typeof record[field] === 'string') &&
    Array.isArray(infos) &&
    infos.every(
      (info: unknown) =>
        typeof info === 'object' &&
        info !== null &&
        typeof (info as Record<string, unknown>)['titel'] === 'string' &&
        typeof (info as Record<string, unknown>)['text'] === 'string',
    )
  );
}

export const loginScreenQueryOptions = () =>
  queryOptions({ queryKey: ['loginscreen'], queryFn: getLoginScreen, staleTime: 60_000 });

/** The login screen data: the server's answer, or the cached copy while loading or when the fetch failed. */
export function useLoginScreen() {
  const query = useQuery(loginScreenQueryOptions());
  return {
    data: query.data ?? readCachedLoginScreen(),
    isPending: query.isPending,
    isError: query.isError,
  };
}
