import { format, isValid, parse } from 'date-fns';

/** How a picker value travels: the wire string and the date-fns pattern that reads and writes it. */
export const wireFormats = {
  date: 'yyyy-MM-dd',
  time: 'HH:mm',
  dateTime: "yyyy-MM-dd'T'HH:mm",
  month: 'yyyy-MM',
} as const;
export type WireFormat = keyof typeof wireFormats;

/** What the pickers show: DD.MM.YYYY and 24 h. */
export const displayFormats: Readonly<Record<WireFormat, string>> = {
  date: 'dd.MM.yyyy',
  time: 'HH:mm',
  dateTime: 'dd.MM.yyyy HH:mm',
  month: 'MM.yyyy',
};

/**
 * The value a picker hands on while its sections are incomplete or impossible (31.02.): not a valid wire
 * string, so the schema reports it, and never empty, so it is not mistaken for "no value".
 */
export const INCOMPLETE_VALUE = 'ungültig';

/** A wire string as a Date for the picker; '' → null; anything unreadable → an invalid Date. */
export function dateOfWire(value: string, kind: WireFormat): Date | null {
  if (value === '') return null;
  // A stored date-time may carry seconds ('2030-01-01T08:00:00'); the picker works in minutes.
  const text = kind === 'dateTime' ? value.slice(0, 16) : value;
  return parse(text, wireFormats[kind], new Date(2000, 0, 1));
}

/** The picker's Date as a wire string: null → '', an invalid or unfinished date → INCOMPLETE_VALUE. */
export function wireOfDate(date: Date | null, kind: WireFormat): string {
  if (date === null) return '';
  // A year below 1000 is one still being typed ('2' → 0002, '20' → 0020): not a date anyone means.
  if (!isValid(date) || date.getFullYear() < 1000) return INCOMPLETE_VALUE;
  return format(date, wireFormats[kind]);
}
