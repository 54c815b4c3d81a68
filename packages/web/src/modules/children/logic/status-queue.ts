import type { StatusInput } from '@hortus/contract/modules/children';
import { appendQueued, deviceQueue, flushInOrder, type SendResult } from '../../../platform/offline/send-queue';

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

const statusQueue = deviceQueue(STATUS_QUEUE_KEY, isQueued);
export const readQueue = statusQueue.read;
export const writeQueue = statusQueue.write;
export type { SendResult };

/** Adds a change at the end (in order of creation). */
export function enqueue(queue: readonly QueuedStatus[], entry: Omit<QueuedStatus, 'seq'>): QueuedStatus[] {
  return appendQueued(queue, entry);
}

/** The last change of a child waiting on the device, or undefined when none waits. */
export function pendingChange(queue: readonly QueuedStatus[], childId: number): StatusInput | undefined {
  return queue.findLast((entry) => entry.childId === childId)?.change;
}

/** The status a child shows while changes wait: the last queued status, or null when none waits. */
export function pendingStatus(queue: readonly QueuedStatus[], childId: number): number | null {
  const last = queue.findLast((entry) => entry.childId === childId);
  if (!last) return null;
  if (last.change.neuStatus === 0 && last.change.nurEntlassenRueckgaengig) return 1;
  return last.change.neuStatus === 3 ? 0 : last.change.neuStatus;
}

/** Sends the queue in order (the platform's sender: a refused change reported and dropped, offline keeps the rest). */
export const flushQueue = flushInOrder<QueuedStatus>;
