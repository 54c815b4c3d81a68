import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isoDayOf, parseIsoDay } from '@hortus/contract';
import { localInstant, type CalendarEntry } from '@hortus/contract/modules/calendar';
import {
  entryDays,
  firstOfMonthAfter,
  layoutWeeks,
  listDays,
  limitRows,
  monthGridDays,
  moreText,
  stepAnchor,
  viewDays,
  viewTitle,
  type CalendarView,
} from './month-grid';
import { wallDay } from './wall-time';

function entry(key: string, first: string, last: string, times?: [number, number]): CalendarEntry {
  return {
    key,
    eventId: 1,
    name: key,
    start: localInstant(first, times?.[0] ?? 0) ?? 0,
    end: localInstant(last, times?.[1] ?? 23 * 60 + 59) ?? 0,
    allDay: times === undefined,
    color: '#1976d2',
    isOccurrence: false,
  };
}

describe('the days a view shows', () => {
  it("are FullCalendar's own days for the month, the week and the day", async () => {
    const { Calendar } = await import('@fullcalendar/core');
    const { default: dayGridPlugin } = await import('@fullcalendar/daygrid');
    const { default: timeGridPlugin } = await import('@fullcalendar/timegrid');
    const views: Record<Exclude<CalendarView, 'list'>, string> = {
      month: 'dayGridMonth',
      week: 'timeGridWeek',
      day: 'timeGridDay',
    };
    for (const anchor of ['2026-11-24', '2026-02-01', '2027-03-31', '2024-09-30', '2030-03-04']) {
      for (const view of ['month', 'week', 'day'] as const) {
        const element = document.createElement('div');
        document.body.appendChild(element);
        let reported: { first: string; end: string } | null = null;
        const calendar = new Calendar(element, {
          plugins: [dayGridPlugin, timeGridPlugin],
          initialView: views[view],
          initialDate: anchor,
          firstDay: 1,
          datesSet: (arg) => {
            reported = { first: wallDay(arg.start), end: wallDay(arg.end) };
          },
        });
        calendar.render();
        expect(reported, `${view} ${anchor}`).toEqual(viewDays(view, anchor));
        calendar.destroy();
        element.remove();
      }
    }
  });

  it('in the month: 42 days from the Monday on or before the first', () => {
    const days = monthGridDays(2026, 11);
    expect(days).toHaveLength(42);
    expect(days[0]).toBe('2026-10-26');
    expect(days[41]).toBe('2026-12-06');
    expect(monthGridDays(2026, 6)[0]).toBe('2026-06-01');
  });

  it('steps a month (to its first), a week or a day, and names what is shown', () => {
    expect(stepAnchor('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(stepAnchor('month', '2026-01-15', -1)).toBe('2025-12-01');
    expect(stepAnchor('week', '2026-12-28', 1)).toBe('2027-01-04');
    expect(stepAnchor('day', '2026-03-01', -1)).toBe('2026-02-28');
    expect(firstOfMonthAfter('2030-01-01', 2)).toBe('2030-03-01');
    expect(viewTitle('month', '2030-03-11')).toBe('März 2030');
    expect(viewTitle('week', '2026-11-26')).toBe('23.11.2026 – 29.11.2026');
    expect(viewTitle('day', '2026-11-24')).toBe('Dienstag, 24.11.2026');
  });
});

describe('entries in the month', () => {
  it('a timed entry ending at midnight ends the day before; an all-day entry spans its days', () => {
    expect(entryDays(entry('a', '2026-11-24', '2026-11-25', [20 * 60, 0]))).toEqual({
      first: '2026-11-24',
      last: '2026-11-24',
    });
    expect(entryDays(entry('b', '2026-11-24', '2026-11-26'))).toEqual({ first: '2026-11-24', last: '2026-11-26' });
  });

  it('bars across a week boundary are cut into one segment per week, continued on both sides', () => {
    const days = monthGridDays(2026, 11);
    const weeks = layoutWeeks(
      [entry('Ferien', '2026-11-07', '2026-11-10'), entry('Treffen', '2026-11-09', '2026-11-09', [14 * 60, 15 * 60])],
      days,
    );
    const first = weeks[1]?.segments ?? [];
    const second = weeks[2]?.segments ?? [];
    expect(first).toMatchObject([{ day: '2026-11-07', column: 5, span: 2, row: 0, bar: true, continuesAfter: true }]);
    expect(second).toMatchObject([
      { day: '2026-11-09', column: 0, span: 2, row: 0, bar: true, continuesBefore: true, timeText: '' },
      { day: '2026-11-09', column: 0, span: 1, row: 1, bar: false, timeText: '14:00' },
    ]);
  });

  it("hides a day's entries from the last row on behind '+n Termine'", () => {
    const days = monthGridDays(2026, 11);
    const many = ['A', 'B', 'C', 'D'].map((name, index) =>
      entry(name, '2026-11-24', '2026-11-24', [8 * 60 + index * 60, 9 * 60 + index * 60]),
    );
    const week = limitRows(
      layoutWeeks([...many, entry('E', '2026-11-25', '2026-11-25', [9 * 60, 10 * 60])], days)[4]!,
      3,
    );
    expect(week.shown.map((segment) => segment.entry.name)).toEqual(['A', 'B', 'E']);
    expect(week.hidden).toEqual([0, 2, 0, 0, 0, 0, 0]);
    expect(week.rows).toBe(3);
    expect(moreText(1)).toBe('+1 Termin');
    expect(moreText(2)).toBe('+2 Termine');
  });
});

const gridDays = monthGridDays(2026, 3);
const firstGridDay = parseIsoDay(gridDays[0] ?? '') ?? 0;
const arbitraryEntry = fc
  .record({
    first: fc.integer({ min: -5, max: 46 }),
    length: fc.integer({ min: 0, max: 9 }),
    allDay: fc.boolean(),
    startMinutes: fc.integer({ min: 0, max: 1439 }),
    endMinutes: fc.integer({ min: 0, max: 1440 }),
  })
  .map(({ first, length, allDay, startMinutes, endMinutes }): CalendarEntry => {
    const firstDay = isoDayOf(firstGridDay + first);
    const lastDay = isoDayOf(firstGridDay + first + length);
    const key = `${first}/${length}/${allDay}/${startMinutes}/${endMinutes}`;
    if (allDay) return entry(key, firstDay, lastDay);
    // Same day: the end after the start (1440 = midnight of the next day).
    return entry(key, firstDay, lastDay, [
      startMinutes,
      length === 0 ? Math.max(startMinutes + 1, endMinutes) : endMinutes,
    ]);
  });

describe('month layout (property)', () => {
  it('covers each day of each entry once, never puts two segments on one cell, and keeps the link free', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(arbitraryEntry, { maxLength: 25, selector: (item) => item.key }),
        fc.integer({ min: 1, max: 5 }),
        (entries, maxRows) => {
          const weeks = layoutWeeks(entries, gridDays);
          for (const week of weeks) {
            const cells = new Map<string, string>();
            const covered = new Map<string, number>();
            for (const segment of week.segments) {
              for (let column = segment.column; column < segment.column + segment.span; column++) {
                const cell = `${segment.row}/${column}`;
                expect(cells.has(cell)).toBe(false);
                cells.set(cell, segment.entry.key);
                const day = `${segment.entry.key}@${column}`;
                covered.set(day, (covered.get(day) ?? 0) + 1);
              }
            }
            // Every day of every entry inside the week, exactly once.
            const weekFirst = parseIsoDay(week.days[0] ?? '') ?? 0;
            for (const item of entries) {
              const span = entryDays(item);
              for (let column = 0; column < 7; column++) {
                const inside =
                  (parseIsoDay(span.first) ?? 0) <= weekFirst + column &&
                  weekFirst + column <= (parseIsoDay(span.last) ?? 0);
                expect(covered.get(`${item.key}@${column}`) ?? 0).toBe(inside ? 1 : 0);
              }
            }
            // Cut to maxRows: shown + hidden = all per day; shown rows stay inside; the link row is free.
            const limited = limitRows(week, maxRows);
            for (let column = 0; column < 7; column++) {
              const all = week.segments.filter((s) => s.column <= column && column < s.column + s.span);
              const shown = limited.shown.filter((s) => s.column <= column && column < s.column + s.span);
              expect(shown.length + (limited.hidden[column] ?? 0)).toBe(all.length);
              for (const segment of shown) expect(segment.row).toBeLessThan(maxRows);
              if ((limited.hidden[column] ?? 0) > 0) {
                expect(shown.every((segment) => segment.row < maxRows - 1)).toBe(true);
              }
            }
            expect(limited.rows).toBeLessThanOrEqual(maxRows);
          }
        },
      ),
    );
  });
});

describe('the list view (issue 47: titles whole on a phone)', () => {
  it("covers the month's own days and lists each entry once, on its first day in the month, by start", () => {
    expect(viewDays('list', '2026-11-24')).toEqual({ first: '2026-11-01', end: '2026-12-01' });
    const late = entry('Teambesprechung', '2026-11-24', '2026-11-24', [15 * 60, 16 * 60]);
    const early = entry('Elternabend im großen Saal der Grundschule', '2026-11-24', '2026-11-24', [9 * 60, 10 * 60]);
    const fromOctober = entry('Herbstferien', '2026-10-26', '2026-11-02');
    const december = entry('Adventsfeier', '2026-12-03', '2026-12-03');
    expect(
      listDays([late, december, fromOctober, early], '2026-11-01', '2026-12-01').map(({ day, entries }) => [
        day,
        entries.map((e) => e.name),
      ]),
    ).toEqual([
      ['2026-11-01', ['Herbstferien']],
      ['2026-11-24', ['Elternabend im großen Saal der Grundschule', 'Teambesprechung']],
    ]);
  });
});
