import { dayNumber, germanWeekdayNames, isoDayOf, isoWeekday, parseIsoDay } from '@hortus/contract';
import { germanDay, isoDate, localParts, monthNames, type CalendarEntry } from '@hortus/contract/modules/calendar';
import { wallTime } from './wall-time';

/**
 * The month view's layout, computed without the DOM: six weeks of seven days from the Monday on or before
 * the first of the month (FullCalendar's fixed week count, which the page used before), and per week the
 * rows of its entries. Entries that span days (all-day or over midnight) are bars across their days, one
 * segment per week; single-day timed entries are one line in their day. Each segment takes the first row
 * that is free on all its days, in FullCalendar's order (earlier start, longer, all-day, title).
 */

export const WEEKS_SHOWN = 6;

/** 'list': the month's entries one under another, titles whole (issue 47: the phone's month grid cut them). */
export type CalendarView = 'month' | 'list' | 'week' | 'day';

export interface MonthSegment {
  entry: CalendarEntry;
  /** First day of the segment in this week (YYYY-MM-DD). */
  day: string;
  /** Column of the first day, 0 = Monday. */
  column: number;
  /** Number of days covered in this week. */
  span: number;
  row: number;
  /** A bar (all-day or over several days) rather than a line with a dot. */
  bar: boolean;
  /** Start time ('14:00') on the segment that holds the entry's start; empty for all-day entries. */
  timeText: string;
  continuesBefore: boolean;
  continuesAfter: boolean;
}

export interface MonthWeek {
  days: string[];
  segments: MonthSegment[];
}

export interface WeekWithLimit {
  days: string[];
  /** Segments shown: their row is below the limit, or none of their days overflows. */
  shown: MonthSegment[];
  /** Per column (0 = Monday), the number of entries behind the '+n Termine' link; 0 = no link. */
  hidden: number[];
  /** Rows used by the shown segments and links (at most `maxRows`). */
  rows: number;
}

/** Day number of the Monday on or before the first of a month. */
function gridStart(year: number, month: number): number {
  const first = dayNumber(year, month, 1);
  return first - (isoWeekday(first) - 1);
}

/** The 42 days the month view shows. */
export function monthGridDays(year: number, month: number): string[] {
  const start = gridStart(year, month);
  return Array.from({ length: WEEKS_SHOWN * 7 }, (_, index) => isoDayOf(start + index));
}

/** The days (first, and exclusive end) a view shows around an anchor day: the month grid, the ISO week or the day. */
export function viewDays(view: CalendarView, anchor: string): { first: string; end: string } {
  const day = parseIsoDay(anchor) ?? 0;
  if (view === 'day') return { first: isoDayOf(day), end: isoDayOf(day + 1) };
  if (view === 'week') {
    const monday = day - (isoWeekday(day) - 1);
    return { first: isoDayOf(monday), end: isoDayOf(monday + 7) };
  }
  const [year, month] = isoDayOf(day).split('-').map(Number) as [number, number];
  if (view === 'list') return { first: isoDate(year, month, 1), end: firstOfMonthAfter(isoDate(year, month, 1), 1) };
  const start = gridStart(year, month);
  return { first: isoDayOf(start), end: isoDayOf(start + WEEKS_SHOWN * 7) };
}

/** The heading above the grid: 'März 2030', '04.03.2030 – 10.03.2030', 'Dienstag, 24.11.2026'. */
export function viewTitle(view: CalendarView, anchor: string): string {
  const day = parseIsoDay(anchor) ?? 0;
  if (view === 'day') return dayLabel(anchor);
  if (view === 'week') {
    const { first, end } = viewDays('week', anchor);
    return `${germanDay(first)} – ${germanDay(isoDayOf((parseIsoDay(end) ?? 0) - 1))}`;
  }
  const [year, month] = isoDayOf(day).split('-').map(Number) as [number, number];
  return `${monthNames[month - 1] ?? ''} ${year}`;
}

/** 'Dienstag, 24.11.2026': the day view's heading. */
export function dayLabel(day: string): string {
  return `${germanWeekdayNames[isoWeekday(parseIsoDay(day) ?? 0) - 1] ?? ''}, ${germanDay(day)}`;
}

/**
 * 'Dienstag, 1. Dezember 2026': a day's accessible name in the month grid. It holds the day's number as a word
 * of its own, as the button shows it ('1', not '01.12.'), so speech input finds the button by what it shows
 * (WCAG 2.5.3 Label in Name).
 */
