import type { LoginScreenData } from '@hortus/contract';
import {
  callUrl,
  loginRouteTargets,
  loginScreenDataGuard,
  loginScreenDataId,
  loginScreenReplyGuard,
} from '@hortus/contract/login-route';
import { useState } from 'react';
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
 * The login screen the served page carries (a JSON data block the server writes into index.html), so
 * the first paint of a first visit already shows the organisation's texts; null when the page came from
 * the service worker's copy or the block is missing or malformed.
 */
export function readEmbeddedLoginScreen(): LoginScreenData | null {
  const text = document.getElementById(loginScreenDataId)?.textContent;
  return text ? parseLoginScreen(text) : null;
}

/**
 * The cached login screen, or null when none was stored or it has another shape. The copy was validated
 * before it was stored; this check only guards against foreign or old data.
 */
export function readCachedLoginScreen(): LoginScreenData | null {
  const text = readStorage(storageKeys.loginScreen);
  return text === null ? null : parseLoginScreen(text);
}

function parseLoginScreen(text: string): LoginScreenData | null {
  try {
    const parsed = loginScreenDataGuard.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const loginScreenQueryOptions = () =>
  queryOptions({ queryKey: ['loginscreen'], queryFn: getLoginScreen, staleTime: 60_000 });

/**
 * The login screen data: the server's answer; while loading or when the fetch failed, the copy the page
 * carries, else the one kept on the device.
 */
export function useLoginScreen() {
  const query = useQuery(loginScreenQueryOptions());
  const [firstPaint] = useState(() => readEmbeddedLoginScreen() ?? readCachedLoginScreen());
  return {
    data: query.data ?? firstPaint,
    isPending: query.isPending,
    isError: query.isError,
  };
}
