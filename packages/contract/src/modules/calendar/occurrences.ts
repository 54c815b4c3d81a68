import {
  DEFAULT_TIME_ZONE,
  dateOfDayNumber,
  dayNumber,
  fromLocal,
  germanMonthNames,
  isoDayOf,
  isoWeekday,
  parseIsoDay,
  toLocal,
} from '../../platform/local-time';
import { calendarLimits, repeatFromWire, type Birthday, type CalendarEvent, type RepeatWire } from './calls';
import { expandSeries, weekdayKeys, type PatternType, type WeekdayKey } from './series';

/** One entry the calendar shows: a single event, one day of a series, or a birthday. */
export interface CalendarEntry {
  /** Unique key of the entry (event id, plus the occurrence start for series). */
  key: string;
  eventId: number;
  name: string;
  start: number;
  end: number;
  allDay: boolean;
  color: string;
  /** The occurrence belongs to a series (its start/end differ from the stored event's). */
  isOccurrence: boolean;
  birthday?: Birthday;
}

/** The single events and series days overlapping [from, to] (UTC ms). */
export function expandEvents(events: readonly CalendarEvent[], from: number, to: number): CalendarEntry[] {
  const entries: CalendarEntry[] = [];
  for (const event of events) {
    const base = { eventId: event.id, name: event.name, allDay: !event.timed, color: event.color };
    if (event.istSerie && event.repeat) {
      const occurrences = expandSeries(
        { start: event.start, end: event.end, repeat: repeatFromWire(event.repeat) },
        from,
        to,
      );
      for (const occurrence of occurrences) {
        entries.push({ ...base, key: `${event.id}-${occurrence.start}`, ...occurrence, isOccurrence: true });
      }
    } else if (event.end >= from && event.start <= to) {
      entries.push({ ...base, key: String(event.id), start: event.start, end: event.end, isOccurrence: false });
    }
  }
  return entries;
}

/**
 * Birthdays as all-day entries from 00:00 to 23:59 of the day, one per year in [from, to] from the year of birth
 * on (issue 47: a person born in 2019 had birthdays in 2018).
 */
export function birthdayEntries(
  birthdays: readonly Birthday[],
  color: string,
  from: number,
  to: number,
  timeZone = DEFAULT_TIME_ZONE,
): CalendarEntry[] {
  const firstYear = toLocal(from, timeZone).year;
  const lastYear = toLocal(to, timeZone).year;
  const entries: CalendarEntry[] = [];
  for (const person of birthdays) {
    for (let year = Math.max(firstYear, person.jahr); year <= lastYear; year++) {
      const day = parseIsoDay(isoDate(year, person.monat, person.tag));
      if (day === null) continue;
      const date = dateOfDayNumber(day);
      const start = fromLocal({ ...date, hour: 0, minute: 0 }, timeZone);
      const end = fromLocal({ ...date, hour: 23, minute: 59 }, timeZone);
      if (end < from || start > to) continue;
      entries.push({
        key: `geburtstag-${person.id_nutzer}-${year}`,
        eventId: 0,
        name: person.name,
        start,
        end,
        allDay: true,
        color,
        isOccurrence: false,
        birthday: person,
      });
    }
  }
  return entries;
}

/** The age a person turns in `year`, or null when it would be negative (shown only if not negative). */
export function birthdayAge(person: Birthday, year: number): number | null {
  const age = year - person.jahr;
  return age >= 0 ? age : null;
}

export function birthdayText(person: Birthday, year: number): string {
  const age = birthdayAge(person, year);
  const date = `${pad(person.tag)}.${pad(person.monat)}.${year}`;
  return age === null
    ? `${person.name} hat am ${date} Geburtstag.`
    : `${person.name} hat am ${date} Geburtstag und wird ${age} Jahre alt.`;
}

/**
 * A wall-clock time given in minutes after midnight, wrapped past 24:00 into the next day(s):
 * 25:30 is 01:30 on the following day (core.md section 4).
 */
export function wrapTime(minutes: number): { dayOffset: number; hour: number; minute: number } {
  const dayOffset = Math.floor(minutes / 1440);
  const rest = minutes - dayOffset * 1440;
  return { dayOffset, hour: Math.floor(rest / 60), minute: rest % 60 };
}

/** The instant of a local day (YYYY-MM-DD) plus a time in minutes that may go past 24:00. */
export function localInstant(day: string, minutes: number, timeZone = DEFAULT_TIME_ZONE): number | null {
  const dayNo = parseIsoDay(day);
  if (dayNo === null) return null;
  const wrapped = wrapTime(minutes);
  const date = dateOfDayNumber(dayNo + wrapped.dayOffset);
  return fromLocal({ ...date, hour: wrapped.hour, minute: wrapped.minute }, timeZone);
}

