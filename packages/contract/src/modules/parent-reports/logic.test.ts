import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoDayOf, parseIsoDay } from '../../platform/local-time';
import type { ReleaseTimeCondition } from '../children';
import { reportInput } from './calls';
import {
  commentCounter,
  cutoffPassed,
  followDates,
  isLateReport,
  lateText,
  offeredReleaseTimes,
  reportComment,
  reportDateMessages,
  reportDayError,
  reportDays,
  reportText,
} from './logic';

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const base = parseIsoDay('2026-03-20') as number;
const day = fc.integer({ min: -20, max: 20 }).map((offset) => isoDayOf(base + offset));
const condition: fc.Arbitrary<ReleaseTimeCondition> = fc.record({
  aktiv: fc.boolean(),
  klassen: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 4 }),
  datumVon: fc.oneof(fc.constant(''), day),
  datumBis: fc.oneof(fc.constant(''), day),
  ausnahmen: fc.uniqueArray(
    day.map((tag) => ({ tag })),
    { maxLength: 4, selector: (entry) => entry.tag },
  ),
});

describe('report dates (school.md 5.3)', () => {
  it('accepts today up to 7 days ahead and names the past and the range apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: -30, max: 30 }), (offset) => {
        const error = reportDayError(isoDayOf(base + offset), isoDayOf(base));
        if (offset < 0) expect(error).toBe(reportDateMessages.past);
        else if (offset > 7) expect(error).toBe(reportDateMessages.range);
        else expect(error).toBeNull();
      }),
    );
  });

  it('lets the other date follow so that from is never after to', () => {
    fc.assert(
      fc.property(day, day, fc.constantFrom('from' as const, 'to' as const), (from, to, changed) => {
        const result = followDates(from, to, changed);
        expect(result.from <= result.to).toBe(true);
        expect(changed === 'from' ? result.from : result.to).toBe(changed === 'from' ? from : to);
      }),
    );
  });

  it('lists every day of a range once, in order', () => {
    expect(reportDays('2026-03-30', '2026-04-01')).toEqual(['2026-03-30', '2026-03-31', '2026-04-01']);
    expect(reportDays('2026-04-01', '2026-03-30')).toEqual([]);
  });
});

describe('cut-off (late reports, withdrawal)', () => {
  it('is in time up to and including the cut-off minute of today, late after it; other days by their date', () => {
    fc.assert(
      fc.property(day, time, time, (reported, cutoff, now) => {
        const today = isoDayOf(base);
        const passed = cutoffPassed(reported, cutoff, today, now);
        if (reported < today) expect(passed).toBe(true);
        else if (reported > today) expect(passed).toBe(false);
        else expect(passed).toBe(now > cutoff);
        expect(isLateReport([reported], cutoff, today, now)).toBe(passed);
      }),
    );
    expect(cutoffPassed('2026-03-20', '08:00', '2026-03-20', '08:00')).toBe(false);
    expect(cutoffPassed('2026-03-20', '08:00', '2026-03-20', '08:01')).toBe(true);
  });

  it('puts the cut-off time in for every placeholder', () => {
    expect(lateText('Nach [[ZEIT_SPAETESTENS]] Uhr ([[ZEIT_SPAETESTENS]])', '07:45')).toBe('Nach 07:45 Uhr (07:45)');
  });
});

describe('possible release times (school.md 5.3)', () => {
  it('offers a time exactly when its condition is inactive or every part of it holds', () => {
    fc.assert(
      fc.property(
        condition,
        fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }),
        day,
        day,
        (rule, classes, a, b) => {
          const [from, to] = a <= b ? [a, b] : [b, a];
          const offered = offeredReleaseTimes(['14:00', '15:30'], { '14:00': rule }, classes, from, to);
          expect(offered).toContain('15:30');
          const expected =
            !rule.aktiv ||
            ((rule.klassen.length === 0 || classes.every((id) => rule.klassen.includes(id))) &&
              (rule.datumVon === '' || from >= rule.datumVon) &&
              (rule.datumBis === '' || to <= rule.datumBis) &&
              !rule.ausnahmen.some((entry) => entry.tag >= from && entry.tag <= to));
          expect(offered.includes('14:00')).toBe(expected);
        },
      ),
    );
  });
});

describe('report texts', () => {
  it('marks sickness in the comment and reads it back', () => {
    fc.assert(
      fc.property(fc.constantFrom('k', 'nds', '14:00'), fc.string({ maxLength: 40 }), (option, text) => {
        const comment = reportComment(option, text);
        const present = option !== 'k' && option !== 'nds';
        const expected = present ? 'Entlassung um 14:00 Uhr' : option === 'nds' ? 'Krank' : 'Abwesend';
        if (!(option === 'k' && /^Krank(:|$)/.test(comment)))
          expect(reportText(present, '14:00', comment)).toBe(expected);
      }),
    );
    expect(commentCounter('Arzttermin')).toBe('10/40 Zeichen');
  });

  it('refuses a comment over 40 characters and an unknown option', () => {
    const base = { kind: [1], anwesenheit: 'k', tag: '2026-03-20', tag_bis: '2026-03-20' };
    expect(reportInput.safeParse({ ...base, kommentar: 'x'.repeat(40) }).success).toBe(true);
    expect(reportInput.safeParse({ ...base, kommentar: 'x'.repeat(41) }).success).toBe(false);
    expect(reportInput.safeParse({ ...base, anwesenheit: 'x' }).success).toBe(false);
    expect(reportInput.safeParse({ ...base, kind: [] }).success).toBe(false);
  });
});
