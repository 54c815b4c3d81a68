import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { del, get, set } from 'idb-keyval';

/** IndexedDB key of the persisted query cache. */
export const persistKey = 'hortus-query-cache';

/** One week: data loaded earlier stays visible offline. */
export const persistMaxAge = 7 * 24 * 60 * 60 * 1000;

/**
 * Version of the persisted cache: bump it when a persisted reply shape changes, so old data is dropped.
 * (The contract's API_VERSION is not used here because importing it would pull zod into the entry chunk.)
 */
export const persistBuster = 'hortus-1';

/** Runs an IndexedDB operation; without IndexedDB (private mode) nothing is persisted. */
async function quietly<T>(operation: () => Promise<T>): Promise<T | undefined> {
  try {
    return await operation();
  } catch {
    return undefined;
  }
}

export const queryPersister = createAsyncStoragePersister({
  key: persistKey,
  storage: {
    getItem: async (key: string) => (await quietly(() => get<string>(key))) ?? null,
    setItem: (key: string, value: string) => quietly(() => set(key, value)),
    removeItem: (key: string) => quietly(() => del(key)),
  },
  throttleTime: 500,
});

export async function clearPersistedCache(): Promise<void> {
  await quietly(() => del(persistKey));
}
