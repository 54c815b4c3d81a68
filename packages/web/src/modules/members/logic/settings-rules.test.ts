import { describe, expect, it } from 'vitest';
import { conditionText } from './settings-rules';

const groups = [
  { id: 1, name: 'Verwaltung' },
  { id: 2, name: 'Personal' },
];

describe('settings rules', () => {
  it('describes conditions', () => {
    expect(conditionText({ alle: true, gruppen: [1] }, groups)).toBe('Alle');
    expect(conditionText({ alle: false, gruppen: [2, 1] }, groups)).toBe('Personal, Verwaltung');
    expect(conditionText({ alle: false, gruppen: [9], nutzer: [4, 5] }, groups)).toBe('Gruppe 9, 2 Nutzer');
    expect(conditionText({ alle: false, gruppen: [] }, groups)).toBe('Niemand');
  });
});
