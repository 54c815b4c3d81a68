import { DEFAULT_TIME_ZONE, fromLocal, parseIsoDay, toLocal, dateOfDayNumber } from '../../platform/local-time';
import { repeatFromWire, type Birthday, type CalendarEvent } from './calls';
import { expandSeries, weekdayKeys, type Repeat } from './series';

/**
 * An iCalendar (RFC 5545) document of calendar events: single events, series as RRULE with EXDATE
 * for their exceptions, all-day events as DATE values, times in Europe/Berlin with its VTIMEZONE.
 */
export interface ICalOptions {
  calendarName: string;
  /** DTSTAMP of every entry (UTC ms). */
  now: number;
  /** Host part of the UIDs. */
  uidDomain: string;
  categoryNames?: ReadonlyMap<number, string>;
  birthdays?: readonly Birthday[];
}

const berlinTimeZone = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

const byDay: Record<(typeof weekdayKeys)[number], string> = {
  montags: 'MO',
  dienstags: 'TU',
  mittwochs: 'WE',
  donnerstags: 'TH',
  freitags: 'FR',
  samstags: 'SA',
  sonntags: 'SU',
};

export function buildICalendar(events: readonly CalendarEvent[], options: ICalOptions): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Hortus//Kalender//DE',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.calendarName)}`,
    'X-WR-TIMEZONE:Europe/Berlin',
    ...berlinTimeZone,
  ];
  for (const event of events) lines.push(...eventLines(event, options));
  for (const person of options.birthdays ?? []) lines.push(...birthdayLines(person, options));
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}

function eventLines(event: CalendarEvent, options: ICalOptions): string[] {
  const head = [
    'BEGIN:VEVENT',
    `UID:termin-${event.id}@${options.uidDomain}`,
    `DTSTAMP:${utcStamp(options.now)}`,
    `SUMMARY:${escapeText(event.name)}`,
  ];
  if (event.beschreibung !== '') head.push(`DESCRIPTION:${escapeText(event.beschreibung)}`);
  const category = options.categoryNames?.get(event.id_kalenderkategorie);
  if (category) head.push(`CATEGORIES:${escapeText(category)}`);

  if (!(event.istSerie && event.repeat)) {
    return [...head, ...timeLines(event.start, event.end, event.timed), 'END:VEVENT'];
  }
  const repeat = repeatFromWire(event.repeat);
  const first = firstOccurrence(event.start, event.end, repeat);
  if (!first) return [];
  const lines = [...head, ...timeLines(first.start, first.end, event.timed), rrule(repeat, event.timed)];
  // Occurrences that an exception removes: the series without exceptions minus the series with them.
  if (repeat.ausnahmen.length > 0) {
    const all = expandSeries(
      { start: event.start, end: event.end, repeat: { ...repeat, ausnahmen: [] } },
      ...everything,
    );
    const kept = new Set(
      expandSeries({ start: event.start, end: event.end, repeat }, ...everything).map((o) => o.start),
    );
    for (const occurrence of all) {
      if (kept.has(occurrence.start)) continue;
      lines.push(
        event.timed
          ? `EXDATE;TZID=Europe/Berlin:${localStamp(occurrence.start)}`
          : `EXDATE;VALUE=DATE:${dateStamp(occurrence.start)}`,
      );
    }
  }
  lines.push('END:VEVENT');
  return lines;
}

const everything = [Date.UTC(1800, 0, 1), Date.UTC(3100, 0, 1)] as const;

/**
 * The series' first day (RRULE counts DTSTART as an occurrence, so it must be one). Searched over the
 * whole series: 'every 2 months on the 31st' from February first occurs in August.
 */
function firstOccurrence(start: number, end: number, repeat: Repeat) {
  const first = parseIsoDay(repeat.von);
  const last = parseIsoDay(repeat.bis);
  if (first === null || last === null) return undefined;
  const from = fromLocal({ ...dateOfDayNumber(first - 1), hour: 0, minute: 0 });
  const to = fromLocal({ ...dateOfDayNumber(last + 2), hour: 0, minute: 0 });
  return expandSeries({ start, end, repeat: { ...repeat, ausnahmen: [] } }, from, to)[0];
}

