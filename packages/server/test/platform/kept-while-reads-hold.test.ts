import { describe, expect, it } from 'vitest';
import { whileReadsHold } from '../../src/platform/cache/derived';
import {
  HotCache,
  attachCache,
  holdsUntil,
  invalidate,
  recordReads,
  remember,
} from '../../src/platform/cache/hot-cache';
import type { Db } from '../../src/platform/db/database';

/** A handle with a cache of its own (no database: the loads below only count). */
function handle(maxAgeMs: number | null): Db {
  const db = { transaction: async (work: (tx: unknown) => Promise<unknown>) => work(db) } as unknown as Db;
  attachCache(db, new HotCache({ maxAgeMs }), { notify: false });
  return db;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('values kept while the cache entries they read hold', () => {
  it('builds once while nothing changed, again after an invalidation of an entry it read, not of others', async () => {
    const db = handle(null);
    const kept = whileReadsHold<object, string>();
    const user = {};
    let loads = 0;
    const build = async () => {
      const a = await remember(db, 'a', '1', async () => `a${++loads}`);
      const b = await remember(db, 'b', '1', async () => `b${++loads}`);
      return `${a}|${b}`;
    };
    expect(await kept(user, [], build)).toBe('a1|b2');
    expect(await kept(user, [], build)).toBe('a1|b2');
    expect(kept.builds).toBe(1);
    await invalidate(db, 'other');
    await invalidate(db, 'a', '2');
    expect(await kept(user, [], build)).toBe('a1|b2');
    expect(kept.builds).toBe(1);
    await invalidate(db, 'b', '1');
    expect(await kept(user, [], build)).toBe('a1|b3');
    await invalidate(db, 'a');
    expect(await kept(user, [], build)).toBe('a4|b3');
    expect(kept.builds).toBe(3);
  });

  it('builds again for other inputs and per key', async () => {
    const db = handle(null);
    const kept = whileReadsHold<object, number>();
    const [one, two] = [{}, {}];
    const build = () => remember(db, 'a', '1', async () => 7);
    await kept(one, [1, 'x'], build);
    await kept(one, [1, 'x'], build);
    await kept(one, [2, 'x'], build);
    await kept(one, [2, 'x', undefined], build);
    await kept(two, [2, 'x', undefined], build);
    expect(kept.builds).toBe(4);
  });

  it('builds again once an entry it read expired (the safety time limit) or its own time came', async () => {
    const db = handle(40);
    const kept = whileReadsHold<object, number>();
    const user = {};
    let loads = 0;
    const build = () => remember(db, 'a', '1', async () => ++loads);
    await kept(user, [], build);
    await kept(user, [], build);
    expect(kept.builds).toBe(1);
    await wait(60);
    expect(await kept(user, [], build)).toBe(2);

    const timed = whileReadsHold<object, number>();
    const soon = Date.now() + 40;
    const untilSoon = async () => {
      holdsUntil(soon);
      return 1;
    };
    await timed(user, [], untilSoon);
    await timed(user, [], untilSoon);
    expect(timed.builds).toBe(1);
    await wait(soon - Date.now() + 5);
    await timed(user, [], untilSoon);
    expect(timed.builds).toBe(2);
  });

  it('counts what a nested recording read for the outer one too', async () => {
    const db = handle(null);
    const { reads } = await recordReads(async () => {
      await recordReads(() => remember(db, 'inner', '1', async () => 1));
      return remember(db, 'outer', '1', async () => 2);
    });
    expect(reads.size).toBe(2);
    expect(reads.hold(Date.now())).toBe(true);
    await invalidate(db, 'inner', '1');
    expect(reads.hold(Date.now())).toBe(false);
  });
});
