import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { enqueue, flushQueue, pendingStatus, type QueuedStatus, type SendResult } from './status-queue';

const entry = (childId: number, neuStatus: 0 | 1 | 2, extra = {}) => ({
  childId,
  childName: `Kind ${childId}`,
  change: { id_kind: childId, neuStatus, ...extra },
});

describe('offline status queue', () => {
  it('keeps the order of creation and shows the last pending status', () => {
    let queue: QueuedStatus[] = [];
    queue = enqueue(queue, entry(1, 1));
    queue = enqueue(queue, entry(1, 2));
    queue = enqueue(queue, entry(2, 1));
    expect(queue.map((q) => q.seq)).toEqual([1, 2, 3]);
    expect(pendingStatus(queue, 1)).toBe(2);
    expect(pendingStatus(queue, 3)).toBeNull();
    expect(pendingStatus(enqueue(queue, entry(1, 0, { nurEntlassenRueckgaengig: true })), 1)).toBe(1);
  });

  it('sends in order, reports refusals, stops at the first network failure and keeps the rest', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<SendResult>('sent', 'refused', 'offline'), { maxLength: 8 }),
        async (results) => {
          let queue: QueuedStatus[] = [];
          results.forEach((_, index) => (queue = enqueue(queue, entry(index + 1, 1))));
          const sent: number[] = [];
          const refused: number[] = [];
          const rest = await flushQueue(
            queue,
            (item) => {
              sent.push(item.seq);
              return Promise.resolve(results[item.seq - 1] as SendResult);
            },
            (item) => refused.push(item.seq),
          );
          const stop = results.indexOf('offline');
          const handled = stop === -1 ? results.length : stop;
          expect(sent).toEqual(queue.slice(0, stop === -1 ? results.length : stop + 1).map((q) => q.seq));
          expect(refused).toEqual(
            queue
              .slice(0, handled)
              .filter((_, i) => results[i] === 'refused')
              .map((q) => q.seq),
          );
          expect(rest).toEqual(queue.slice(handled));
        },
      ),
    );
  });
});
