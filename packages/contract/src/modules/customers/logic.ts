/** Pure rules of module 410 (business.md 4.2, 9): status bands, contract dates and warnings, numbering. */
import { utcIsoDay } from '../../platform/local-time';

export type StatusBand = 'open' | 'error' | 'warning' | 'closed';

/** Status 1–5 open, 6 error, 7 warning (terminated contract), 8 and above grey (closed). */
export function statusBand(status: number): StatusBand {
  if (status <= 5) return 'open';
  if (status === 6) return 'error';
  if (status === 7) return 'warning';
  return 'closed';
}

/** The 'only open' filter shows status up to 6. */
export function isOpenStatus(status: number): boolean {
  return status <= 6;
}

/** Contracts in status 4 to 7 are active. */
export function isActiveContract(typ: string, status: number): boolean {
  return typ === 'Vertrag' && status >= 4 && status <= 7;
}

export const NOTICE_DAYS = 28;
const DAY_MS = 86_400_000;

function isoToUtc(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}
function utcToIso(ms: number): string {
  return utcIsoDay(ms);
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(iso: string, days: number): string {
  return utcToIso(isoToUtc(iso) + days * DAY_MS);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD; negative when `to` lies before). */
export function daysBetween(from: string, to: string): number {
  return Math.round((isoToUtc(to) - isoToUtc(from)) / DAY_MS);
}

/** A new contract ends one year after its start (29 February → 28 February). */
export function defaultContractEnd(begin: string): string {
  const [y, m, d] = begin.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y + 1, m - 1, d));
  if (next.getUTCMonth() !== m - 1) next.setUTCDate(0);
  return utcToIso(next.getTime());
}

/** Notice deadline = contract end minus 28 days. */
export function noticeDeadline(end: string): string {
  return addDays(end, -NOTICE_DAYS);
}

/** The contract warning shows when 28 days or fewer remain until the notice deadline and the status is not 7. */
export function contractNeedsWarning(end: string, status: number, today: string): boolean {
  if (end === '' || status === 7) return false;
  return daysBetween(today, noticeDeadline(end)) <= NOTICE_DAYS;
}

/** Payment interval codes: 0 monthly, 1 yearly, 2 quarterly, 3 half-yearly. */
export const paymentIntervals = [
  { code: 0, name: 'monatlich', months: 1 },
  { code: 1, name: 'jährlich', months: 12 },
  { code: 2, name: 'vierteljährlich', months: 3 },
  { code: 3, name: 'halbjährlich', months: 6 },
] as const;
export type PaymentInterval = 0 | 1 | 2 | 3;

export function paymentIntervalName(code: number): string {
  return paymentIntervals.find((interval) => interval.code === code)?.name ?? '';
}

export const documentTypes = { invoice: 1, offer: 2, creditNote: 3, reminder: 4, receipt: 20, upload: 100 } as const;
export const documentPrefixes: Record<number, string> = { 1: 'RE', 2: 'AN', 3: 'GS', 4: 'ZE', 5: 'ENTWURF' };
/**
 * An invoice draft (issue 45, opt-in `entwurf`): its own document type and name series ('ENTWURF-2026-0001'),
 * no invoice number, in no sum; `ausstellen` issues it as an invoice with the next RE number.
 */
export const DRAFT_TYPE = 5;

/**
 * The next automatic number of a type in a year: 'RE-2026-0001', one more than the highest number of
 * that prefix and year among `names` (other names are ignored).
 */
export function nextDocumentNumber(prefix: string, year: number, names: readonly string[]): string {
  const pattern = new RegExp(`^${prefix}-${year}-(\\d+)$`);
  let highest = 0;
  for (const name of names) {
    const match = pattern.exec(name);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `${prefix}-${year}-${String(highest + 1).padStart(4, '0')}`;
}

/** A returned RE-/AN-/GS- document replaces the list entry of the same name; others are added. */
export function mergeDocument<D extends { name: string }>(list: readonly D[], added: D): D[] {
  if (/^(RE|AN|GS|ENTWURF)-/.test(added.name)) {
    const index = list.findIndex((document) => document.name === added.name);
    if (index >= 0) return list.map((document, i) => (i === index ? added : document));
  }
  return [...list, added];
}

/** Orders sorted by order number descending, then status ascending. */
export function compareOrders(
  a: { auftragsnummer: string; status: number },
  b: { auftragsnummer: string; status: number },
): number {
  const byNumber = b.auftragsnummer.localeCompare(a.auftragsnummer, 'de', { numeric: true });
  return byNumber !== 0 ? byNumber : a.status - b.status;
}

/** The next free number among numeric numbers ('' or non-numeric ignored): highest + 1, starting at 1. */
export function nextNumber(numbers: readonly string[], start = 1): string {
  let highest = start - 1;
  for (const n of numbers) if (/^\d{1,9}$/.test(n)) highest = Math.max(highest, Number(n));
  return String(highest + 1);
}

/** Display name of a customer: company, else the first contact's name, else 'Kunde <number>'. */
export function customerIdent(
  kundennummer: string,
  firma: string,
  contacts: readonly { vorname: string; nachname: string }[],
): string {
  if (firma.trim() !== '') return firma.trim();
  const first = contacts.find((c) => `${c.vorname}${c.nachname}`.trim() !== '');
  if (first) return `${first.vorname} ${first.nachname}`.trim();
  return `Kunde ${kundennummer}`;
}

/** Default hour of a planned document (business.md 9). */
export const DEFAULT_DOCUMENT_HOUR = 6;

/**
 * The full hours a document on `date` may be planned for: none for past days; for today only hours after
 * the current one; otherwise 00:00 to 23:00 (business.md 4.2).
 */
export function plannableHours(date: string, today: string, currentHour: number): number[] {
  if (date < today) return [];
  const hours = Array.from({ length: 24 }, (_, hour) => hour);
  return date === today ? hours.filter((hour) => hour > currentHour) : hours;
}
