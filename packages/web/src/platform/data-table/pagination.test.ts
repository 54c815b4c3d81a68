import { describe, expect, it } from 'vitest';
import { ALL_ROWS, displayedRowsLabel, lastPage, pageRange, pageRows } from './pagination';

const rows = Array.from({ length: 45 }, (_, index) => index + 1);

describe('pagination', () => {
  it("writes the footer as 'a - b von n'", () => {
    expect(displayedRowsLabel({ from: 21, to: 40, count: 45 })).toBe('21 - 40 von 45');
    expect(displayedRowsLabel(pageRange(45, 2, 20))).toBe('41 - 45 von 45');
    expect(displayedRowsLabel(pageRange(0, 0, 20))).toBe('0 - 0 von 0');
    expect(displayedRowsLabel(pageRange(45, 0, ALL_ROWS))).toBe('1 - 45 von 45');
  });

  it('slices pages and shows every row for Alle', () => {
    expect(pageRows(rows, 0, 20)).toEqual(rows.slice(0, 20));
    expect(pageRows(rows, 2, 20)).toEqual([41, 42, 43, 44, 45]);
    expect(pageRows(rows, 0, ALL_ROWS)).toHaveLength(45);
  });

  it('clamps a page that no longer exists to the last page', () => {
    expect(lastPage(45, 20)).toBe(2);
    expect(lastPage(0, 20)).toBe(0);
    expect(lastPage(45, ALL_ROWS)).toBe(0);
    expect(pageRows(rows.slice(0, 7), 3, 5)).toEqual([6, 7]);
  });
});
