import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { persistBuster, persistMaxAge, queryPersister } from '../platform/query/persister';

/** `meta.persist` of a query: whether its data may be kept on the device. */
/**
 * The query cache of the logged-in app, persisted in IndexedDB so that data loaded earlier stays on
 * screen offline. Restoring never replaces newer data (hydration compares update times).
 */
function keepsOnDevice(meta: Record<string, unknown> | undefined, data: unknown): boolean {
  const rule = meta?.['keepOnDevice'];
  return typeof rule === 'function' ? Boolean((rule as (value: unknown) => unknown)(data)) : true;
}

export function PersistedQueries({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{
        persister: queryPersister,
        maxAge: persistMaxAge,
        buster: persistBuster,
        dehydrateOptions: {
          // Every query with data, also one whose last refetch failed offline (kept as its last good
          // state, see keepLastData). The login screen has its own cache (local storage key 'loginscreen').
          // A query may decide from its data whether the device keeps it (meta.keepOnDevice, e.g. modules
          // 200's and 410's dataOffline setting); when it says no, the next write drops it from the device.
          shouldDehydrateQuery: (query) =>
            query.state.data !== undefined &&
            query.queryKey[0] !== 'loginscreen' &&
            keepsOnDevice(query.meta, query.state.data),
          shouldDehydrateMutation: () => false,
        },
      }}
    >
      {children}
    </PersistQueryClientProvider>
  );
}
