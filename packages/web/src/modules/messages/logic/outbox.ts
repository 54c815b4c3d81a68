import type { SendInput } from '@hortus/contract/modules/messages';

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

export function readOutbox(storage: Pick<Storage, 'getItem'> = localStorage): QueuedMessage[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(OUTBOX_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isQueued).sort((a, b) => a.seq - b.seq) : [];
  } catch {
    return [];
  }
}

export function writeOutbox(
  queue: readonly QueuedMessage[],
  storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
): void {
  if (queue.length === 0) storage.removeItem(OUTBOX_KEY);
  else storage.setItem(OUTBOX_KEY, JSON.stringify(queue));
}

/** Adds a message at the end; a message already queued (same kennung) is not added twice. */
export function enqueueMessage(queue: readonly QueuedMessage[], entry: Omit<QueuedMessage, 'seq'>): QueuedMessage[] {
  if (queue.some((item) => item.send.kennung === entry.send.kennung)) return [...queue];
  const seq = queue.reduce((max, item) => Math.max(max, item.seq), 0) + 1;
  return [...queue, { ...entry, seq }];
}

export type SendResult = 'sent' | 'refused' | 'offline';

/**
 * Sends the queue in order: a refused message (the server answered with an error) is reported and dropped —
 * never silently; a network failure stops and keeps it and the rest for the next time.
 */
export async function flushOutbox(
  queue: readonly QueuedMessage[],
  send: (entry: QueuedMessage) => Promise<SendResult>,
  onRefused: (entry: QueuedMessage) => void,
): Promise<QueuedMessage[]> {
  const rest = [...queue];
  while (rest.length > 0) {
    const entry = rest[0] as QueuedMessage;
    const result = await send(entry);
    if (result === 'offline') break;
    if (result === 'refused') onRefused(entry);
    rest.shift();
  }
  return rest;
}

/** A new idempotency id for a message (URL-safe, 22+ characters). */
export function newClientId(random: () => string = () => crypto.randomUUID()): string {
  return `m-${random().replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 64);
}
