import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayNumber, fromLocal, isoWeekday, parseIsoDay, toLocal } from '../../platform/local-time';
import { expandSeries, weekdayKeys, type PatternType, type Repeat, type SeriesEvent } from './series';

const noWeekdays = Object.fromEntries(weekdayKeys.map((key) => [key, false])) as Repeat['woechentlichWochentage'];

function event(
  overrides: Partial<Repeat> & { start?: string; durationMinutes?: number; startTime?: [number, number] },
): SeriesEvent {
  const day = parseIsoDay(overrides.von ?? '2026-01-05') as number;
  const [hour, minute] = overrides.startTime ?? [16, 0];
  const date = new Date(day * 86_400_000);
  const start = fromLocal({
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour,
    minute,
  });
  return {
    start,
    end: start + (overrides.durationMinutes ?? 90) * 60_000,
    repeat: {
      von: '2026-01-05',
      bis: '2026-12-31',
      mustertyp: 'Tage',
      musterintervall: 1,
      jaehrlichTag: 1,
      jaehrlichMonat: 1,
      monatlichTag: 1,
      woechentlichWochentage: { ...noWeekdays, montags: true },
      ausnahmen: [],
      ...overrides,
    },
  };
}

const everything = [Date.UTC(1900, 0, 1), Date.UTC(3000, 0, 1)] as const;
const localDay = (ms: number) => {
  const l = toLocal(ms);
  return dayNumber(l.year, l.month, l.day);
};

describe('expandSeries examples', () => {
  it('daily series: one occurrence per day at the same local time across the DST change (29 March 2026)', () => {
    const occurrences = expandSeries(event({ von: '2026-03-27', bis: '2026-04-01' }), ...everything);
    expect(occurrences).toHaveLength(6);
    for (const occurrence of occurrences) expect(toLocal(occurrence.start)).toMatchObject({ hour: 16, minute: 0 });
    // Before the change Berlin is UTC+1, after it UTC+2.
    expect(new Date(occurrences[0]!.start).toISOString()).toBe('2026-03-27T15:00:00.000Z');
    expect(new Date(occurrences[5]!.start).toISOString()).toBe('2026-04-01T14:00:00.000Z');
  });

  it('weekly series on Monday and Wednesday every second week', () => {
    const occurrences = expandSeries(
      event({
        von: '2026-01-05',
        bis: '2026-02-01',
        mustertyp: 'Wochen',
        musterintervall: 2,
        woechentlichWochentage: { ...noWeekdays, montags: true, mittwochs: true },
      }),
      ...everything,
    );
    expect(occurrences.map((o) => new Date(o.start).toISOString().slice(0, 10))).toEqual([
      '2026-01-05',
      '2026-01-07',
      '2026-01-19',
      '2026-01-21',
    ]);
  });

  it('monthly on the 31st skips shorter months; yearly on 29 February only in leap years', () => {
    const monthly = expandSeries(
      event({ von: '2026-01-01', bis: '2026-06-30', mustertyp: 'Monate', monatlichTag: 31 }),
      ...everything,
    );
    expect(monthly.map((o) => toLocal(o.start).month)).toEqual([1, 3, 5]);
    const yearly = expandSeries(
      event({ von: '2023-01-01', bis: '2032-12-31', mustertyp: 'Jahre', jaehrlichTag: 29, jaehrlichMonat: 2 }),
      ...everything,
    );
    expect(yearly.map((o) => toLocal(o.start).year)).toEqual([2024, 2028, 2032]);
  });

  it('an exception for one day removes exactly that occurrence', () => {
    const series = event({ von: '2026-05-04', bis: '2026-05-08' });
    const all = expandSeries(series, ...everything);
    const third = all[2]!;
    series.repeat.ausnahmen = [{ id: 1, von: third.start - 60_000, bis: third.start + 60_000 }];
    expect(expandSeries(series, ...everything)).toEqual(all.filter((o) => o !== third));
  });

  it('multi-day events keep their length in local days; a window returns only overlapping occurrences', () => {
    const series = event({ von: '2026-10-20', bis: '2026-10-31', durationMinutes: 2 * 24 * 60 });
    const occurrences = expandSeries(series, ...everything);
    for (const o of occurrences) expect(localDay(o.end) - localDay(o.start)).toBe(2);
    const window = [Date.UTC(2026, 9, 25), Date.UTC(2026, 9, 26)] as const;
    const inWindow = expandSeries(series, ...window);
    expect(inWindow.length).toBeGreaterThan(0);
    for (const o of inWindow) expect(o.end >= window[0] && o.start <= window[1]).toBe(true);
  });

  it('returns nothing for an empty or reversed range and for unparsable dates', () => {
    expect(expandSeries(event({ von: '2026-05-04', bis: '2026-05-01' }), ...everything)).toEqual([]);
    expect(expandSeries(event({ bis: 'morgen' }), ...everything)).toEqual([]);
    expect(expandSeries(event({}), 10, 5)).toEqual([]);
  });
});

// ---------- properties ----------

const isoDay = fc.integer({ min: dayNumber(2020, 1, 1), max: dayNumber(2030, 12, 31) });
const pattern = fc.constantFrom<PatternType>('Tage', 'Wochen', 'Monate', 'Jahre');
// Local start times outside the hour that does not exist on the spring DST day.
const startTime = fc.tuple(
  fc.integer({ min: 0, max: 23 }).filter((h) => h !== 2),
  fc.integer({ min: 0, max: 59 }),
);
const weekdays = fc
  .array(fc.boolean(), { minLength: 7, maxLength: 7 })
  .map(
    (flags) =>
      Object.fromEntries(weekdayKeys.map((key, i) => [key, flags[i] ?? false])) as Repeat['woechentlichWochentage'],
  );

