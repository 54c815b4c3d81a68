import { loginScreenData, loginScreenReply, type LoginScreenData } from '@hortus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readStorage, storageKeys, writeStorage } from '../session/storage';
import { call } from './client';

export const LOGIN_SCREEN_PATH = '/_api/login/get.php?loginscreen';

/** Loads the login screen and keeps the last good copy in local storage (key `loginscreen`). */
export async function getLoginScreen(): Promise<LoginScreenData> {
  const reply = await call(LOGIN_SCREEN_PATH, {}, loginScreenReply);
  writeStorage(storageKeys.loginScreen, JSON.stringify(reply.data));
  return reply.data;
}

/** The cached login screen, or null when none was stored (or it no longer fits the schema). */
export function readCachedLoginScreen(): LoginScreenData | null {
  const text = readStorage(storageKeys.loginScreen);
  if (text === null) return null;
  try {
    const parsed = loginScreenData.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
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