function rrule(repeat: Repeat, timed: boolean): string {
  const last = parseIsoDay(repeat.bis) as number;
  const until = timed
    ? utcStamp(fromLocal({ ...dateOfDayNumber(last), hour: 23, minute: 59 }) + 59_000)
    : dateStamp(fromLocal({ ...dateOfDayNumber(last), hour: 12, minute: 0 }));
  const parts = [`INTERVAL=${repeat.musterintervall}`, `UNTIL=${until}`];
  switch (repeat.mustertyp) {
    case 'Tage':
      return `RRULE:FREQ=DAILY;${parts.join(';')}`;
    case 'Wochen': {
      const days = weekdayKeys.filter((key) => repeat.woechentlichWochentage[key]).map((key) => byDay[key]);
      return `RRULE:FREQ=WEEKLY;${parts.join(';')};WKST=MO;BYDAY=${days.join(',')}`;
    }
    case 'Monate':
      return `RRULE:FREQ=MONTHLY;${parts.join(';')};BYMONTHDAY=${repeat.monatlichTag}`;
    case 'Jahre':
      return `RRULE:FREQ=YEARLY;${parts.join(';')};BYMONTH=${repeat.jaehrlichMonat};BYMONTHDAY=${repeat.jaehrlichTag}`;
  }
}

function timeLines(start: number, end: number, timed: boolean): string[] {
  if (timed) return [`DTSTART;TZID=Europe/Berlin:${localStamp(start)}`, `DTEND;TZID=Europe/Berlin:${localStamp(end)}`];
  // All-day: DTEND is the day after the last day (exclusive).
  const lastDay = toLocal(end, DEFAULT_TIME_ZONE);
  const after = fromLocal({ year: lastDay.year, month: lastDay.month, day: lastDay.day + 1, hour: 12, minute: 0 });
  return [`DTSTART;VALUE=DATE:${dateStamp(start)}`, `DTEND;VALUE=DATE:${dateStamp(after)}`];
}

function birthdayLines(person: Birthday, options: ICalOptions): string[] {
  // Yearly from the first year the date exists after the birth (29 February stays on leap years).
  const start = `${String(Math.max(person.jahr, 1900)).padStart(4, '0')}${pad(person.monat)}${pad(person.tag)}`;
  const next = new Date(Date.UTC(Math.max(person.jahr, 1900), person.monat - 1, person.tag + 1));
  const end = `${next.getUTCFullYear()}${pad(next.getUTCMonth() + 1)}${pad(next.getUTCDate())}`;
  return [
    'BEGIN:VEVENT',
    `UID:geburtstag-${person.id_nutzer}@${options.uidDomain}`,
    `DTSTAMP:${utcStamp(options.now)}`,
    `SUMMARY:${escapeText(`Geburtstag ${person.name}`)}`,
    `DTSTART;VALUE=DATE:${start}`,
    `DTEND;VALUE=DATE:${end}`,
    `RRULE:FREQ=YEARLY;BYMONTH=${person.monat};BYMONTHDAY=${person.tag}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function localStamp(ms: number): string {
  const l = toLocal(ms, DEFAULT_TIME_ZONE);
  return `${String(l.year).padStart(4, '0')}${pad(l.month)}${pad(l.day)}T${pad(l.hour)}${pad(l.minute)}00`;
}

function dateStamp(ms: number): string {
  return localStamp(ms).slice(0, 8);
}

function utcStamp(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/[-:]/g, '').replace('.000', '');
}

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (RFC 5545 3.1), never inside a UTF-8 character. */
function utf8Length(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

function fold(line: string): string {
  if ([...line].reduce((sum, char) => sum + utf8Length(char), 0) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = utf8Length(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}
