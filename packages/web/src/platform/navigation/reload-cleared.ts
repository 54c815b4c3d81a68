import type { QueryClient } from '@tanstack/react-query';
import { clearPersistedCache } from '../query/persister';

/**
 * Leaves a page that is not among the user's menu links: the local caches (the loaded data in memory
 * and its copy on the device) are cleared first, then the first menu link opens with a full reload
 * (school.md 2.1), so nothing the page loaded outlives it.
 */
export async function reloadCleared(
  queryClient: QueryClient,
  to: string,
  go: (url: string) => void = (url) => location.replace(url),
): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.clear();
  await clearPersistedCache();
  go(to);
}
