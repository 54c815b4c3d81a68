import { parentPort, type Worker } from 'node:worker_threads';
import { idleStopper, startWorkerThread } from './thread';

/**
 * A worker thread that answers one request at a time per message: reading untrusted files (heavy parsing,
 * unpacking) away from the server's event loop with a bounded heap and a time limit. The thread starts on the
 * first request and ends after `idleMs` without one; a request past its heap (the file unpacks too large) or
 * its time ends the thread and answers `tooLarge` / `tooSlow` (the next request starts a new one).
 */

export interface JobThreadOptions {
  /** The bundled worker next to the chunks, and its TypeScript source (tests): see startWorkerThread. */
  built: URL;
  source: URL;
  heapMb: number;
  timeoutMs: number;
  idleMs: number;
}

export type JobOutcome<R> = { reply: R } | { refusal: 'tooLarge' | 'tooSlow' };

interface JobMessage<Q> {
  id: number;
  request: Q;
}
type JobAnswer<R> = { id: number; reply: R } | { id: number; error: string };

interface Pending<R> {
  settle(outcome: JobOutcome<R>): void;
  fail(error: Error): void;
}

export interface JobThread<Q, R> {
  run(request: Q): Promise<JobOutcome<R>>;
  /** Ends the thread (tests, shutdown); the next request starts it again. */
  stop(): Promise<void>;
}

export function jobThread<Q, R>(options: JobThreadOptions): JobThread<Q, R> {
  let worker: Worker | null = null;
  const timedOut = new WeakSet<Worker>();
  const pending = new Map<number, Pending<R>>();
  let nextId = 1;
  const end = (target: Worker) => {
    if (worker === target) worker = null;
    void target.terminate();
  };
  const stopWhenIdle = idleStopper(options.idleMs, pending, () => worker, end);

  function started(): Worker {
    if (worker) return worker;
    const thread = startWorkerThread(options.built, options.source, {
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
    });
    thread.unref();
    thread.on('message', (answer: JobAnswer<R>) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      if ('error' in answer) waiting.fail(new Error(answer.error));
      else waiting.settle({ reply: answer.reply });
    });
    const gone = (error: Error & { code?: string }) => {
      if (worker === thread) worker = null;
      for (const waiting of pending.values()) {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') waiting.settle({ refusal: 'tooLarge' });
        else if (timedOut.has(thread)) waiting.settle({ refusal: 'tooSlow' });
        else waiting.fail(error);
      }
      pending.clear();
    };
    thread.on('error', gone);
    thread.on('exit', (code) => gone(new Error(`The worker thread stopped (${code}).`)));
    worker = thread;
    return thread;
  }

  return {
    run(request) {
      const id = nextId++;
      const target = started();
      return new Promise<JobOutcome<R>>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          resolve({ refusal: 'tooSlow' });
          timedOut.add(target);
          end(target);
        }, options.timeoutMs);
        pending.set(id, {
          settle: (outcome) => {
            clearTimeout(timer);
            resolve(outcome);
          },
          fail: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        target.ref();
        const message: JobMessage<Q> = { id, request };
        target.postMessage(message);
      }).finally(() => stopWhenIdle(target));
    },
    async stop() {
      const running = worker;
      worker = null;
      await running?.terminate();
    },
  };
}

/** Inside the worker: answers each request with `handle` (a thrown error is sent back as the call's failure). */
export function serveJobs<Q, R>(handle: (request: Q) => Promise<R>): void {
  parentPort?.on('message', (message: JobMessage<Q>) => {
    void handle(message.request).then(
      (reply) => parentPort?.postMessage({ id: message.id, reply } satisfies JobAnswer<R>),
      (error: unknown) =>
        parentPort?.postMessage({
          id: message.id,
          error: error instanceof Error ? error.message : String(error),
        } satisfies JobAnswer<R>),
    );
  });
}
