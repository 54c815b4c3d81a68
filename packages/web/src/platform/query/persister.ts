import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
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

const idbPersister = createAsyncStoragePersister({
  key: persistKey,
  storage: {
    getItem: async (key: string) => (await quietly(() => get<string>(key))) ?? null,
    setItem: (key: string, value: string) => quietly(() => set(key, value)),
    removeItem: (key: string) => quietly(() => del(key)),
  },
  throttleTime: 500,
});

/**
 * What is written to the device: every query with data, as the last good state. A refetch that failed
 * offline (e.g. the settings after a save was tried) leaves the query in 'error' with its old data; without
 * this, it would be dropped and the next offline start would wait for the network forever. Mutations are
 * never kept: a save tried offline is not replayed after a reload.
 */
export function keepLastData(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.flatMap(({ promise: _promise, ...query }) =>
    query.state.data === undefined
      ? []
      : [
          {
            ...query,
            state: {
              ...query.state,
              status: 'success' as const,
              fetchStatus: 'idle' as const,
              error: null,
              fetchFailureCount: 0,
              fetchFailureReason: null,
            },
          },
        ],
  );
  return { ...client, clientState: { mutations: [], queries } };
}

export const queryPersister: Persister = {
  persistClient: (client) => idbPersister.persistClient(keepLastData(client)),
  restoreClient: async () => {
    const restored = await idbPersister.restoreClient();
    return restored && keepLastData(restored);
  },
  removeClient: () => idbPersister.removeClient(),
};

export async function clearPersistedCache(): Promise<void> {
  await quietly(() => del(persistKey));
}
