/** Local storage keys used by the platform. */
export const storageKeys = {
  code: 'code',
  loginScreen: 'loginscreen',
  pushEnabled: 'pushEnabled',
  themeMode: 'themeMode',
  primaryColor: 'primaryColor',
  feature: 'feature',
  styleCache: 'styleCache',
  /** A notice the login answered (e.g. another device was logged off), shown once the app is open. */
  loginNotice: 'loginNotice',
} as const;

/**
 * Keys that survive a logout, a failed login and a forced re-login: the push opt-in ("logout keeps the
 * push subscription"), the cached login screen and the organisation's colour (public data), the
 * device's colour-scheme choice and the app's compiled styles (the same for every user).
 */
export const deviceKeys: readonly string[] = [
  storageKeys.pushEnabled,
  storageKeys.loginScreen,
  storageKeys.themeMode,
  storageKeys.primaryColor,
  storageKeys.styleCache,
];

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage may be full or blocked (private mode); the app still works without it.
  }
}

export function removeStorage(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Blocked storage: nothing was kept.
  }
}

/** Clears local storage except the device keys. */
export function clearStorage(keep: readonly string[] = deviceKeys): void {
  try {
    const kept = keep.flatMap((key) => {
      const value = localStorage.getItem(key);
      return value === null ? [] : [[key, value] as const];
    });
    localStorage.clear();
    for (const [key, value] of kept) localStorage.setItem(key, value);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

export function getCode(): string {
  return readStorage(storageKeys.code) ?? '';
}

export function setCode(code: string): void {
  writeStorage(storageKeys.code, code);
}

export function hasSession(): boolean {
  return getCode() !== '';
}
