import type { AppContext } from '../http/calls';
import type { BackgroundJob } from './server-module';

/** How long after the start a due job catches up (the first requests and the cache warm-up go first). */
export const CATCH_UP_DELAY_MS = 30_000;

export interface JobScheduleOptions {
  /** Where a failed run is reported. */
  onError(job: BackgroundJob, error: unknown): void;
  catchUpDelayMs?: number;
}

/**
 * Runs each job every `everyMs` (a run never overlaps the job's previous one). A job that records its runs
 * (`lastRun`) and is due — it never ran, or its last run is older than its interval — also runs once
 * `catchUpDelayMs` after the start: a server restarted every morning still runs its daily jobs. Timers do not
 * keep the process alive. Answers a function that stops every timer.
 */
export function scheduleJobs(app: AppContext, jobs: readonly BackgroundJob[], options: JobScheduleOptions): () => void {
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  for (const job of jobs) {
    let running = false;
    const tick = () => {
      if (running || stopped) return;
      running = true;
      job
        .run(app)
        .catch((error: unknown) => options.onError(job, error))
        .finally(() => (running = false));
    };
    const interval = setInterval(tick, job.everyMs);
    interval.unref();
    timers.push(interval);
    if (job.lastRun) {
      const catchUp = setTimeout(() => {
        if (stopped) return;
        job
          .lastRun?.(app)
          .then((last) => {
            if (last === null || Date.now() - last.getTime() >= job.everyMs) tick();
          })
          .catch((error: unknown) => options.onError(job, error));
      }, options.catchUpDelayMs ?? CATCH_UP_DELAY_MS);
      catchUp.unref();
      timers.push(catchUp);
    }
  }
  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
  };
}