/** Local day (YYYY-MM-DD) and minutes after midnight of an instant. */
export function localParts(ms: number, timeZone = DEFAULT_TIME_ZONE): { day: string; minutes: number } {
  const local = toLocal(ms, timeZone);
  return { day: isoDate(local.year, local.month, local.day), minutes: local.hour * 60 + local.minute };
}

/**
 * Start/end consistency (core.md section 4): when the start moves past the end, the end follows by the
 * event's previous duration; when the end moves before the start, the start follows likewise.
 */
export function keepOrder(
  previous: { start: number; end: number },
  next: { start: number; end: number },
  changed: 'start' | 'end',
): { start: number; end: number } {
  if (next.start <= next.end) return next;
  const duration = Math.max(0, previous.end - previous.start);
  return changed === 'start'
    ? { start: next.start, end: next.start + duration }
    : { start: next.end - duration, end: next.end };
}

/**
 * Defaults when 'Serientermin' is switched on with no repeat (core.md section 4): from the start day,
 * until 5 years after the end, pattern Tage, interval 1, the start day's weekday ticked.
 */
export function defaultRepeat(start: number, end: number, timeZone = DEFAULT_TIME_ZONE): RepeatWire {
  const startLocal = toLocal(start, timeZone);
  const endLocal = toLocal(end, timeZone);
  const startDay = dayNumber(startLocal.year, startLocal.month, startLocal.day);
  const untilYear = endLocal.year + calendarLimits.defaultSeriesYears;
  // 29 February five years later does not exist: the series then ends on 28 February.
  const until =
    parseIsoDay(isoDate(untilYear, endLocal.month, endLocal.day)) ?? dayNumber(untilYear, endLocal.month, 28);
  const woechentlichWochentage = Object.fromEntries(
    weekdayKeys.map((key, index) => [key, index === isoWeekday(startDay) - 1]),
  ) as Record<WeekdayKey, boolean>;
  return {
    von: isoDayOf(startDay),
    bis: isoDayOf(until),
    mustertyp: 'Tage',
    musterintervall: 1,
    jaehrlichTag: startLocal.day,
    jaehrlichMonat: startLocal.month,
    monatlichTag: startLocal.day,
    woechentlichWochentage,
    ausnahmen: [],
  };
}

const weekdayNames: Record<WeekdayKey, string> = {
  montags: 'Montag',
  dienstags: 'Dienstag',
  mittwochs: 'Mittwoch',
  donnerstags: 'Donnerstag',
  freitags: 'Freitag',
  samstags: 'Samstag',
  sonntags: 'Sonntag',
};
const monthNames = germanMonthNames;
export { monthNames };

const unit: Record<PatternType, [string, string]> = {
  Tage: ['Täglich', 'Tage'],
  Wochen: ['Wöchentlich', 'Wochen'],
  Monate: ['Monatlich', 'Monate'],
  Jahre: ['Jährlich', 'Jahre'],
};

/** German description of a series, e.g. 'Alle 2 Wochen am Montag, Mittwoch vom 05.01.2026 bis 31.12.2026'. */
export function seriesDescription(repeat: RepeatWire): string {
  const [once, many] = unit[repeat.mustertyp];
  let text = repeat.musterintervall === 1 ? once : `Alle ${repeat.musterintervall} ${many}`;
  if (repeat.mustertyp === 'Wochen') {
    const days = weekdayKeys.filter((key) => repeat.woechentlichWochentage[key]).map((key) => weekdayNames[key]);
    text += ` am ${days.join(', ')}`;
  } else if (repeat.mustertyp === 'Monate') {
    text += ` am ${repeat.monatlichTag}.`;
  } else if (repeat.mustertyp === 'Jahre') {
    text += ` am ${repeat.jaehrlichTag}. ${monthNames[repeat.jaehrlichMonat - 1] ?? ''}`;
  }
  return `${text} vom ${germanDay(repeat.von)} bis ${germanDay(repeat.bis)}`;
}

export function germanDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}.${month}.${year}`;
}

export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** A free-text year of the calendar's year field: a whole number from 1900 to 3000, else null. */
export function parseCalendarYear(text: string): number | null {
  if (!/^\s*\d{4}\s*$/.test(text)) return null;
  const year = Number(text.trim());
  return year >= calendarLimits.yearMin && year <= calendarLimits.yearMax ? year : null;
}
