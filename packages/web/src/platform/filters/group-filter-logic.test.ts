import { describe, expect, it } from 'vitest';
import { ALL_GROUPS, NO_GROUPS, groupChoiceLabel, nextGroupChoice } from './group-filter-logic';

const groups = [
  { id: 1, name: 'Eltern' },
  { id: 2, name: 'Personal' },
  { id: 3, name: 'Kunden' },
];

describe('group filter', () => {
  it("'Alle' and 'Keine' win; every group ticked means all", () => {
    expect(nextGroupChoice([1, ALL_GROUPS], [1, 2, 3])).toBeNull();
    expect(nextGroupChoice([1, NO_GROUPS], [1, 2, 3])).toEqual(new Set());
    expect(nextGroupChoice([1, 3], [1, 2, 3])).toEqual(new Set([1, 3]));
    expect(nextGroupChoice([1, 2, 3], [1, 2, 3])).toBeNull();
  });

  it('labels the choice', () => {
    expect(groupChoiceLabel(null, groups)).toBe('Alle Gruppen');
    expect(groupChoiceLabel(new Set(), groups)).toBe('Keine Gruppe');
    expect(groupChoiceLabel(new Set([3, 1]), groups)).toBe('Eltern, Kunden');
  });
});
