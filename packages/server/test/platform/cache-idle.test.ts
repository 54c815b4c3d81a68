import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerCalls, type CustomerData } from '@hortus/contract/modules/customers';
import { HotCache, cacheOf } from '../../src/platform/cache/hot-cache';
import { CUSTOMER_DATA_IDLE_MS, customerDataScope } from '../../src/modules/customers/data-cache';
import { seedDemoCosts } from '../../src/modules/customers/demo-costs';
import { expectStatus, startTestServer, type TestServer } from '../support/helper';

/**
 * Large cached data a request needed is given back after it (issue 35): a scope with an idle limit drops
 * the entries nobody asked for that long; the next request loads them again.
 */
describe('HotCache idle limit', () => {
  afterEach(() => vi.useRealTimers());

  it('drops entries not asked for within the limit, keeps used ones and scopes without a limit', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    const cache = new HotCache({ maxAgeMs: null });
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    await cache.memo('big', 'a', load, { idleMs: 60_000 });
    await cache.memo('big', 'b', load, { idleMs: 60_000 });
    await cache.memo('plain', 'c', load);

    vi.setSystemTime(1_000_000 + 45_000);
    expect(await cache.memo('big', 'a', load, { idleMs: 60_000 })).toBe(1); // a hit refreshes 'a'
    cache.sweepIdle(1_000_000 + 60_000);
    expect(cache.size('big')).toBe(1); // 'b' went, 'a' was used 15 s ago
    expect(cache.size('plain')).toBe(1);

    // The timer sweeps by itself once 'a' has been idle for the limit too.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(cache.size('big')).toBe(0);
    expect(cache.size('plain')).toBe(1);
    expect(await cache.memo('big', 'a', load, { idleMs: 60_000 })).toBe(4); // loaded again
  });
});

describe('410 staff load data after an idle time', () => {
  let server: TestServer;
  let staff: { code: string };
  const year = new Date().getFullYear();
  beforeAll(async () => {
    server = await startTestServer();
    staff = await server.userWithSession({ rechteSolo: ['x|410|000'] });
    await seedDemoCosts(server.database.db, new Date().toISOString().slice(0, 10));
  });
  afterAll(() => server.close());

  const load = async () => {
    const reply = await server.call(customerCalls.getSettings, staff.code, { kostenJahr: year } as Record<
      string,
      unknown
    >);
    expectStatus(reply, 'success');
    return (reply.body as unknown as { save: CustomerData }).save;
  };

  it('is dropped when nobody loaded it for the limit and loaded again unchanged', async () => {
    const first = await load();
    expect(first.kosten.length).toBeGreaterThan(0);
    const cache = cacheOf(server.database.db);
    expect(cache.size(customerDataScope)).toBeGreaterThan(0);

    cache.sweepIdle(Date.now() + CUSTOMER_DATA_IDLE_MS / 2);
    expect(cache.size(customerDataScope)).toBeGreaterThan(0);

    cache.sweepIdle(Date.now() + CUSTOMER_DATA_IDLE_MS);
    expect(cache.size(customerDataScope)).toBe(0);

    const again = await load();
    expect(cache.size(customerDataScope)).toBeGreaterThan(0);
    expect(again.kosten).toEqual(first.kosten);
    expect(again.auftraege).toEqual(first.auftraege);
  });
});
