import type { Hydrant, HydrantStatus } from '@hortus/contract/modules/hydrants';

/**
 * Status and defect changes made without a connection wait on the device (localStorage, wiped with
 * the session at logout) and are sent when the device is back online. Per hydrant and kind only the
 * latest change is kept: it replaces the whole value, so an older one would only be overwritten.
 */
export type QueuedChange =
  { kind: 'status'; id: number; status: HydrantStatus } | { kind: 'defects'; id: number; mangel: string[] };

export const QUEUE_KEY = 'hydrantQueue';

export function readQueue(storage: Pick<Storage, 'getItem'> = localStorage): QueuedChange[] {
  try {
    const value = JSON.parse(storage.getItem(QUEUE_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as QueuedChange[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(queue: readonly QueuedChange[], storage: Pick<Storage, 'setItem' | 'removeItem'>): void {
  if (queue.length === 0) storage.removeItem(QUEUE_KEY);
  else storage.setItem(QUEUE_KEY, JSON.stringify(queue));
}

/** Adds a change; a waiting change of the same kind for the same hydrant is replaced. */
export function enqueue(change: QueuedChange, storage: Storage = localStorage): QueuedChange[] {
  const queue = [...readQueue(storage).filter((c) => !(c.id === change.id && c.kind === change.kind)), change];
  writeQueue(queue, storage);
  return queue;
}

/** What the map shows for a queued change until the server has it (a defect change marks it checked). */
export function applyChange(hydrant: Hydrant, change: QueuedChange): Hydrant {
  return change.kind === 'status'
    ? { ...hydrant, status: change.status }
    : { ...hydrant, mangel: [...change.mangel].sort(), status: '1' };
}

export type SendResult = { ok: true; hydrant: Hydrant } | { ok: false; offline: boolean; message: string };

/**
 * Sends the waiting changes in order. A change the server refuses (e.g. a hydrant deleted meanwhile) is
 * dropped and reported; without a connection the rest waits for the next try.
 */
export async function flushQueue(
  send: (change: QueuedChange) => Promise<SendResult>,
  onSent: (hydrant: Hydrant) => void,
  onRefused: (message: string) => void,
  storage: Storage = localStorage,
): Promise<number> {
  let sent = 0;
  for (const change of readQueue(storage)) {
    const result = await send(change);
    if (!result.ok && result.offline) break;
    writeQueue(
      readQueue(storage).filter(
        (c) => c !== change && !(c.id === change.id && c.kind === change.kind && same(c, change)),
      ),
      storage,
    );
    if (result.ok) {
      sent += 1;
      onSent(result.hydrant);
    } else onRefused(result.message);
  }
  return sent;
}

function same(a: QueuedChange, b: QueuedChange): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
