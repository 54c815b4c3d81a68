import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { del, get, set } from 'idb-keyval';

/** IndexedDB key of the persisted query cache. */
export const persistKey = 'hortus-query-cache';

/** One week: data loaded earlier stays visible offline. */
export const persistMaxAge = 7 * 24 * 60 * 60 * 1000;

export const queryPersister = createAsyncStoragePersister({
  key: persistKey,
  storage: {
    getItem: async (key: string) => (await get<string>(key)) ?? null,
    setItem: (key: string, value: string) => set(key, value),
    removeItem: (key: string) => del(key),
  },
  throttleTime: 500,
});

export async function clearPersistedCache(): Promise<void> {
  try {
    await del(persistKey);
  } catch {
    // IndexedDB unavailable: nothing persisted.
  }
}
