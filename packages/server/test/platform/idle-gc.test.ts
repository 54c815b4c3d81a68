import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle } from '../../src/platform/runtime/idle-gc';

afterEach(() => {
  vi.useRealTimers();
});

const MB = 1024 * 1024;

describe('collectWhenIdle', () => {
  it('collects after the start and after a busy spell once quiet, never while requests come or for a little garbage', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const server = new EventEmitter() as unknown as Server;
    // The heap as the test sets it; a real collection runs each time, what it frees does not matter here.
    let heap = 60 * MB;
    const idle = collectWhenIdle(server, { quietMs: 5_000, minGrowthBytes: 4 * MB, usedHeap: () => heap });
    vi.advanceTimersByTime(4_999);
    expect(idle.stats.runs).toBe(0);
    vi.advanceTimersByTime(1);
    expect(idle.stats.runs).toBe(1); // the start's garbage
    expect(idle.stats.longestMs).toBeGreaterThanOrEqual(0);

    // A request now and then: 1 MB more is not worth a pause.
    heap += 1 * MB;
    server.emit('request');
    vi.advanceTimersByTime(60_000);
    expect(idle.stats.runs).toBe(1);

    // A busy spell: requests every second keep it waiting; 5 s after the last one it collects.
    for (let second = 0; second < 10; second += 1) {
      heap += 1 * MB;
      server.emit('request');
      vi.advanceTimersByTime(1_000);
    }
    expect(idle.stats.runs).toBe(1);
    vi.advanceTimersByTime(4_000);
    expect(idle.stats.runs).toBe(2);

    idle.stop();
    heap += 20 * MB;
    server.emit('request');
    vi.advanceTimersByTime(60_000);
    expect(idle.stats.runs).toBe(2);
  });
});
