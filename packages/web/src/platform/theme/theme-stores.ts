import { createStore } from '../store/create-store';
import { readStorage, storageKeys, writeStorage } from '../session/storage';
import { isHexColor, safePrimary } from './colors';

/**
 * The organisation's colour known when the page starts: the one this device last saw, else the one the
 * server wrote into the page's theme-color (the service worker's copy carries the build default).
 * Starting with the right colour matters beyond the look: a change of the primary colour builds a new
 * theme and renders and restyles the whole app in one blocking task (issue 21).
 */
export function initialPrimary(): string {
  const stored = readStorage(storageKeys.primaryColor);
  if (stored !== null && isHexColor(stored)) return stored.trim();
  return safePrimary(document.querySelector('meta[name="theme-color"]')?.getAttribute('content'));
}

/** Primary colour of the running theme; login screen and settings set it, app settings preview it. */
export const primaryColorStore = createStore<string>(initialPrimary());

/** The organisation's colour from the login screen or the settings: applied and kept for the next start. */
export function applyOrgPrimary(value: string | undefined): void {
  const primary = safePrimary(value);
  writeStorage(storageKeys.primaryColor, primary);
  primaryColorStore.set(primary);
}

export type ThemeMode = 'light' | 'dark';

function storedMode(): ThemeMode | null {
  const value = readStorage(storageKeys.themeMode);
  return value === 'light' || value === 'dark' ? value : null;
}

/** The user's explicit choice; null follows the system (prefers-color-scheme). */
export const themeModeStore = createStore<ThemeMode | null>(storedMode());

export function chooseThemeMode(mode: ThemeMode): void {
  writeStorage(storageKeys.themeMode, mode);
  themeModeStore.set(mode);
}
