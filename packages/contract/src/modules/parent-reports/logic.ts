import { isoDayOf, parseIsoDay } from '../../platform/local-time';
import type { ReleaseTimeCondition } from '../children';

/** Reports reach from today up to this many days ahead (school.md 5.3 and 9). */
export const REPORT_DAYS_AHEAD = 7;
/** The comment of a report (school.md 5.3). */
export const REPORT_COMMENT_MAX = 40;
/** The placeholder of the late text (school.md 3.3). */
export const CUTOFF_PLACEHOLDER = '[[ZEIT_SPAETESTENS]]';

/** The report's options: absence (k), sickness (nds) or a possible release time 'HH:MM'. */
export const ABSENT = 'k';
export const SICK = 'nds';

/** What a parent's report becomes in module 200: the comment of a sickness report starts with this. */
export const SICK_PREFIX = 'Krank';

export const reportDateMessages = {
  range:
    'Es können nur Meldungen gesendet werden, die maximal 7 Tage in der Zukunft und nicht in der Vergangenheit liegen. Bitte überprüfen Sie Ihre Angaben.',
  past: 'Der gewählte Tag liegt in der Vergangenheit. Bitte wählen Sie einen gültigen Tag in der Zukunft aus.',
} as const;

/** Days from `from` to `to` (both included); empty when a day is not a date or `to` is before `from`. */
export function reportDays(from: string, to: string): string[] {
  const start = parseIsoDay(from);
  const end = parseIsoDay(to);
  if (start === null || end === null || end < start) return [];
  return Array.from({ length: end - start + 1 }, (_, index) => isoDayOf(start + index));
}

/**
 * The 5.3 date rules for one chosen day: before today → the past text; more than 7 days ahead → the
 * range text; otherwise null.
 */
export function reportDayError(day: string, today: string): string | null {
  const value = parseIsoDay(day);
  const base = parseIsoDay(today);
  if (value === null || base === null) return reportDateMessages.range;
  if (value < base) return reportDateMessages.past;
  if (value > base + REPORT_DAYS_AHEAD) return reportDateMessages.range;
  return null;
}

/**
 * All 5.3 texts for one chosen day: a past day gets both (the range text, which names the past, and the past
 * text), a day more than 7 days ahead the range text, a valid day none.
 */
export function reportDayErrors(day: string, today: string): string[] {
  const error = reportDayError(day, today);
  if (error === reportDateMessages.past) return [reportDateMessages.range, reportDateMessages.past];
  return error ? [error] : [];
}

/**
 * The form's date pair (school.md 5.3): when one date moves past the other, the other follows. `changed`
 * names the date the user just set.
 */
export function followDates(from: string, to: string, changed: 'from' | 'to'): { from: string; to: string } {
  if (from === '' || to === '' || from <= to) return { from, to };
  return changed === 'from' ? { from, to: from } : { from: to, to };
}

/**
 * Whether the cut-off of `day` has passed at the moment (`nowDay`, `nowTime` in Europe/Berlin): a past
 * day always, today once the time is later than the cut-off minute (at the cut-off minute itself a report
 * is still in time), a later day never.
 */
export function cutoffPassed(day: string, cutoff: string, nowDay: string, nowTime: string): boolean {
  if (day < nowDay) return true;
  if (day > nowDay) return false;
  return nowTime > cutoff;
}

/** A report is late when one of its days has reached its cut-off (only today can: past days are refused). */
export function isLateReport(days: readonly string[], cutoff: string, nowDay: string, nowTime: string): boolean {
  return days.some((day) => cutoffPassed(day, cutoff, nowDay, nowTime));
}

/** The late text with the cut-off time put in for every [[ZEIT_SPAETESTENS]]. */
export function lateText(template: string, cutoff: string): string {
  return template.split(CUTOFF_PLACEHOLDER).join(cutoff);
}

/**
 * The possible release times offered for a choice (school.md 5.3): a time whose condition is missing or
 * inactive always; with an active condition only when every chosen child's class is in its class list (or
 * the list is empty), the chosen range lies inside datumVon–datumBis (an empty bound is open) and no chosen
 * day (from, to and the days between) is one of its exception days. Sorted.
 */
export function offeredReleaseTimes(
  times: readonly string[],
  conditions: Readonly<Record<string, ReleaseTimeCondition>>,
  chosenClassIds: readonly number[],
  from: string,
  to: string,
): string[] {
  return [...new Set(times)].sort().filter((time) => {
    const condition = conditions[time];
    if (!condition || !condition.aktiv) return true;
    if (condition.klassen.length > 0 && !chosenClassIds.every((id) => condition.klassen.includes(id))) return false;
    if (condition.datumVon !== '' && (from === '' || from < condition.datumVon)) return false;
    if (condition.datumBis !== '' && (to === '' || to > condition.datumBis)) return false;
    const exceptionDays = new Set(condition.ausnahmen.map((entry) => entry.tag));
    return ![from, to, ...reportDays(from, to)].some((day) => exceptionDays.has(day));
  });
}

/** The comment an exception made from a report keeps: sickness is marked, the parent's text follows. */
export function reportComment(anwesenheit: string, kommentar: string): string {
  const text = kommentar.trim();
  if (anwesenheit !== SICK) return text;
  return text === '' ? SICK_PREFIX : `${SICK_PREFIX}: ${text}`;
}

/** The parent's own text of a stored comment: without the sickness mark ('Krank: Fieber' → 'Fieber'). */
export function ownComment(comment: string): string {
  if (comment === SICK_PREFIX) return '';
  return comment.startsWith(`${SICK_PREFIX}: `) ? comment.slice(SICK_PREFIX.length + 2) : comment;
}

/** The history's label of a report that is no longer active: replaced by a later one of its day, or withdrawn. */
export const inactiveReportLabels = { replaced: 'Durch spätere Meldung ersetzt', withdrawn: 'Zurückgezogen' } as const;

/** How a report reads in the history: 'Krank', 'Abwesend' or 'Entlassung um HH:MM Uhr'. */
export function reportText(present: boolean, releaseTime: string, comment: string): string {
  if (present) return `Entlassung um ${releaseTime} Uhr`;
  return comment === SICK_PREFIX || comment.startsWith(`${SICK_PREFIX}: `) ? SICK_PREFIX : 'Abwesend';
}

/** 'n/40 Zeichen' (school.md 5.3). */
export function commentCounter(kommentar: string): string {
  return `${[...kommentar].length}/${REPORT_COMMENT_MAX} Zeichen`;
}
