import { describe, expect, it } from 'vitest';
import { intlWarmUpSteps, warmUpIntl } from './warm-up';

describe('Intl warm-up', () => {
  it('runs one step per scheduled task, none in the caller’s task, and stops after the last', () => {
    const queue: (() => void)[] = [];
    const ran: number[] = [];
    warmUpIntl(
      (task) => queue.push(task),
      [0, 1, 2].map((n) => () => ran.push(n)),
    );
    expect(ran).toEqual([]);
    const perTask: number[][] = [];
    while (queue.length > 0) {
      const before = ran.length;
      queue.shift()!();
      perTask.push(ran.slice(before));
      expect(queue.length).toBeLessThanOrEqual(1);
    }
    expect(perTask).toEqual([[0], [1], [2], []]);
  });

  it('warms the number format, the Berlin time zone, German dates and collation', () => {
    const results = intlWarmUpSteps.map((step) => step());
    expect(results).toHaveLength(4);
    expect(results[0]).toBe('1');
    expect(results[1]).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'hour', value: '01' })]));
    expect(results[2]).toBe('01.01.1970');
    expect(results[3]).toEqual(['a', 'b']);
  });
});
