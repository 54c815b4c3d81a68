import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../http/calls';
import { scheduleJobs } from './jobs';
import type { BackgroundJob } from './server-module';

const DAY = 24 * 60 * 60_000;
const app = {} as AppContext;

function job(lastRun?: Date | null): BackgroundJob & { runs: number } {
  const made: BackgroundJob & { runs: number } = {
    name: 'test-job',
    everyMs: DAY,
    runs: 0,
    run: () => {
      made.runs += 1;
      return Promise.resolve();
    },
  };
  if (lastRun !== undefined) made.lastRun = () => Promise.resolve(lastRun);
  return made;
}

afterEach(() => vi.useRealTimers());

describe('scheduleJobs', () => {
  it('a daily job that never ran, or last ran more than a day ago, catches up shortly after the start', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T08:00:00Z') });
    const never = job(null);
    const old = job(new Date('2026-11-26T07:59:00Z'));
    const stop = scheduleJobs(app, [never, old], { onError: () => {}, catchUpDelayMs: 1000 });
    await vi.advanceTimersByTimeAsync(999);
    expect([never.runs, old.runs]).toEqual([0, 0]);
    await vi.advanceTimersByTimeAsync(1);
    expect([never.runs, old.runs]).toEqual([1, 1]);
    // Then on its interval, not again at once.
    await vi.advanceTimersByTimeAsync(DAY - 1001);
    expect(never.runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(never.runs).toBe(2);
    stop();
  });

  it('a job that ran within its interval, or keeps no record, waits for its interval', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T08:00:00Z') });
    const recent = job(new Date('2026-11-27T02:00:00Z'));
    const unrecorded = job();
    const stop = scheduleJobs(app, [recent, unrecorded], { onError: () => {}, catchUpDelayMs: 1000 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect([recent.runs, unrecorded.runs]).toEqual([0, 0]);
    await vi.advanceTimersByTimeAsync(DAY);
    expect([recent.runs, unrecorded.runs]).toEqual([1, 1]);
    stop();
  });

  it('stopping cancels the catch-up and the interval; a failed run is reported, not thrown', async () => {
    vi.useFakeTimers();
    const stopped = job(null);
    const stop = scheduleJobs(app, [stopped], { onError: () => {}, catchUpDelayMs: 1000 });
    stop();
    await vi.advanceTimersByTimeAsync(2 * DAY);
    expect(stopped.runs).toBe(0);

    const errors: string[] = [];
    const failing: BackgroundJob = {
      name: 'failing',
      everyMs: DAY,
      lastRun: () => Promise.resolve(null),
      run: () => Promise.reject(new Error('kaputt')),
    };
    const stopFailing = scheduleJobs(app, [failing], {
      onError: (failed, error) => errors.push(`${failed.name}: ${(error as Error).message}`),
      catchUpDelayMs: 10,
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(errors).toEqual(['failing: kaputt']);
    stopFailing();
  });
});
