import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { reloadCleared } from './reload-cleared';

describe('reloadCleared', () => {
  it('clears the loaded data before it opens the first menu link', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['customers'], { kunden: [1, 2] });
    const seen: { url: string; queries: number }[] = [];
    await reloadCleared(queryClient, '/000', (url) =>
      seen.push({ url, queries: queryClient.getQueryCache().getAll().length }),
    );
    expect(seen).toEqual([{ url: '/000', queries: 0 }]);
    expect(queryClient.getQueryData(['customers'])).toBeUndefined();
  });
});
