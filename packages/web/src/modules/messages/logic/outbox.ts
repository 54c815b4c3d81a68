import type { SendInput } from '@hortus/contract/modules/messages';
import { appendQueued, deviceQueue, flushInOrder, type SendResult } from '../../../platform/offline/send-queue';

/**
 * Messages written offline wait on the device (like the check-in queue) and are sent in order when the
 * connection returns. Each carries its `kennung`, made once when it was written, so a send that reached the
 * server although its answer was lost is stored only once (issue 43).
 */
export interface QueuedMessage {
  /** Order of writing. */
  seq: number;
  /** What the inbox shows until it is sent. */
  titel: string;
  send: SendInput & { kennung: string };
}

export const OUTBOX_KEY = 'f120-outbox';

function isQueued(value: unknown): value is QueuedMessage {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  const send = entry['send'] as Record<string, unknown> | null | undefined;
  return (
    typeof entry['seq'] === 'number' &&
    typeof entry['titel'] === 'string' &&
    typeof send === 'object' &&
    send !== null &&
    typeof send['text'] === 'string' &&
    typeof send['kennung'] === 'string'
  );
}

const outbox = deviceQueue(OUTBOX_KEY, isQueued);
export const readOutbox = outbox.read;
export const writeOutbox = outbox.write;
export type { SendResult };

/** Adds a message at the end; a message already queued (same kennung) is not added twice. */
export function enqueueMessage(queue: readonly QueuedMessage[], entry: Omit<QueuedMessage, 'seq'>): QueuedMessage[] {
  if (queue.some((item) => item.send.kennung === entry.send.kennung)) return [...queue];
  return appendQueued(queue, entry);
}

/** Sends the queue in order (the platform's sender: a refused message reported and dropped, offline keeps it). */
export const flushOutbox = flushInOrder<QueuedMessage>;

/** A new idempotency id for a message (URL-safe, 22+ characters). */
export function newClientId(random: () => string = () => crypto.randomUUID()): string {
  return `m-${random().replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 64);
}
