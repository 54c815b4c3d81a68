import {
  DEFAULT_TIME_ZONE,
  dateOfDayNumber,
  dayNumber,
  fromLocal,
  isoWeekday,
  parseIsoDay,
  toLocal,
} from '../../platform/local-time';

/** Series pattern types (core.md section 3 "Calendar"). */
export type PatternType = 'Tage' | 'Wochen' | 'Monate' | 'Jahre';

export const weekdayKeys = [
  'montags',
  'dienstags',
  'mittwochs',
  'donnerstags',
  'freitags',
  'samstags',
  'sonntags',
] as const;
export type WeekdayKey = (typeof weekdayKeys)[number];

export interface SeriesException {
  id: number;
  /** Start and end of the excluded range, UTC milliseconds. */
  von: number;
  bis: number;
}

export interface Repeat {
  /** First and last day of the series, YYYY-MM-DD (local dates). */
  von: string;
  bis: string;
  mustertyp: PatternType;
  musterintervall: number;
  /** Day and month of a yearly series. */
  jaehrlichTag: number;
  jaehrlichMonat: number;
  /** Day of month of a monthly series. */
  monatlichTag: number;
  woechentlichWochentage: Record<WeekdayKey, boolean>;
  ausnahmen: SeriesException[];
}

export interface SeriesEvent {
  /** First occurrence, UTC milliseconds. */
  start: number;
  end: number;
  repeat: Repeat;
}

export interface Occurrence {
  start: number;
  end: number;
}

/** Hard limit of occurrences per expansion (a daily series over 3000 years would be unbounded). */
export const MAX_OCCURRENCES = 5000;

/**
 * The single events of a series between `from` and `to` (UTC ms, inclusive of overlaps): every day
 * of the pattern between repeat.von and repeat.bis at the event's local wall-clock start time (so a
 * 16:00 event stays at 16:00 across daylight-saving changes), lasting as many local days and ending
 * at the same local end time as the original, skipping occurrences that start inside an exception.
 */
export function expandSeries(event: SeriesEvent, from: number, to: number, timeZone = DEFAULT_TIME_ZONE): Occurrence[] {
  const { repeat } = event;
  const first = parseIsoDay(repeat.von);
  const last = parseIsoDay(repeat.bis);
  const interval = Math.max(1, Math.floor(repeat.musterintervall));
  if (first === null || last === null || last < first || to < from) return [];

  const startLocal = toLocal(event.start, timeZone);
  const endLocal = toLocal(event.end, timeZone);
  const spanDays =
    dayNumber(endLocal.year, endLocal.month, endLocal.day) -
    dayNumber(startLocal.year, startLocal.month, startLocal.day);

  // Only days whose occurrence can overlap [from, to] need to be looked at.
  const fromLocal_ = toLocal(from, timeZone);
  const toLocal_ = toLocal(to, timeZone);
  const windowFirst = Math.max(
    first,
    dayNumber(fromLocal_.year, fromLocal_.month, fromLocal_.day) - Math.max(0, spanDays) - 1,
  );
  const windowLast = Math.min(last, dayNumber(toLocal_.year, toLocal_.month, toLocal_.day) + 1);

  const occurrences: Occurrence[] = [];
  for (const day of patternDays(repeat, first, windowFirst, windowLast, interval)) {
    const date = dateOfDayNumber(day);
    const start = fromLocal({ ...date, hour: startLocal.hour, minute: startLocal.minute }, timeZone);
    const endDate = dateOfDayNumber(day + spanDays);
    const end = Math.max(start, fromLocal({ ...endDate, hour: endLocal.hour, minute: endLocal.minute }, timeZone));
    if (end < from || start > to) continue;
    if (repeat.ausnahmen.some((exception) => start >= exception.von && start <= exception.bis)) continue;
    occurrences.push({ start, end });
    if (occurrences.length >= MAX_OCCURRENCES) break;
  }
  return occurrences;
}

function* patternDays(repeat: Repeat, first: number, windowFirst: number, windowLast: number, interval: number) {
  switch (repeat.mustertyp) {
    case 'Tage': {
      const offset = (((windowFirst - first) % interval) + interval) % interval;
      for (let day = windowFirst + (offset === 0 ? 0 : interval - offset); day <= windowLast; day += interval)
        yield day;
      return;
    }
    case 'Wochen': {
      // Weeks run Monday to Sunday; the series' first week is the week of its first day.
      const firstMonday = first - (isoWeekday(first) - 1);
      for (let day = windowFirst; day <= windowLast; day++) {
        if (day < first) continue;
        const week = Math.floor((day - firstMonday) / 7);
        if (week % interval !== 0) continue;
        const key = weekdayKeys[isoWeekday(day) - 1] as WeekdayKey;
        if (repeat.woechentlichWochentage[key]) yield day;
      }
      return;
    }
    case 'Monate': {
      const start = dateOfDayNumber(first);
      const end = dateOfDayNumber(windowLast);
      let monthIndex = start.year * 12 + (start.month - 1);
      const lastIndex = end.year * 12 + (end.month - 1);
      for (; monthIndex <= lastIndex; monthIndex += interval) {
        const year = Math.floor(monthIndex / 12);
        const month = (monthIndex % 12) + 1;
        const day = validDay(year, month, repeat.monatlichTag);
        if (day !== null && day >= windowFirst && day >= first && day <= windowLast) yield day;
      }
      return;
    }
    case 'Jahre': {
      const startYear = dateOfDayNumber(first).year;
      const endYear = dateOfDayNumber(windowLast).year;
      for (let year = startYear; year <= endYear; year += interval) {
        const day = validDay(year, repeat.jaehrlichMonat, repeat.jaehrlichTag);
        if (day !== null && day >= windowFirst && day >= first && day <= windowLast) yield day;
      }
      return;
    }
  }
}

/** The day number of year-month-day, or null when that month has no such day (31 June, 29 February 2023). */
function validDay(year: number, month: number, day: number): number | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const days = dayNumber(year, month, day);
  const back = dateOfDayNumber(days);
  return back.month === month && back.day === day ? days : null;
}
