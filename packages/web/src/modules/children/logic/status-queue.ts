import type { StatusInput } from '@hortus/contract/modules/children';

/** A status change made while offline, waiting on the device to be sent (beyond the spec). */
export interface QueuedStatus {
  /** Order of creation. */
  seq: number;
  childId: number;
  childName: string;
  change: StatusInput;
}

export const STATUS_QUEUE_KEY = 'f200-status-queue';

function isQueued(value: unknown): value is QueuedStatus {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry['seq'] === 'number' &&
    typeof entry['childId'] === 'number' &&
    typeof entry['childName'] === 'string' &&
    typeof entry['change'] === 'object' &&
    entry['change'] !== null
  );
}

export function readQueue(storage: Pick<Storage, 'getItem'> = localStorage): QueuedStatus[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STATUS_QUEUE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isQueued).sort((a, b) => a.seq - b.seq) : [];
  } catch {
    return [];
  }
}

export function writeQueue(
  queue: readonly QueuedStatus[],
  storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
): void {
  if (queue.length === 0) storage.removeItem(STATUS_QUEUE_KEY);
  else storage.setItem(STATUS_QUEUE_KEY, JSON.stringify(queue));
}

/** Adds a change at the end (in order of creation). */
export function enqueue(queue: readonly QueuedStatus[], entry: Omit<QueuedStatus, 'seq'>): QueuedStatus[] {
  const seq = queue.reduce((max, item) => Math.max(max, item.seq), 0) + 1;
  return [...queue, { ...entry, seq }];
}

/** The status a child shows while changes wait: the last queued status, or null when none waits. */
export function pendingStatus(queue: readonly QueuedStatus[], childId: number): number | null {
  const mine = queue.filter((entry) => entry.childId === childId);
  const last = mine[mine.length - 1];
  if (!last) return null;
  if (last.change.neuStatus === 0 && last.change.nurEntlassenRueckgaengig) return 1;
  return last.change.neuStatus === 3 ? 0 : last.change.neuStatus;
}

export type SendResult = 'sent' | 'refused' | 'offline';

/**
 * Sends the queue in order. A refused change (the server answered with an error) is reported and
 * dropped — never silently; a network failure stops and keeps the rest for the next time.
 */
export async function flushQueue(
  queue: readonly QueuedStatus[],
  send: (entry: QueuedStatus) => Promise<SendResult>,
  onRefused: (entry: QueuedStatus) => void,
): Promise<QueuedStatus[]> {
  const rest = [...queue];
  while (rest.length > 0) {
    const entry = rest[0] as QueuedStatus;
    const result = await send(entry);
    if (result === 'offline') break;
    if (result === 'refused') onRefused(entry);
    rest.shift();
  }
  return rest;
}
