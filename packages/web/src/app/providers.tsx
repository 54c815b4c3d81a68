import { useState, type ReactNode } from 'react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { persistBuster, persistMaxAge, queryPersister } from '../platform/query/persister';
import { createQueryClient } from '../platform/query/query-client';
import { AppThemeProvider } from '../platform/theme/app-theme-provider';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{
        persister: queryPersister,
        maxAge: persistMaxAge,
        buster: persistBuster,
        dehydrateOptions: {
          // The login screen has its own cache (local storage key 'loginscreen').
          shouldDehydrateQuery: (query) => query.state.status === 'success' && query.queryKey[0] !== 'loginscreen',
        },
      }}
    >
      <AppThemeProvider>{children}</AppThemeProvider>
    </PersistQueryClientProvider>
  );
}
