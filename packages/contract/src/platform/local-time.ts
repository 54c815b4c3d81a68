/**
 * Wall-clock time in a named time zone (default Europe/Berlin) without a date library: converts
 * between UTC milliseconds and local calendar fields, correct across daylight-saving changes.
 */
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';

export interface LocalDateTime {
  year: number;
  month: number; // 1–12
  day: number; // 1–31
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let result = formatters.get(timeZone);
  if (!result) {
    result = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, result);
  }
  return result;
}

function localParts(ms: number, timeZone: string): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts;
}

/** Local calendar fields of an instant. */
export function toLocal(ms: number, timeZone = DEFAULT_TIME_ZONE): LocalDateTime {
  const local = new Date(ms + offsetAt(ms, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

/** Offset of the zone from UTC at an instant, in milliseconds, read from Intl (slow: about 10 µs). */
function exactOffsetAt(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  const asUtc = Date.UTC(p.year as number, (p.month as number) - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

const QUARTER_HOUR_MS = 900_000;
/** Per zone: the offset of each quarter hour (UTC-aligned) seen so far; NaN where it changes inside. */
const quarterOffsets = new Map<string, Map<number, number>>();

/**
 * Offset of the zone from UTC at an instant (Berlin: +1 h in winter, +2 h in summer). Zones change their
 * offset on quarter hours (offsets and change times are multiples of 15 minutes), so the offset is read once
 * per quarter hour and kept; a quarter hour whose two ends differ is read exactly each time.
 */
function offsetAt(ms: number, timeZone: string): number {
  let offsets = quarterOffsets.get(timeZone);
  if (!offsets) {
    offsets = new Map();
    quarterOffsets.set(timeZone, offsets);
  }
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let offset = offsets.get(quarter);
  if (offset === undefined) {
    const start = exactOffsetAt(quarter * QUARTER_HOUR_MS, timeZone);
    const end = exactOffsetAt(quarter * QUARTER_HOUR_MS + QUARTER_HOUR_MS - 1, timeZone);
    offset = start === end ? start : Number.NaN;
    if (offsets.size >= 100_000) offsets.clear();
    offsets.set(quarter, offset);
  }
  return Number.isNaN(offset) ? exactOffsetAt(ms, timeZone) : offset;
}

/**
 * The instant of a local wall-clock time. A time that does not exist (the hour skipped in spring)
 * moves forward by the gap; an ambiguous one (the hour repeated in autumn) takes the first.
 */
export function fromLocal(local: LocalDateTime, timeZone = DEFAULT_TIME_ZONE): number {
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  // The zone's offset a day before and a day after: around a change these differ.
  const before = asUtc - offsetAt(asUtc - 86_400_000, timeZone);
  const after = asUtc - offsetAt(asUtc + 86_400_000, timeZone);
  for (const candidate of before <= after ? [before, after] : [after, before]) {
    const back = toLocal(candidate, timeZone);
    if (back.day === local.day && back.hour === local.hour && back.minute === local.minute) return candidate;
  }
  // In the skipped hour: with the offset before the change the time lands after the gap.
  return before;
}

/** Days since 1970-01-01 of a calendar date (no time zone involved). */
export function dayNumber(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / 86_400_000);
}

export function dateOfDayNumber(days: number): { year: number; month: number; day: number } {
  const date = new Date(days * 86_400_000);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** ISO weekday of a day number: 1 Monday … 7 Sunday. */
export function isoWeekday(days: number): number {
  // 1970-01-01 was a Thursday (4).
  return ((((days + 3) % 7) + 7) % 7) + 1;
}

export function parseIsoDay(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const days = dayNumber(year, month, day);
  const back = dateOfDayNumber(days);
  return back.year === year && back.month === month && back.day === day ? days : null;
}

export function isoDayOf(days: number): string {
  const { year, month, day } = dateOfDayNumber(days);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const two = (value: number) => String(value).padStart(2, '0');

/** 'DD.MM.YYYY' of an instant in German local time, whatever the browser's language or zone. */
export function formatGermanDay(ms: number, timeZone = DEFAULT_TIME_ZONE): string {
  const local = toLocal(ms, timeZone);
  return `${two(local.day)}.${two(local.month)}.${local.year}`;
}

/** 'DD.MM.YYYY HH:mm' (24 h) of an instant in German local time, whatever the browser's language or zone. */
export function formatGermanDateTime(ms: number, timeZone = DEFAULT_TIME_ZONE): string {
  const local = toLocal(ms, timeZone);
  return `${formatGermanDay(ms, timeZone)} ${two(local.hour)}:${two(local.minute)}`;
}

/** A local wire value ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm') as 'DD.MM.YYYY' or 'DD.MM.YYYY HH:mm'. */
export function formatGermanLocal(wire: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}:\d{2}))?/.exec(wire);
  if (!match) return wire;
  const day = `${match[3]}.${match[2]}.${match[1]}`;
  return match[4] ? `${day} ${match[4]}` : day;
}

/** German weekday names, Monday first (index = ISO weekday − 1; one list for every module). */
export const germanWeekdayNames = [
  'Montag',
  'Dienstag',
  'Mittwoch',
  'Donnerstag',
  'Freitag',
  'Samstag',
  'Sonntag',
] as const;

/** Their two-letter short forms ('Mo' … 'So'). */
export const germanWeekdayShort = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'] as const;

/** German month names, January first (one list for every module). */
export const germanMonthNames = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;

/**
 * The UTC calendar day 'YYYY-MM-DD' of a date that stands for a calendar day at UTC midnight (day arithmetic,
 * spreadsheet dates). Never for "today" or a moment: that is the Berlin day (`todayIsoDay`, `toLocal`); lint
 * (slices/no-utc-day) forbids `toISOString().slice(0, 10)` everywhere else.
 */
export function utcIsoDay(date: Date | number): string {
  const iso = new Date(date).toISOString();
  return iso.slice(0, 10);
}
