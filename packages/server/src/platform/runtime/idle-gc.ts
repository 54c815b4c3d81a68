import type { Server } from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

export interface IdleCollectionOptions {
  /** How long no request may have arrived before collecting. */
  quietMs?: number;
  /** How much the used heap must have grown since the last collection (what a busy spell left). */
  minGrowthBytes?: number;
  /** The used heap in bytes (tests give their own). */
  usedHeap?: () => number;
}

export interface IdleCollection {
  /** Collections run so far and the longest one (ms): the pause a request arriving at that moment waited. */
  readonly stats: { runs: number; longestMs: number };
  stop(): void;
}

/**
 * A memory-reducing full collection once the server has been quiet for `quietMs` and its heap has grown
 * by `minGrowthBytes` since the last one (issue 47, "Speed"; scripts/server-runtime.mjs). The server runs
 * without `--optimize-for-size`, whose small young generation and eager collections cost 28–31 % more CPU
 * per call; what a busy spell (the start with its migrations and demo seed, a burst of requests) left in
 * the heap is given back at the next quiet moment instead, after which the heap is as small as under that
 * flag. The collection blocks the event loop (~70–130 ms with the demo), which is why it waits for quiet and
 * for garbage worth collecting: a request now and then allocates too little to start one.
 */
export function collectWhenIdle(server: Server, options: IdleCollectionOptions = {}): IdleCollection {
  const {
    quietMs = 5_000,
    minGrowthBytes = 4 * 1024 * 1024,
    usedHeap = () => v8.getHeapStatistics().used_heap_size,
  } = options;
  const stats = { runs: 0, longestMs: 0 };
  const gc = exposedGc();
  if (!gc) return { stats, stop: () => undefined };
  let timer: NodeJS.Timeout | undefined;
  let lastRequest = performance.now();
  let afterLast = 0; // the start itself was a busy spell
  // A request only notes its time (no timer per request on the hot path); the one timer, when it fires
  // before the server has been quiet long enough, waits for the rest.
  const check = () => {
    const quietFor = performance.now() - lastRequest;
    if (quietFor < quietMs) {
      timer = setTimeout(check, quietMs - quietFor);
      timer.unref();
      return;
    }
    timer = undefined;
    if (usedHeap() - afterLast < minGrowthBytes) return;
    const start = performance.now();
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    stats.runs += 1;
    stats.longestMs = Math.max(stats.longestMs, performance.now() - start);
    afterLast = usedHeap();
  };
  const arm = () => {
    lastRequest = performance.now();
    if (timer) return;
    timer = setTimeout(check, quietMs);
    timer.unref();
  };
  server.on('request', arm);
  arm();
  return {
    stats,
    stop() {
      server.off('request', arm);
      if (timer) clearTimeout(timer);
    },
  };
}

/** V8's gc(), without starting Node with --expose-gc (which would also hand it to every script). */
function exposedGc(): Gc | null {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as Gc) : null;
  } catch {
    return null;
  }
}