const seriesArb = fc
  .record({
    first: isoDay,
    length: fc.integer({ min: 0, max: 400 }),
    mustertyp: pattern,
    musterintervall: fc.integer({ min: 1, max: 5 }),
    monatlichTag: fc.integer({ min: 1, max: 31 }),
    jaehrlichTag: fc.integer({ min: 1, max: 31 }),
    jaehrlichMonat: fc.integer({ min: 1, max: 12 }),
    woechentlichWochentage: weekdays,
    startTime,
    durationMinutes: fc.integer({ min: 0, max: 3 * 24 * 60 }),
    exceptionDays: fc.array(fc.integer({ min: 0, max: 800 }), { maxLength: 5 }),
  })
  .map((r) => {
    const iso = (days: number) => new Date(days * 86_400_000).toISOString().slice(0, 10);
    const base = event({
      von: iso(r.first),
      bis: iso(r.first + r.length),
      mustertyp: r.mustertyp,
      musterintervall: r.musterintervall,
      monatlichTag: r.monatlichTag,
      jaehrlichTag: r.jaehrlichTag,
      jaehrlichMonat: r.jaehrlichMonat,
      woechentlichWochentage: r.woechentlichWochentage,
      startTime: r.startTime,
      durationMinutes: r.durationMinutes,
    });
    const full = expandSeries(base, ...everything);
    // Exceptions cover whole local days of some occurrences.
    base.repeat.ausnahmen = r.exceptionDays
      .map((offset) => full[offset % Math.max(1, full.length)])
      .filter((o): o is NonNullable<typeof o> => o !== undefined)
      .map((o, id) => ({ id, von: o.start - 1000, bis: o.start + 1000 }));
    return { series: base, first: r.first, last: r.first + r.length, startTime: r.startTime };
  });

describe('expandSeries properties', () => {
  it('no occurrence inside an exception range, none outside von/bis, the local start time is kept', () => {
    fc.assert(
      fc.property(seriesArb, ({ series, first, last, startTime: [hour, minute] }) => {
        for (const o of expandSeries(series, ...everything)) {
          expect(series.repeat.ausnahmen.some((e) => o.start >= e.von && o.start <= e.bis)).toBe(false);
          expect(localDay(o.start)).toBeGreaterThanOrEqual(first);
          expect(localDay(o.start)).toBeLessThanOrEqual(last);
          expect(toLocal(o.start)).toMatchObject({ hour, minute });
          expect(o.end).toBeGreaterThanOrEqual(o.start);
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('the interval is respected for every pattern', () => {
    fc.assert(
      fc.property(seriesArb, ({ series, first }) => {
        const { repeat } = series;
        const days = expandSeries(series, ...everything).map((o) => localDay(o.start));
        for (const day of days) {
          const date = new Date(day * 86_400_000);
          const firstDate = new Date(first * 86_400_000);
          switch (repeat.mustertyp) {
            case 'Tage':
              expect((day - first) % repeat.musterintervall).toBe(0);
              break;
            case 'Wochen': {
              const firstMonday = first - (isoWeekday(first) - 1);
              expect(Math.floor((day - firstMonday) / 7) % repeat.musterintervall).toBe(0);
              expect(repeat.woechentlichWochentage[weekdayKeys[isoWeekday(day) - 1]!]).toBe(true);
              break;
            }
            case 'Monate': {
              const months =
                (date.getUTCFullYear() - firstDate.getUTCFullYear()) * 12 +
                date.getUTCMonth() -
                firstDate.getUTCMonth();
              expect(months % repeat.musterintervall).toBe(0);
              expect(date.getUTCDate()).toBe(repeat.monatlichTag);
              break;
            }
            case 'Jahre':
              expect((date.getUTCFullYear() - firstDate.getUTCFullYear()) % repeat.musterintervall).toBe(0);
              expect([date.getUTCMonth() + 1, date.getUTCDate()]).toEqual([repeat.jaehrlichMonat, repeat.jaehrlichTag]);
              break;
          }
        }
        expect(new Set(days).size).toBe(days.length);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('expanding two adjacent windows gives the same occurrences as the whole window', () => {
    fc.assert(
      fc.property(seriesArb, fc.integer({ min: 0, max: 800 }), ({ series, first }, cut) => {
        const whole = expandSeries(series, ...everything);
        const split = Date.UTC(1970, 0, 1) + (first + cut) * 86_400_000;
        const left = expandSeries(series, everything[0], split);
        const right = expandSeries(series, split + 1, everything[1]);
        const union = [...new Map([...left, ...right].map((o) => [o.start, o])).values()].sort(
          (a, b) => a.start - b.start,
        );
        expect(union).toEqual(whole);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('a daily series without exceptions has one occurrence per day', () => {
    fc.assert(
      fc.property(isoDay, fc.integer({ min: 0, max: 400 }), startTime, (first, length, time) => {
        const iso = (days: number) => new Date(days * 86_400_000).toISOString().slice(0, 10);
        const series = event({ von: iso(first), bis: iso(first + length), startTime: time });
        expect(expandSeries(series, ...everything)).toHaveLength(length + 1);
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});
