import { conditionAllows, type ConditionLike, type ConditionSubject } from '../../platform/conditions';
import type { FeedbackField, FeedbackUser } from './calls';

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

/** Makes a CSV cell safe: quoted, quotes doubled, formula starts (= + - @ tab CR) prefixed with an apostrophe. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Feedback results as semicolon-separated CSV with a UTF-8 byte order mark (opens in Excel). */
export function feedbackCsv(fields: readonly FeedbackField[], users: readonly FeedbackUser[]): string {
  const sorted = [...fields].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const header = ['Name', 'Datum', ...sorted.map((field) => field.name)];
  const rows = users.map((user) => [
    user.ident,
    user.date,
    ...sorted.map((field) => {
      const value = user.werte[String(field.id)];
      return Array.isArray(value) ? value.join(', ') : (value ?? '');
    }),
  ]);
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}
