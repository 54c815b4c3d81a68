import { z } from 'zod';
import { dayNumber, parseIsoDay, toLocal } from './local-time';
import { isIsoDate, validationMessages } from './validation';
import { MAX_RECORD_ID } from './wire';

/**
 * Field schemas every module shares: ISO days, times of day, record keys, numbers and date ranges, each
 * with the contract's German message (never a schema library's default). Forms run them through
 * useSchemaForm; the server runs the very same schema.
 */
export const fieldMessages = {
  required: validationMessages.required,
  date: validationMessages.date,
  time: 'Bitte eine Uhrzeit im Format HH:MM angeben.',
  recordKey: 'Ungültiger Schlüssel.',
  dayRange: 'Das Datum „von“ darf nicht nach dem Datum „bis“ liegen.',
  dayInFuture: 'Das Datum darf nicht in der Zukunft liegen.',
} as const;

/** 'Bitte für „Durchmesser“ eine Zahl angeben.' — a numeric field names itself. */
export const numberMessage = (label: string) => `Bitte für „${label}“ eine Zahl angeben.`;
export const wholeNumberMessage = (label: string) => `Bitte für „${label}“ eine ganze Zahl angeben.`;
export const atLeastMessage = (label: string, min: number) => `„${label}“ muss mindestens ${min} sein.`;
export const atMostMessage = (label: string, max: number) => `„${label}“ darf höchstens ${max} sein.`;
export const yearsBackMessage = (label: string, years: number) =>
  `${label} darf höchstens ${years} Jahre zurückliegen.`;

/** 'HH:MM', 00:00–23:59. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isTimeOfDay = (value: string) => TIME_OF_DAY_PATTERN.test(value);

/** A real calendar day 'YYYY-MM-DD' (shown as TT.MM.JJJJ by the date pickers). */
export function isoDayField() {
  return z.string({ error: fieldMessages.required }).refine(isIsoDate, fieldMessages.date);
}

/** An ISO day or '' (not set). */
export function optionalIsoDayField() {
  return z
    .string({ error: fieldMessages.required })
    .refine((value) => value === '' || isIsoDate(value), fieldMessages.date);
}

/** A time of day 'HH:MM'. */
export function timeOfDayField() {
  return z.string({ error: fieldMessages.required }).regex(TIME_OF_DAY_PATTERN, fieldMessages.time);
}

/** A time of day or '' (not set). */
export function optionalTimeOfDayField() {
  return z
    .string({ error: fieldMessages.required })
    .refine((value) => value === '' || isTimeOfDay(value), fieldMessages.time);
}

const recordKeyChecks = {
  /** A record id as an object key ('17'). */
  id: (key: string) => /^[1-9]\d{0,9}$/.test(key) && Number(key) <= MAX_RECORD_ID,
  /** A time of day as key ('15:30', a release time's conditions). */
  time: isTimeOfDay,
  /** An ISO day as key. */
  day: isIsoDate,
} as const;

/** The key schema of a `z.record` keyed by ids, times of day or days. */
export function recordKeyField(kind: keyof typeof recordKeyChecks) {
  return z.string().refine(recordKeyChecks[kind], fieldMessages.recordKey);
}

export interface NumberFieldOptions {
  int?: boolean;
  min?: number;
  max?: number;
}

/**
 * A number field whose messages name it: an empty or unreadable entry (NaN from FormNumberField, a
 * missing value) reads 'Bitte für „<label>“ eine Zahl angeben.', limits name the field and the limit.
 */
export function numberField(label: string, { int = false, min, max }: NumberFieldOptions = {}) {
  let schema = z.number({ error: numberMessage(label) });
  if (int) schema = schema.int(wholeNumberMessage(label));
  if (min !== undefined) schema = schema.min(min, atLeastMessage(label, min));
  if (max !== undefined) schema = schema.max(max, atMostMessage(label, max));
  return schema;
}

/** Today 'YYYY-MM-DD' in German local time. */
export function todayIsoDay(now = Date.now()): string {
  const { year, month, day } = toLocal(now);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The message for a past day that must be neither after today nor more than `years` years back (a
 * child's birthday), or null when it is fine; '' and malformed days are left to the day's own rule.
 */
export function pastDayError(value: string, label: string, years: number, today = todayIsoDay()): string | null {
  const day = parseIsoDay(value);
  const now = parseIsoDay(today);
  if (day === null || now === null) return null;
  if (day > now) return fieldMessages.dayInFuture;
  const [year, month, dayOfMonth] = today.split('-').map(Number) as [number, number, number];
  const earliest = dayNumber(year - years, month, dayOfMonth);
  return day < earliest ? yearsBackMessage(label, years) : null;
}

/** The message when both days are set and 'von' lies after 'bis', else null. */
export function dayRangeError(from: string, to: string): string | null {
  return from && to && isIsoDate(from) && isIsoDate(to) && from > to ? fieldMessages.dayRange : null;
}

/**
 * A refinement of an object with a 'von' and a 'bis' day: when both are set, 'von' must not be after
 * 'bis'; the message sits on the 'bis' field. Use with `.superRefine(dayRangeCheck('datumVon', 'datumBis'))`.
 */
export function dayRangeCheck<K extends string>(from: K, to: K) {
  return (value: Record<K, string>, ctx: z.RefinementCtx) => {
    const message = dayRangeError(value[from], value[to]);
    if (message !== null) ctx.addIssue({ code: 'custom', path: [to], message });
  };
}

/** Wire fields shared by modules that may not import each other: a time, a day and an attachment. */
export const timeField = timeOfDayField();
export const isoDay = isoDayField();
export const attachmentView = z.object({ pfad: z.string(), name: z.string() });
