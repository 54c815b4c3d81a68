import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dateOfDayNumber,
  dayNumber,
  formatGermanDateTime,
  formatGermanDay,
  formatGermanLocal,
  fromLocal,
  isoDayOf,
  isoWeekday,
  parseIsoDay,
  toLocal,
} from './local-time';

describe('local time in Europe/Berlin', () => {
  it('converts winter and summer times with their offsets', () => {
    expect(new Date(fromLocal({ year: 2026, month: 1, day: 15, hour: 8, minute: 0 })).toISOString()).toBe(
      '2026-01-15T07:00:00.000Z',
    );
    expect(new Date(fromLocal({ year: 2026, month: 7, day: 15, hour: 8, minute: 0 })).toISOString()).toBe(
      '2026-07-15T06:00:00.000Z',
    );
  });

  it('moves a time in the skipped spring hour forward and takes the first of the repeated autumn hour', () => {
    expect(new Date(fromLocal({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 })).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(toLocal(fromLocal({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }))).toMatchObject({
      hour: 3,
      minute: 30,
    });
    expect(new Date(fromLocal({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 })).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('property: local → instant → local is the identity outside the spring gap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: dayNumber(1950, 1, 1), max: dayNumber(2100, 12, 31) }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (days, hour, minute) => {
          const date = dateOfDayNumber(days);
          const local = { ...date, hour, minute };
          const back = toLocal(fromLocal(local));
          const inGap = hour === 2 && back.hour === 3;
          if (!inGap) expect(back).toEqual(local);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('day numbers, weekdays and ISO days', () => {
    expect(isoWeekday(dayNumber(2026, 11, 23))).toBe(1);
    expect(isoWeekday(dayNumber(2026, 11, 22))).toBe(7);
    expect(parseIsoDay('2024-02-29')).toBe(dayNumber(2024, 2, 29));
    expect(parseIsoDay('2023-02-29')).toBeNull();
    expect(parseIsoDay('29.02.2024')).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 300_000 }), (days) => {
        expect(parseIsoDay(isoDayOf(days))).toBe(days);
      }),
    );
  });

  it('formats instants and local wire values German (DD.MM.YYYY, 24 h) in Berlin time', () => {
    expect(formatGermanDateTime(Date.UTC(2026, 0, 5, 17, 4))).toBe('05.01.2026 18:04');
    expect(formatGermanDateTime(Date.UTC(2026, 6, 5, 22, 30))).toBe('06.07.2026 00:30');
    expect(formatGermanDay(Date.UTC(2026, 11, 31, 23, 30))).toBe('01.01.2027');
    expect(formatGermanLocal('2026-11-22T08:00')).toBe('22.11.2026 08:00');
    expect(formatGermanLocal('2026-11-22')).toBe('22.11.2026');
  });
});
