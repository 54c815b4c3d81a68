import { createStore } from '../store/create-store';
import { readStorage, storageKeys, writeStorage } from '../session/storage';
import { DEFAULT_PRIMARY } from './colors';

/** Primary colour of the running theme; login screen and settings set it, app settings preview it. */
export const primaryColorStore = createStore<string>(DEFAULT_PRIMARY);

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
