import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../../platform/fields';
import { centsOfGdpdu, gdpduNumber, gobdMessages, gobdPeriod, gobdPeriodInput, GOBD_MAX_YEARS } from './audit-export';
import { addDays, daysBetween } from './logic';

const day = fc.integer({ min: 0, max: 40_000 }).map((offset) => addDays('1950-01-01', offset));
const errorsOf = (input: unknown): Record<string, string[]> => {
  const parsed = gobdPeriodInput.safeParse(input);
  if (parsed.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
};

describe('GoBD export numbers', () => {
  it('writes cents with a decimal comma and two places, and reads them back to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }), (cents) => {
        const written = gdpduNumber(cents);
        expect(written).toMatch(/^-?\d+,\d{2}$/);
        expect(centsOfGdpdu(written)).toBe(cents);
      }),
    );
  });

  it('writes sums of cents as the sum of what it wrote (no rounding drift over a table)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10_000_000, max: 10_000_000 }), { maxLength: 200 }), (amounts) => {
        const total = amounts.reduce((sum, cents) => sum + cents, 0);
        expect(amounts.map((cents) => gdpduNumber(cents)).reduce((sum, text) => sum + centsOfGdpdu(text), 0)).toBe(
          total,
        );
      }),
    );
  });

  it('writes exact quantities and rates with their places', () => {
    expect(gdpduNumber('2.5', 3)).toBe('2,500');
    expect(gdpduNumber('-1', 3)).toBe('-1,000');
    expect(gdpduNumber('19', 2)).toBe('19,00');
    expect(gdpduNumber('5.5', 2)).toBe('5,50');
  });
});

describe('GoBD export period', () => {
  it('takes any period of days up to ten years, both days included', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 3650 }), (von, length) => {
        const bis = addDays(von, length);
        const parsed = gobdPeriodInput.safeParse({ von, bis });
        const withinTen = bis < `${Number(von.slice(0, 4)) + GOBD_MAX_YEARS}${von.slice(4)}`;
        expect(parsed.success).toBe(withinTen);
        if (parsed.success) expect(gobdPeriod(parsed.data)).toMatchObject({ von, bis });
        else expect(errorsOf({ von, bis }).bis).toEqual([gobdMessages.periodTooLong]);
      }),
    );
  });

  it('refuses an end before the start on the end field', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 400 }), (bis, back) => {
        const von = addDays(bis, back);
        expect(daysBetween(von, bis)).toBeLessThan(0);
        expect(errorsOf({ von, bis })).toEqual({ bis: [fieldMessages.dayRange] });
      }),
    );
  });

  it('reads a business year as its calendar year, and refuses what is no year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2999 }), (year) => {
        const parsed = gobdPeriodInput.parse({ jahr: year });
        expect(gobdPeriod(parsed)).toEqual({
          von: `${year}-01-01`,
          bis: `${year}-12-31`,
          label: `Geschäftsjahr ${year}`,
          key: String(year),
        });
      }),
    );
    for (const jahr of ['25', '20251', 'abcd', '1899', '-202'])
      expect(errorsOf({ jahr }), jahr).toEqual({ jahr: [gobdMessages.year] });
    expect(errorsOf({})).toEqual({ von: [fieldMessages.required], bis: [fieldMessages.required] });
    expect(errorsOf({ von: '2025-13-01', bis: '2025-12-31' })).toEqual({ von: [fieldMessages.date] });
  });

  it('names a period of days by its German dates', () => {
    expect(gobdPeriod(gobdPeriodInput.parse({ von: '2025-03-01', bis: '2025-05-31' }))).toEqual({
      von: '2025-03-01',
      bis: '2025-05-31',
      label: '01.03.2025 bis 31.05.2025',
      key: '2025-03-01 bis 2025-05-31',
    });
  });
});
