import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { enqueueMessage, flushOutbox, newClientId, readOutbox, writeOutbox, type QueuedMessage } from './outbox';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const entry = (id: string): Omit<QueuedMessage, 'seq'> => ({
  titel: 'Büro',
  send: { id_konversation: 3, text: `Text ${id}`, kennung: id },
});

describe('the offline outbox', () => {
  it('keeps order and never queues one message twice', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a1234567', 'b1234567', 'c1234567'), { maxLength: 12 }), (ids) => {
        let queue: QueuedMessage[] = [];
        for (const id of ids) queue = enqueueMessage(queue, entry(id));
        expect(queue.map((item) => item.send.kennung)).toEqual([...new Set(ids)]);
        const storage = memoryStorage();
        writeOutbox(queue, storage);
        expect(readOutbox(storage)).toEqual(queue);
      }),
    );
  });

  it('stops at a network failure and keeps the rest; a refused message is reported and dropped', async () => {
    let queue: QueuedMessage[] = [];
    for (const id of ['a1234567', 'b1234567', 'c1234567']) queue = enqueueMessage(queue, entry(id));
    const refused: string[] = [];
    const results: Record<string, 'sent' | 'refused' | 'offline'> = {
      a1234567: 'sent',
      b1234567: 'refused',
      c1234567: 'offline',
    };
    const rest = await flushOutbox(
      queue,
      async (item) => results[item.send.kennung] ?? 'sent',
      (item) => refused.push(item.send.kennung),
    );
    expect(refused).toEqual(['b1234567']);
    expect(rest.map((item) => item.send.kennung)).toEqual(['c1234567']);
  });

  it('makes ids the server accepts', () => {
    expect(newClientId()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('reads broken storage as empty', () => {
    const storage = memoryStorage();
    storage.setItem('f120-outbox', '{nope');
    expect(readOutbox(storage)).toEqual([]);
  });
});
