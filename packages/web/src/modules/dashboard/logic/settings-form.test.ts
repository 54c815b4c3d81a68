import { describe, expect, it } from 'vitest';
import { moveWidget, widgetOrder } from './settings-form';

describe('dashboard settings form', () => {
  it('orders used widgets first', () => {
    const all = [{ id: 'w1' }, { id: 'w2' }, { id: 'w3' }];
    expect(widgetOrder(all, ['w3', 'w1']).map((widget) => widget.id)).toEqual(['w3', 'w1', 'w2']);
  });

  it('moves widgets within bounds', () => {
    expect(moveWidget(['w1', 'w2'], 'w2', -1)).toEqual(['w2', 'w1']);
    expect(moveWidget(['w1', 'w2'], 'w1', -1)).toEqual(['w1', 'w2']);
    expect(moveWidget(['w1', 'w2'], 'w2', 1)).toEqual(['w1', 'w2']);
  });
});
