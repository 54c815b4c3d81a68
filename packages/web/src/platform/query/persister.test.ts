import { describe, expect, it } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { keepLastData } from './persister';

type DehydratedQuery = PersistedClient['clientState']['queries'][number];

function query(key: string, state: Partial<DehydratedQuery['state']>): DehydratedQuery {
  return {
    queryKey: [key],
    queryHash: JSON.stringify([key]),
    dehydratedAt: 1,
    state: {
      data: undefined,
      dataUpdateCount: 1,
      dataUpdatedAt: 1,
      error: null,
      errorUpdateCount: 0,
      errorUpdatedAt: 0,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchMeta: null,
      isInvalidated: false,
      status: 'success',
      fetchStatus: 'idle',
      ...state,
    },
  };
}

function client(queries: DehydratedQuery[], mutations: PersistedClient['clientState']['mutations'] = []) {
  return { timestamp: 1, buster: 'b', clientState: { queries, mutations } } satisfies PersistedClient;
}

describe('keepLastData', () => {
  it('keeps a query whose refetch failed offline as its last good data, idle', () => {
    const failed = query('settings', {
      data: { menu: 1 },
      status: 'error',
      fetchStatus: 'fetching',
      error: new Error('offline'),
      fetchFailureCount: 1,
      fetchFailureReason: new Error('offline'),
      isInvalidated: true,
    });
    const [kept] = keepLastData(client([failed])).clientState.queries;
    expect(kept?.state).toMatchObject({
      data: { menu: 1 },
      status: 'success',
      fetchStatus: 'idle',
      error: null,
      fetchFailureCount: 0,
      fetchFailureReason: null,
    });
  });

  it('drops queries without data and never keeps a mutation', () => {
    const pending = query('members', { status: 'pending', fetchStatus: 'fetching' });
    const ok = query('calendar', { data: [1] });
    const mutation = {
      mutationKey: ['save'],
      state: {
        context: undefined,
        data: undefined,
        error: null,
        failureCount: 0,
        failureReason: null,
        isPaused: true,
        status: 'pending' as const,
        variables: 'x',
        submittedAt: 1,
      },
    };
    const result = keepLastData(client([pending, ok], [mutation]));
    expect(result.clientState.queries.map((q) => q.queryKey)).toEqual([['calendar']]);
    expect(result.clientState.mutations).toEqual([]);
  });
});
