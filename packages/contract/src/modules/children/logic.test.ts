import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childrenActions, classNameField } from './calls';
import { germanMonthLabel } from './statistics';
import {
  childCount,
  dayPlan,
  nextChildStatus,
  releaseReasonText,
  statusOf,
  type ExceptionLike,
  type RecurringExceptionLike,
} from './logic';

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const days = ['2026-03-02', '2026-03-03', '2026-03-04'];
const recurring: fc.Arbitrary<RecurringExceptionLike[]> = fc.uniqueArray(
  fc.record({
    wochentag: fc.integer({ min: 1, max: 7 }),
    anwesend: fc.boolean(),
    entlasszeit: time,
    kommentar: fc.string({ maxLength: 5 }),
  }),
  { selector: (entry) => entry.wochentag, maxLength: 7 },
);
const exceptions: fc.Arbitrary<ExceptionLike[]> = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 1000 }),
    tag: fc.constantFrom(...days),
    anwesend: fc.boolean(),
    entlasszeit: time,
    kommentar: fc.string({ maxLength: 5 }),
    elternErstellt: fc.boolean(),
  }),
  { selector: (entry) => entry.id, maxLength: 6 },
);

describe('dayPlan (school.md 4.4)', () => {
  it('an exception of the day beats a recurring one, which beats the standard time', () => {
    fc.assert(
      fc.property(
        time,
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom(...days),
        recurring,
        exceptions,
        (standard, weekday, day, rules, list) => {
          const plan = dayPlan(standard, weekday, day, rules, list);
          const ofDay = list.filter((entry) => entry.tag === day);
          const rule = rules.find((entry) => entry.wochentag === weekday);
          if (ofDay.length > 0) {
            expect(plan.grund).toBe('Ausnahme');
            const staff = ofDay.filter((entry) => !entry.elternErstellt);
            const pool = staff.length > 0 ? staff : ofDay;
            const winner = pool.reduce((a, b) => (b.id > a.id ? b : a));
            expect(plan.ausnahmeId).toBe(winner.id);
            expect(plan.entlasszeit).toBe(winner.entlasszeit);
            expect(plan.anwesend).toBe(winner.anwesend);
          } else if (rule) {
            expect(plan).toMatchObject({
              grund: 'Regelausnahme',
              entlasszeit: rule.entlasszeit,
              anwesend: rule.anwesend,
            });
          } else {
            expect(plan).toMatchObject({ grund: 'Standardentlasszeit', entlasszeit: standard, anwesend: true });
          }
        },
      ),
    );
  });

  it('a staff exception overrides a parent’s whatever their order', () => {
    const parent: ExceptionLike = {
      id: 9,
      tag: days[0] as string,
      anwesend: false,
      entlasszeit: '00:00',
      kommentar: 'krank',
      elternErstellt: true,
    };
    const staff: ExceptionLike = {
      id: 3,
      tag: days[0] as string,
      anwesend: true,
      entlasszeit: '13:00',
      kommentar: 'doch da',
      elternErstellt: false,
    };
    expect(dayPlan('15:00', 1, days[0] as string, [], [parent, staff]).ausnahmeId).toBe(3);
    expect(dayPlan('15:00', 1, days[0] as string, [], [staff, parent]).ausnahmeId).toBe(3);
  });
});

describe('status transitions', () => {
  it('cycles 0/3 → 1 → 2 → dialog', () => {
    expect(nextChildStatus(0)).toBe(1);
    expect(nextChildStatus(3)).toBe(1);
    expect(nextChildStatus(1)).toBe(2);
    expect(nextChildStatus(2)).toBeNull();
    expect(statusOf(null)).toBe(0);
    expect(statusOf({ zeit_bis: null })).toBe(1);
    expect(statusOf({ zeit_bis: '15:00' })).toBe(2);
  });
  it('writes the reason type with its comment', () => {
    expect(releaseReasonText({ grund: 'Standardentlasszeit', kommentar: '' })).toBe('Standardentlasszeit');
    expect(releaseReasonText({ grund: 'Ausnahme', kommentar: ' Arzt ' })).toBe('Ausnahme: Arzt');
  });
});

describe('children wire rules', () => {
  it('class names: required, at most 25, name rule', () => {
    expect(classNameField.safeParse('1a').success).toBe(true);
    expect(classNameField.safeParse('').success).toBe(false);
    expect(classNameField.safeParse('x'.repeat(26)).success).toBe(false);
    expect(classNameField.safeParse('<b>').success).toBe(false);
  });
  it('an empty action loads; an unknown one is refused', () => {
    expect(childrenActions.field.parse('')).toBeNull();
    expect(childrenActions.field.safeParse({ type: 'nix', data: {} }).success).toBe(false);
  });
});

describe('German counts and months (issue 33)', () => {
  it("says '1 Kind' but '0 Kinder' and '2 Kinder'", () => {
    expect(childCount(1)).toBe('1 Kind');
    expect(childCount(0)).toBe('0 Kinder');
    expect(childCount(2)).toBe('2 Kinder');
  });

  it("names a month in words: '2026-11' → 'November 2026'", () => {
    expect(germanMonthLabel('2026-11')).toBe('November 2026');
    expect(germanMonthLabel('2027-03')).toBe('März 2027');
  });
});