export function dayButtonLabel(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${germanWeekdayNames[isoWeekday(parseIsoDay(day) ?? 0) - 1] ?? ''}, ${date}. ${monthNames[month - 1] ?? ''} ${year}`;
}

/** The anchor one step back (-1) or forward (+1): a month (on its first), a week or a day. */
export function stepAnchor(view: CalendarView, anchor: string, step: -1 | 1): string {
  const day = parseIsoDay(anchor) ?? 0;
  if (view === 'day') return isoDayOf(day + step);
  if (view === 'week') return isoDayOf(day + 7 * step);
  return firstOfMonthAfter(anchor, step);
}

/** The first of the month `months` months after the month of `anchor`. */
export function firstOfMonthAfter(anchor: string, months: number): string {
  const [year, month] = anchor.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return isoDate(Math.floor(index / 12), (index % 12) + 1, 1);
}

/** First and last day (YYYY-MM-DD, inclusive) on which an entry shows: a timed entry ending at midnight ends the day before. */
export function entryDays(entry: CalendarEntry): { first: string; last: string } {
  const start = localParts(entry.start);
  const end = localParts(entry.end);
  if (!entry.allDay && end.minutes === 0 && entry.end > entry.start && end.day > start.day) {
    return { first: start.day, last: isoDayOf((parseIsoDay(end.day) ?? 0) - 1) };
  }
  return { first: start.day, last: end.day < start.day ? start.day : end.day };
}

/** '14:00' for a timed entry, '' for an all-day one. */
export function entryTimeText(entry: CalendarEntry): string {
  return entry.allDay ? '' : wallTime(entry.start);
}

interface Placed {
  entry: CalendarEntry;
  first: number;
  last: number;
  bar: boolean;
}

/** FullCalendar's default event order: earlier start, then longer, then all-day, then title. */
function compareEntries(a: Placed, b: Placed): number {
  return (
    a.entry.start - b.entry.start ||
    b.entry.end - b.entry.start - (a.entry.end - a.entry.start) ||
    Number(b.entry.allDay) - Number(a.entry.allDay) ||
    a.entry.name.localeCompare(b.entry.name, 'de') ||
    a.entry.key.localeCompare(b.entry.key)
  );
}

/** The weeks of a month grid (`days`: 7 × n consecutive days) with their entries placed in rows. */
export function layoutWeeks(entries: readonly CalendarEntry[], days: readonly string[]): MonthWeek[] {
  const firstDay = parseIsoDay(days[0] ?? '') ?? 0;
  const lastDay = firstDay + days.length - 1;
  const placed: Placed[] = [];
  for (const entry of entries) {
    const span = entryDays(entry);
    const first = parseIsoDay(span.first) ?? 0;
    const last = parseIsoDay(span.last) ?? first;
    if (last < firstDay || first > lastDay) continue;
    placed.push({ entry, first, last, bar: entry.allDay || last > first });
  }
  placed.sort(compareEntries);
  const weeks: MonthWeek[] = [];
  for (let week = 0; week * 7 < days.length; week++) {
    const weekStart = firstDay + week * 7;
    const weekEnd = weekStart + 6;
    const occupied: boolean[][] = [];
    const segments: MonthSegment[] = [];
    for (const item of placed) {
      if (item.last < weekStart || item.first > weekEnd) continue;
      const from = Math.max(item.first, weekStart);
      const to = Math.min(item.last, weekEnd);
      let row = 0;
      for (; ; row++) {
        const cells = (occupied[row] ??= []);
        let free = true;
        for (let day = from; day <= to && free; day++) free = !cells[day - weekStart];
        if (free) break;
      }
      const cells = (occupied[row] ??= []);
      for (let day = from; day <= to; day++) cells[day - weekStart] = true;
      segments.push({
        entry: item.entry,
        day: isoDayOf(from),
        column: from - weekStart,
        span: to - from + 1,
        row,
        bar: item.bar,
        timeText: from === item.first ? entryTimeText(item.entry) : '',
        continuesBefore: item.first < from,
        continuesAfter: item.last > to,
      });
    }
    weeks.push({ days: days.slice(week * 7, week * 7 + 7), segments });
  }
  return weeks;
}

/**
 * A week cut to `maxRows` rows: where a day has more entries than rows, the last row holds its
 * '+n Termine' link and every entry from that row on is behind the link, on each of its days.
 */
export function limitRows(week: MonthWeek, maxRows: number): WeekWithLimit {
  const used = Array.from({ length: 7 }, () => 0);
  for (const segment of week.segments) {
    for (let column = segment.column; column < segment.column + segment.span; column++) {
      used[column] = Math.max(used[column] ?? 0, segment.row + 1);
    }
  }
  const overflows = used.map((rows) => rows > maxRows);
  const hidden = Array.from({ length: 7 }, () => 0);
  const shown: MonthSegment[] = [];
  for (const segment of week.segments) {
    let covered = false;
    for (let column = segment.column; column < segment.column + segment.span; column++) {
      covered ||= overflows[column] ?? false;
    }
    if (covered && segment.row >= maxRows - 1) {
      for (let column = segment.column; column < segment.column + segment.span; column++) {
        hidden[column] = (hidden[column] ?? 0) + 1;
      }
    } else {
      shown.push(segment);
    }
  }
  const rows = Math.min(maxRows, Math.max(0, ...used));
  return { days: week.days, shown, hidden, rows };
}

/** '+1 Termin', '+3 Termine'. */
export function moreText(count: number): string {
  return `+${count} Termin${count === 1 ? '' : 'e'}`;
}

/** The list view's days: each day of the month with entries, its entries by start (an entry from before on the 1st). */
export function listDays(
  entries: readonly CalendarEntry[],
  first: string,
  end: string,
): { day: string; entries: CalendarEntry[] }[] {
  const byDay = new Map<string, CalendarEntry[]>();
  for (const entry of [...entries].sort((a, b) => a.start - b.start || a.name.localeCompare(b.name))) {
    const startDay = localParts(entry.start).day;
    const lastDay = localParts(Math.max(entry.start, entry.end - 1)).day;
    if (lastDay < first || startDay >= end) continue;
    const day = startDay < first ? first : startDay;
    byDay.set(day, [...(byDay.get(day) ?? []), entry]);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, dayEntries]) => ({ day, entries: dayEntries }));
}
