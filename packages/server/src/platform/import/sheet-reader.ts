import type { Worker } from 'node:worker_threads';
import { idleStopper, startWorkerThread } from '../workers/thread';
import type { SheetLimits, SheetLine, SheetReply, SheetRefusal, SheetRequest } from './sheet-worker';

/**
 * Reads import sheets in a worker thread (sheet-worker.ts), so no sheet — however large it unpacks — holds
 * the server's event loop: other requests go on while a list is read, and a sheet past the limits is
 * refused after its first rows. The thread starts on the first import and ends after a minute without one;
 * its heap is bounded, and a read that takes too long or runs out of memory ends the thread (the next read
 * starts a new one).
 */

/** A read that takes longer than this is given up (the thread is ended). */
export const SHEET_READ_TIMEOUT_MS = 20_000;
/** The thread ends after this long without a sheet; the next one starts it again. */
const IDLE_MS = 60_000;
/** The thread's heap: a sheet within the limits needs a few MB; exceljs itself ~10 MB. */
const HEAP_MB = 192;

export type SheetOutcome = { lines: SheetLine[] } | { refusal: SheetRefusal | 'tooSlow' };

interface Pending {
  settle(outcome: SheetOutcome): void;
  fail(error: Error): void;
}

let worker: Worker | null = null;
/** Threads ended because a read took too long: their other reads are answered as too slow as well. */
const timedOut = new WeakSet<Worker>();
const pending = new Map<number, Pending>();
let nextId = 1;
const stopWhenIdle = idleStopper(IDLE_MS, pending, () => worker, end);

function end(target: Worker): void {
  if (worker === target) worker = null;
  void target.terminate();
}

function startedWorker(): Worker {
  if (worker) return worker;
  const started = startWorkerThread(
    new URL('./sheet-worker.js', import.meta.url),
    new URL('./sheet-worker.ts', import.meta.url),
    { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } },
  );
  started.unref();
  started.on('message', (reply: SheetReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ('error' in reply) waiting.fail(new Error(`Reading the sheet failed: ${reply.error}`));
    else waiting.settle('lines' in reply ? { lines: reply.lines } : { refusal: reply.refusal });
  });
  const gone = (error: Error & { code?: string }) => {
    if (worker === started) worker = null;
    // Out of heap: the sheet was too large to read; ended for a slow read: too slow; else a fault of ours.
    for (const waiting of pending.values()) {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') waiting.settle({ refusal: 'tooLarge' });
      else if (timedOut.has(started)) waiting.settle({ refusal: 'tooSlow' });
      else waiting.fail(error);
    }
    pending.clear();
  };
  started.on('error', gone);
  started.on('exit', (code) => gone(new Error(`The sheet reader stopped (${code}).`)));
  worker = started;
  return started;
}

/** The filled rows of a sheet (an uploaded file's path or the sent text's bytes), or why it is refused. */
export function readSheetLines(source: { path: string } | { bytes: Uint8Array }, limits: SheetLimits) {
  const id = nextId++;
  const target = startedWorker();
  return new Promise<SheetOutcome>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      resolve({ refusal: 'tooSlow' });
      timedOut.add(target);
      end(target);
    }, SHEET_READ_TIMEOUT_MS);
    const done = () => clearTimeout(timer);
    pending.set(id, {
      settle: (outcome) => {
        done();
        resolve(outcome);
      },
      fail: (error) => {
        done();
        reject(error);
      },
    });
    target.ref();
    const request: SheetRequest = { id, limits, ...source };
    target.postMessage(request);
  }).finally(() => stopWhenIdle(target));
}
