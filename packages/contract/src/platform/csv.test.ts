import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, guardCell, looksLikeFormula, unguardCell } from './csv';

/** Strings that often start like a formula. */
export const cellText = fc.oneof(
  fc.string(),
  fc.tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'", "''="), fc.string()).map(([a, b]) => a + b),
  fc.constantFrom('-1+HYPERLINK("http://x","x")', '+SUM(1+1)', '@SUM(A1:A2)', '=1+1', '-12,5', '51.0504'),
);
export const unquote = (cell: string) => cell.replace(/^"(.*)"$/s, '$1').replace(/""/g, '"');

describe('formula guard of every export (platform/csv)', () => {
  it('no guarded cell starts a formula, and the import gets the value back', () => {
    fc.assert(
      fc.property(cellText, (value) => {
        expect(looksLikeFormula(guardCell(value))).toBe(false);
        expect(unguardCell(guardCell(value))).toBe(value);
        expect(looksLikeFormula(unquote(csvCell(value)))).toBe(false);
      }),
    );
  });

  it('a numeric column keeps plain numbers, guards everything else', () => {
    expect(guardCell('-12,5', { number: true })).toBe('-12,5');
    expect(guardCell('-1+HYPERLINK("x")', { number: true })).toBe(`'-1+HYPERLINK("x")`);
    expect(guardCell('-12,5')).toBe("'-12,5");
  });
});
