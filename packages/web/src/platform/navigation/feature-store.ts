import { createStore } from '../store/create-store';
import { readStorage, storageKeys, writeStorage } from '../session/storage';

/** The current feature code (characters 2 to 4 of the path), remembered after each navigation. */
export const featureStore = createStore<string>(readStorage(storageKeys.feature) ?? '');

export function rememberFeature(code: string): void {
  writeStorage(storageKeys.feature, code);
  featureStore.set(code);
}
