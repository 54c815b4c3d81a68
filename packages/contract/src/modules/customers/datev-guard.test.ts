import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeFormula } from '../../platform/csv';
import { cellText, unquote } from '../../platform/csv.test';
import { datevRow, datevText } from './datev';

describe('DATEV formula guard', () => {
  it('DATEV texts and document numbers never start a formula', () => {
    fc.assert(
      fc.property(cellText, cellText, (text, beleg) => {
        expect(looksLikeFormula(unquote(datevText(text)))).toBe(false);
        const fields = datevRow({
          cents: 100,
          sollHaben: 'S',
          konto: '4900',
          gegenkonto: '1200',
          datum: '2026-01-02',
          beleg,
          text,
        }).split(';');
        expect(looksLikeFormula(unquote(fields[10] ?? ''))).toBe(false);
      }),
    );
  });
});
