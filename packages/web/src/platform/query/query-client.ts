import { QueryClient } from '@tanstack/react-query';
import { persistMaxAge } from './persister';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The app detects offline itself (the API client sets the offline flag): always try the request.
        networkMode: 'always',
        retry: false,
        gcTime: persistMaxAge,
        staleTime: 0,
        refetchOnWindowFocus: false,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
