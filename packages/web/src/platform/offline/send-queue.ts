/**
 * What a module writes offline waits on the device in order (`seq`) and is sent when the connection returns:
 * the children's check-in queue and the messages' outbox use this one store and this one sender.
 */

export interface Queued {
  /** Order of creation. */
  seq: number;
}

export type SendResult = 'sent' | 'refused' | 'offline';

/** A queue kept in the device's storage under `key`; entries that fail `isEntry` are left out when read. */
export function deviceQueue<T extends Queued>(key: string, isEntry: (value: unknown) => value is T) {
  return {
    read(storage: Pick<Storage, 'getItem'> = localStorage): T[] {
      try {
        const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
        return Array.isArray(parsed) ? parsed.filter(isEntry).sort((a, b) => a.seq - b.seq) : [];
      } catch {
        return [];
      }
    },
    write(queue: readonly T[], storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage): void {
      if (queue.length === 0) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(queue));
    },
  };
}

/** Adds an entry at the end, numbered after the last one. */
export function appendQueued<T extends Queued>(queue: readonly T[], entry: Omit<T, 'seq'>): T[] {
  const seq = queue.reduce((max, item) => Math.max(max, item.seq), 0) + 1;
  return [...queue, { ...entry, seq } as T];
}

/**
 * Sends the queue in order. A refused entry (the server answered with an error) is reported and dropped —
 * never silently; a network failure stops and keeps it and the rest for the next time.
 */
export async function flushInOrder<T>(
  queue: readonly T[],
  send: (entry: T) => Promise<SendResult>,
  onRefused: (entry: T) => void,
): Promise<T[]> {
  const rest = [...queue];
  while (rest.length > 0) {
    const entry = rest[0] as T;
    const result = await send(entry);
    if (result === 'offline') break;
    if (result === 'refused') onRefused(entry);
    rest.shift();
  }
  return rest;
}
