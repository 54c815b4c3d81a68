import { z } from 'zod';
import { validationMessages, utcIsoDay } from '@hortus/contract';
import {
  calendarMessages,
  defaultRepeat,
  eventInput,
  localInstant,
  localParts,
  type CalendarEvent,
  type EventInput,
  type RepeatWire,
} from '@hortus/contract/modules/calendar';

/** The event dialog's form: local days (YYYY-MM-DD) and times (HH:MM) in Europe/Berlin. */
export interface EventForm {
  id: number;
  name: string;
  beschreibung: string;
  kategorie: number;
  timed: boolean;
  startDay: string;
  startTime: string;
  endDay: string;
  endTime: string;
  istSerie: boolean;
  repeat: RepeatWire | null;
  ausSerie: number;
}

export interface Occurrence {
  start: number;
  end: number;
}

export function timeText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export function minutesOf(time: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The form of an event (shown at the clicked occurrence's day for a series), or of a new one. */
export function formOf(event: CalendarEvent, occurrence?: Occurrence): EventForm {
  const start = localParts(occurrence?.start ?? event.start);
  const end = localParts(occurrence?.end ?? event.end);
  return {
    id: event.id,
    name: event.name,
    beschreibung: event.beschreibung,
    kategorie: event.id_kalenderkategorie,
    timed: event.timed,
    startDay: start.day,
    startTime: timeText(start.minutes),
    endDay: end.day,
    endTime: timeText(end.minutes),
    istSerie: event.istSerie,
    repeat: event.repeat,
    ausSerie: event.ausSerie,
  };
}

/** A new event: at the given day and minute (default 08:00) lasting an hour; past 24:00 wraps to the next day. */
export function newForm(day: string, kategorie: number, startMinutes = 8 * 60): EventForm {
  const start = localInstant(day, startMinutes) as number;
  const end = localInstant(day, startMinutes + 60) as number;
  const s = localParts(start);
  const e = localParts(end);
  return {
    id: 0,
    name: '',
    beschreibung: '',
    kategorie,
    timed: true,
    startDay: s.day,
    startTime: timeText(s.minutes),
    endDay: e.day,
    endTime: timeText(e.minutes),
    istSerie: false,
    repeat: null,
    ausSerie: 0,
  };
}

/** Start and end instants of the form; all-day events run from 00:00 of the first to 23:59 of the last day. */
export function instantsOf(form: EventForm): Occurrence | null {
  const startMinutes = form.timed ? minutesOf(form.startTime) : 0;
  const endMinutes = form.timed ? minutesOf(form.endTime) : 23 * 60 + 59;
  if (startMinutes === null || endMinutes === null) return null;
  const start = localInstant(form.startDay, startMinutes);
  const end = localInstant(form.endDay, endMinutes);
  return start === null || end === null ? null : { start, end };
}

/**
 * Start/end consistency: when the start moves past the end the end follows (keeping the duration),
 * when the end moves before the start the start follows.
 */
export function withChange(form: EventForm, change: Partial<EventForm>, side: 'start' | 'end'): EventForm {
  const next = { ...form, ...change };
  const before = instantsOf(form);
  const after = instantsOf(next);
  if (!after || after.start <= after.end) return next;
  if (!before) return withSameDay(next, side);
  const duration = Math.max(0, before.end - before.start);
  if (side === 'start') {
    const end = localParts(after.start + duration);
    return { ...next, endDay: end.day, endTime: timeText(end.minutes) };
  }
  const start = localParts(after.end - duration);
  return { ...next, startDay: start.day, startTime: timeText(start.minutes) };
}

/** Without a known duration (the other side was half typed) the other side moves to the same day, at the latest to the same time. */
function withSameDay(form: EventForm, side: 'start' | 'end'): EventForm {
  const moved = side === 'start' ? { ...form, endDay: form.startDay } : { ...form, startDay: form.endDay };
  const instants = instantsOf(moved);
  if (instants && instants.start <= instants.end) return moved;
  return side === 'start' ? { ...moved, endTime: form.startTime } : { ...moved, startTime: form.endTime };
}

/** Switching 'Serientermin' on without a repeat sets the defaults (from the start day, 5 years, Tage, 1). */
export function withSeries(form: EventForm, istSerie: boolean): EventForm {
  if (!istSerie || form.repeat) return { ...form, istSerie };
  const instants = instantsOf(form);
  return instants ? { ...form, istSerie, repeat: defaultRepeat(instants.start, instants.end) } : { ...form, istSerie };
}

/** The wire fields of the form without start and end (which need readable days and times). */
function wireFieldsOf(form: EventForm): Omit<EventInput, 'start' | 'end'> {
  return {
    id: form.id,
    name: form.name,
    beschreibung: form.beschreibung,
    id_kalenderkategorie: form.kategorie,
    timed: form.timed,
    istSerie: form.istSerie,
    repeat: form.istSerie ? form.repeat : null,
    ausSerie: form.ausSerie,
  };
}

export function inputOf(form: EventForm): EventInput | null {
  const instants = instantsOf(form);
  return instants ? { ...wireFieldsOf(form), ...instants } : null;
}

/** The form field that shows an error of a saveTermin wire field ('start' → 'startDay', 'repeat.von' stays). */
export function eventFieldOf(wireField: string): string {
  const renamed: Record<string, string> = {
    start: 'startDay',
    end: 'endDay',
    id_kalenderkategorie: 'kategorie',
    repeat: 'istSerie',
  };
  return renamed[wireField] ?? wireField;
}

export const dayAndTimeFields = ['startDay', 'startTime', 'endDay', 'endTime'] as const;

/** The days and times that cannot be read: empty ones are required, others are no date. */
function unreadableParts(form: EventForm): [field: string, message: string][] {
  return dayAndTimeFields.flatMap((field): [string, string][] => {
    const value = form[field];
    const isTime = field.endsWith('Time');
    if (isTime && !form.timed) return [];
    if (value === '') return [[field, validationMessages.required]];
    const readable = isTime ? minutesOf(value) !== null : localInstant(value, 0) !== null;
    return readable ? [] : [[field, calendarMessages.invalidDate]];
  });
}

const eventFormFields = z.object({
  id: z.number(),
  name: z.string(),
  beschreibung: z.string(),
  kategorie: z.number(),
  timed: z.boolean(),
  startDay: z.string(),
  startTime: z.string(),
  endDay: z.string(),
  endTime: z.string(),
  istSerie: z.boolean(),
  repeat: z.custom<RepeatWire | null>(),
  ausSerie: z.number(),
});

/**
 * The event dialog's schema: the form's days and times become start and end, and the contract's
 * eventInput (the server's saveTermin rule) checks the rest; its German messages land on the form's
 * fields (eventFieldOf). The output is the saveTermin data.
 */
export const eventFormSchema = eventFormFields.transform((form, ctx): EventInput => {
  const unreadable = unreadableParts(form);
  for (const [field, message] of unreadable) ctx.addIssue({ code: 'custom', path: [field], message });
  const instants = unreadable.length === 0 ? instantsOf(form) : null;
  // Without readable days the wire rule still checks the other fields; its start/end findings are moot.
  const result = eventInput.safeParse({ ...wireFieldsOf(form), ...(instants ?? { start: 0, end: 0 }) });
  for (const issue of result.error?.issues ?? []) {
    const wireField = issue.path.join('.');
    if (!instants && (wireField === 'start' || wireField === 'end')) continue;
    const path = wireField === '' ? [] : eventFieldOf(wireField).split('.');
    ctx.addIssue({ code: 'custom', path, message: issue.message });
  }
  return result.success && instants ? result.data : z.NEVER;
});

/**
 * Saving a series for the whole series from an occurrence: the series keeps its first day; the
 * times and the length in days come from the form.
 */
export function wholeSeriesInput(form: EventForm, series: CalendarEvent): EventInput | null {
  const input = inputOf(form);
  const instants = instantsOf(form);
  if (!input || !instants) return null;
  const formStart = localParts(instants.start);
  const seriesStart = localParts(series.start);
  const dayShift = Math.round((Date.parse(seriesStart.day) - Date.parse(formStart.day)) / 86_400_000);
  const endParts = localParts(instants.end);
  const endDay = utcIsoDay(Date.parse(endParts.day) + dayShift * 86_400_000);
  const start = localInstant(seriesStart.day, formStart.minutes);
  const end = localInstant(endDay, endParts.minutes);
  return start === null || end === null ? null : { ...input, start, end };
}

/** Saving one day of a series as a single event: it detaches (ausSerie = series id, id 0, istSerie false). */
export function singleFromSeriesInput(form: EventForm, seriesId: number): EventInput | null {
  const input = inputOf({ ...form, istSerie: false, repeat: null });
  return input ? { ...input, id: 0, istSerie: false, repeat: null, ausSerie: seriesId } : null;
}
