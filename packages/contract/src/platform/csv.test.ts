import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvRecords, csvText, guardCell, looksLikeFormula, unguardCell } from './csv';

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

describe('csvText, the one CSV writer', () => {
  it('writes quoted, guarded cells with semicolons and CRLF; the reader gets every value back', () => {
    expect(
      csvText(
        [
          ['Name', 'Wert'],
          ['=1+1', '-12,5'],
        ],
        { bom: true, number: (column) => column === 1 },
      ),
    ).toBe('\uFEFF"Name";"Wert"\r\n"\'=1+1";"-12,5"\r\n');
    fc.assert(
      fc.property(
        fc.array(fc.array(cellText, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const read = csvRecords(csvText(rows), ';').records.map((record) => record.cells.map(unguardCell));
          expect(read).toEqual(rows);
        },
      ),
    );
  });
});
