import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread of the server: in the build the bundled `built` file next to the chunks
 * (packages/server/build.mjs emits one entry per worker); from the TypeScript sources (tests, bench) the
 * `source` file, loaded through tsx's loader.
 */
export function startWorkerThread(built: URL, source: URL, options: WorkerOptions = {}): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(built, options);
  const href = JSON.stringify(source.href);
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${href}); });`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * Ends a worker after `ms` without work. The answer is called with the worker when one of its jobs is done:
 * with nothing `pending` the worker no longer keeps the process alive, and `ms` later, if it is still the
 * `current` one and still idle, `end` is called; a later job restarts the wait.
 */
export function idleStopper(
  ms: number,
  pending: { readonly size: number },
  current: () => Worker | null,
  end: (target: Worker) => void,
): (target: Worker) => void {
  let timer: NodeJS.Timeout | null = null;
  const idle = (target: Worker) => current() === target && pending.size === 0;
  return (target) => {
    if (pending.size > 0) return;
    target.unref();
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (idle(target)) end(target);
    }, ms);
    timer.unref();
  };
}
