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

describe('local fields from the kept quarter-hour offsets', () => {
  const zones = ['Europe/Berlin', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham'];
  const reference = (ms: number, timeZone: string) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      })
        .formatToParts(new Date(ms))
        .filter((part) => part.type !== 'literal')
        .map((part) => [part.type, Number(part.value)]),
    );
    return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
  };

  it('property: equal to Intl for any instant 1990–2100 in zones with odd offsets and changes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          expect(toLocal(ms, zone)).toEqual(reference(ms, zone));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is exact in the minutes around Berlin’s changes of 2026', () => {
    for (const change of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)]) {
      for (let ms = change - 3_600_000; ms <= change + 3_600_000; ms += 59_999) {
        expect(toLocal(ms)).toEqual(reference(ms, 'Europe/Berlin'));
      }
    }
  });
});
