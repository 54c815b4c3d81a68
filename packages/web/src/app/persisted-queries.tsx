import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { persistBuster, persistMaxAge, queryPersister } from '../platform/query/persister';

/**
 * The query cache of the logged-in app, persisted in IndexedDB so that data loaded earlier stays on
 * screen offline. Restoring never replaces newer data (hydration compares update times).
 */
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
          shouldDehydrateQuery: (query) => query.state.data !== undefined && query.queryKey[0] !== 'loginscreen',
          shouldDehydrateMutation: () => false,
        },
      }}
    >
      {children}
    </PersistQueryClientProvider>
  );
}
