import { conditionAllows, type ConditionLike, type ConditionSubject } from '../../platform/conditions';
import { toLocal } from '../../platform/local-time';
import { dashboardMessages, type FeedbackField, type FeedbackUser, type FeedbackValues } from './calls';
import { csvText } from '../../platform/csv';

/** Pure rules of the news feed, shared by server and web. */

export interface DisplayWindow {
  anzeigePlanen: boolean;
  /** ms or null */
  von: number | null;
  bis: number | null;
}

/** A planned message is hidden before its start and after its end (an end of null/0 means open). */
export function insideWindow(window: DisplayWindow, now: number): boolean {
  if (!window.anzeigePlanen) return true;
  if (window.von !== null && now < window.von) return false;
  if (window.bis !== null && window.bis > 0 && now > window.bis) return false;
  return true;
}

/** Whether a user is a recipient of a message addressed by {alle, gruppen, nutzer}. */
export function isRecipient(recipients: ConditionLike, user: ConditionSubject): boolean {
  return conditionAllows(recipients, user);
}

/** Group ids of 'w1_standardEmpfaenger' ('1-2-5'). */
export function parseGroupList(value: string): number[] {
  return value === ''
    ? []
    : value
        .split('-')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0);
}

/** Whether a feedback field must be answered: as marked, else choice fields yes and text fields no. */
export function fieldRequired(field: Pick<FeedbackField, 'typ' | 'pflicht'>): boolean {
  return field.pflicht ?? field.typ !== 'text';
}

/** Whether an answer value counts as given (blank text and an empty choice do not). */
export function answerGiven(value: FeedbackValues[string] | undefined): boolean {
  if (value === undefined) return false;
  return Array.isArray(value) ? value.length > 0 : value.trim() !== '';
}

/** The required fields an answer leaves empty, as field errors keyed 'werte.<field id>'. */
export function missingAnswers(fields: readonly FeedbackField[], werte: FeedbackValues): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const field of fields) {
    if (fieldRequired(field) && !answerGiven(werte[String(field.id)])) {
      errors[`werte.${field.id}`] = [dashboardMessages.answerRequired];
    }
  }
  return errors;
}

const two = (value: number) => String(value).padStart(2, '0');

/** An instant (ISO) as German local time, 'DD.MM.YYYY HH:mm' in Europe/Berlin; an unreadable value stays as it is. */
export function feedbackDateTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const local = toLocal(ms);
  return `${two(local.day)}.${two(local.month)}.${local.year} ${two(local.hour)}:${two(local.minute)}`;
}

/**
 * The CSV export's file name, after the message title: 'Rückmeldungen <Titel>.csv'. Only letters, digits,
 * spaces, '-', '_' and '.' remain (no path separators, quotes or control characters), at most 80 of them;
 * a title with nothing left gives 'Rückmeldungen <id>.csv'.
 */
export function feedbackCsvName(titel: string, meldungId: number): string {
  const safe = titel
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\.{2,}/g, '.')
    .replace(/^[ .]+|[ .]+$/g, '')
    .slice(0, 80)
    .trim();
  return `Rückmeldungen ${safe === '' ? String(meldungId) : safe}.csv`;
}

/** Feedback results as semicolon-separated CSV with a UTF-8 byte order mark (opens in Excel); dates German, Berlin time. */
export function feedbackCsv(fields: readonly FeedbackField[], users: readonly FeedbackUser[]): string {
  const sorted = [...fields].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const header = ['Name', 'Datum', ...sorted.map((field) => field.name)];
  const rows = users.map((user) => [
    user.ident,
    feedbackDateTime(user.date),
    ...sorted.map((field) => {
      const value = user.werte[String(field.id)];
      return Array.isArray(value) ? value.join(', ') : (value ?? '');
    }),
  ]);
  return csvText([header, ...rows], { bom: true });
}
