import Big from 'big.js';
import { z } from 'zod';
import { formatGermanDate } from '../../platform/validation';
import { numberField } from '../../platform/fields';
import { parseCents } from '../../platform/money';
import { amountField, isoDate, optionalIsoDate, refId, textField } from './fields';
import { addDays, daysBetween } from './logic';

/**
 * Dunning of module 410 (issue 45): the levels Zahlungserinnerung, 1. Mahnung and 2. Mahnung for an overdue
 * invoice, each with its fee, the default interest (§ 288 BGB) per day on the open amount since the due date,
 * and the period between two levels. Pure rules here; the server makes the letters (reminders.ts, dunning.ts).
 */

/** The levels in order: 1 Zahlungserinnerung ('ZE-2026-0001'), 2 and 3 the Mahnungen ('MA-2026-0001', one series). */
export const dunningLevels = [
  { stufe: 1, name: 'Zahlungserinnerung', prefix: 'ZE' },
  { stufe: 2, name: '1. Mahnung', prefix: 'MA' },
  { stufe: 3, name: '2. Mahnung', prefix: 'MA' },
] as const;
export type DunningLevel = 1 | 2 | 3;
export const LAST_DUNNING_LEVEL: DunningLevel = 3;

export function dunningLevelName(stufe: number): string {
  return dunningLevels.find((level) => level.stufe === stufe)?.name ?? '';
}

export const dunningMessages = {
  rate: 'Bitte einen Zinssatz zwischen -10 und 20 mit höchstens zwei Nachkommastellen angeben, z. B. 1,27.',
  unknownInvoice: 'Die Rechnung existiert nicht.',
  notAnInvoice: 'Nur ausgestellte Rechnungen können angemahnt werden.',
  nothingOpen: 'Die Rechnung ist bezahlt: Es ist kein Betrag mehr offen.',
  alreadySent: (name: string) => `Die ${name} ist inzwischen verschickt worden.`,
  lastLevelSent: 'Die 2. Mahnung ist bereits verschickt. Weitere Stufen gibt es nicht.',
  notBefore: (name: string, from: string) => `Die ${name} ist erst ab dem ${from} möglich.`,
  beforeLast: (last: string) => `Das Datum darf nicht vor dem letzten Schreiben (${last}) liegen.`,
  sent: (name: string, number: string) => `Die ${name} ${number} wurde erstellt.`,
  confirm: (name: string, invoice: string) =>
    `Für die Rechnung ${invoice} wird die ${name} als PDF erstellt und mit der nächsten Nummer abgelegt.`,
  noItems: 'Keine offenen Rechnungen.',
} as const;

/** A percentage with at most two decimals ('1,27', '-0,88'), as hundredths of a percent point. */
export function parseRateHundredths(text: string): number | null {
  const value = text.trim().replace(',', '.');
  if (!/^-?\d{1,2}(\.\d{1,2})?$/.test(value)) return null;
  const hundredths = Number(new Big(value).times(100).toFixed(0));
  return hundredths >= -1000 && hundredths <= 2000 ? hundredths : null;
}
const percentField = z
  .string({ error: 'Bitte angeben.' })
  .max(10, dunningMessages.rate)
  .refine((value) => parseRateHundredths(value) !== null, dunningMessages.rate);

/** The dunning settings of module 410 (tab Einstellungen, section 'Mahnwesen'). */
export const dunningSettings = z.object({
  /** Fee per level in euros ('5,00'); '' = none. */
  gebuehrErinnerung: amountField({ optional: true }).default('0,00'),
  gebuehrMahnung1: amountField({ optional: true }).default('5,00'),
  gebuehrMahnung2: amountField({ optional: true }).default('10,00'),
  /** The Basiszinssatz of the Bundesbank (§ 247 BGB) in percent; changes on 1 January and 1 July. */
  basiszins: percentField.default('1,27'),
  /** Percentage points above the base rate: consumers (§ 288 Abs. 1 BGB) 5, businesses (Abs. 2) 9. */
  zuschlagVerbraucher: percentField.default('5'),
  zuschlagUnternehmer: percentField.default('9'),
  /** Days after a letter before the next level may follow. */
  abstandTage: numberField('Abstand (Tage)', { int: true, min: 1, max: 90 }).default(14),
  /** The new payment deadline each letter sets, in days after its date. */
  fristTage: numberField('Zahlungsfrist (Tage)', { int: true, min: 1, max: 60 }).default(7),
});
export type DunningSettings = z.output<typeof dunningSettings>;
export const DUNNING_DEFAULTS: DunningSettings = dunningSettings.parse({});

/** Consumer (§ 288 Abs. 1 BGB) or business (Abs. 2): a customer with a company name or Leitweg-ID is a business. */
export type DebtorKind = 'Verbraucher' | 'Unternehmer';

/** The yearly default interest rate in hundredths of a percent for a debtor (never below 0). */
export function defaultInterestHundredths(settings: DunningSettings, kind: DebtorKind): number {
  const base = parseRateHundredths(settings.basiszins) ?? 0;
  const extra =
    parseRateHundredths(kind === 'Unternehmer' ? settings.zuschlagUnternehmer : settings.zuschlagVerbraucher) ?? 0;
  return Math.max(0, base + extra);
}

/** Interest in cents: open × rate p.a. × days / 365, rounded half-up; 0 for no days, no amount or no rate. */
export function interestCents(openCents: number, rateHundredths: number, days: number): number {
  if (openCents <= 0 || rateHundredths <= 0 || days <= 0) return 0;
  return Number(
    new Big(openCents)
      .times(rateHundredths)
      .times(days)
      .div(10_000 * 365)
      .round(0, Big.roundHalfUp)
      .toFixed(0),
  );
}

/** The fee of each level in cents (levels 1..3). */
export function levelFees(settings: DunningSettings): Record<DunningLevel, number> {
  const fee = (text: string) => Math.max(0, text.trim() === '' ? 0 : (parseCents(text) ?? 0));
  return {
    1: fee(settings.gebuehrErinnerung),
    2: fee(settings.gebuehrMahnung1),
    3: fee(settings.gebuehrMahnung2),
  };
}

/** What a letter of a level claims: the open amount, the fees of every level up to it, the interest. */
export interface DunningClaim {
  offen: number;
  gebuehren: number;
  zinsen: number;
  /** Interest days: from the day after the due date to the letter's date. */
  tage: number;
  zinssatz: number;
  summe: number;
}

/**
 * The claim of the letter of level `stufe` on `datum` for an invoice due on `faellig` with `openCents` open.
 * Interest runs on the Mahnungen (levels 2 and 3); the Zahlungserinnerung asks only for the open amount and
 * its fee. All amounts are integer cents and never negative; `summe` is exactly their sum.
 */
export function dunningClaim(
  settings: DunningSettings,
  kind: DebtorKind,
  stufe: DunningLevel,
  openCents: number,
  faellig: string,
  datum: string,
): DunningClaim {
  const offen = Math.max(0, openCents);
  const fees = levelFees(settings);
  const gebuehren = ([1, 2, 3] as const).filter((level) => level <= stufe).reduce((sum, l) => sum + fees[l], 0);
  const tage = stufe >= 2 ? Math.max(0, daysBetween(faellig, datum)) : 0;
  const zinssatz = stufe >= 2 ? defaultInterestHundredths(settings, kind) : 0;
  const zinsen = interestCents(offen, zinssatz, tage);
  return { offen, gebuehren, zinsen, tage, zinssatz, summe: offen + gebuehren + zinsen };
}

/**
 * The next level of an invoice and the first day it may be sent: the Zahlungserinnerung the day after the
 * due date, each further level `abstandTage` after the previous letter; null after the last level.
 */
export function nextDunningStep(
  reached: { stufe: number; datum: string } | null,
  faellig: string,
  abstandTage: number,
): { stufe: DunningLevel; ab: string } | null {
  if (!reached || reached.stufe <= 0) return { stufe: 1, ab: addDays(faellig, 1) };
  if (reached.stufe >= LAST_DUNNING_LEVEL) return null;
  return { stufe: (reached.stufe + 1) as DunningLevel, ab: addDays(reached.datum, abstandTage) };
}

/** The German text of a rate in hundredths ('6,27 %'). */
export function formatRateHundredths(hundredths: number): string {
  return `${new Big(hundredths).div(100).toFixed(2).replace('.', ',')} %`;
}

/** The message for a level tried too early, or null. */
export function dunningTooEarly(step: { stufe: number; ab: string }, datum: string): string | null {
  return datum < step.ab ? dunningMessages.notBefore(dunningLevelName(step.stufe), formatGermanDate(step.ab)) : null;
}

// ---------------------------------------------------------------- calls

/** The overdue list's day (default today in Berlin). */
export const openItemsInput = { stichtag: optionalIsoDate.default('') };

export const openItemView = z.object({
  rechnungId: z.number(),
  id_auftrag: z.number(),
  auftragsnummer: z.string(),
  rechnung: z.string(),
  kunde: z.string(),
  kundeArt: z.enum(['Verbraucher', 'Unternehmer']),
  datum: z.string(),
  faellig: z.string(),
  /** Days past the due date on the list's day (0 or less: not yet due). */
  tageUeberfaellig: z.number(),
  /** The invoice's total and what is still open of it (cents). */
  betrag: z.number(),
  offen: z.number(),
  /** The level reached: 0 none, 1 Zahlungserinnerung, 2 1. Mahnung, 3 2. Mahnung. */
  stufe: z.number(),
  stufeName: z.string(),
  /** The last letter (its number, date and PDF path), null before the first. */
  letzteMahnung: z.object({ id: z.number(), name: z.string(), datum: z.string(), pfad: z.string() }).nullable(),
  /** The next level, from when it may be sent and what it would claim on the list's day; null after the last. */
  naechsteStufe: z
    .object({
      stufe: z.number(),
      name: z.string(),
      ab: z.string(),
      moeglich: z.boolean(),
      gebuehren: z.number(),
      zinsen: z.number(),
      summe: z.number(),
    })
    .nullable(),
});
export type OpenItemView = z.output<typeof openItemView>;

export const openItemsReply = z.object({
  status: z.literal('success'),
  stichtag: z.string(),
  posten: z.array(openItemView),
});

/** Sends the next level for an invoice: its document id and the letter's date. */
export const dunInput = z.object({
  rechnungId: refId.refine((id) => id > 0, 'Bitte die Rechnung wählen.'),
  datum: isoDate,
  individuellerTextblock: textField.default(''),
});
export type DunInput = z.input<typeof dunInput>;

/** What the open amounts of an order's invoices are computed from (one entry per document of the order). */
export interface OpenAmountDocument {
  id: number;
  dokumentart: number;
  wert: number;
  datum: string;
  status: string;
  /** A Stornorechnung (it and the invoice it cancels count as settled). */
  storno: boolean;
  /** A receipt (20) assigned to one invoice (bank statement), else 0. */
  rechnungId: number;
}

/**
 * The open amount of each issued invoice of an order (cents, never negative; cancelled invoices and
 * Stornorechnungen are not listed): receipts assigned to an invoice pay it first (what exceeds it joins the
 * rest); the other receipts and the credit notes pay the invoices oldest first.
 */
export function invoiceOpenAmounts(documents: readonly OpenAmountDocument[]): Map<number, number> {
  const invoices = documents
    .filter((d) => d.dokumentart === 1 && d.status === 'ausgestellt' && !d.storno)
    .sort((a, b) => (a.datum === b.datum ? a.id - b.id : a.datum < b.datum ? -1 : 1));
  const open = new Map(invoices.map((invoice) => [invoice.id, Math.max(0, invoice.wert)]));
  let pool = 0;
  for (const d of documents) {
    if (d.dokumentart === 3) pool += d.wert;
    if (d.dokumentart !== 20) continue;
    const left = open.get(d.rechnungId);
    if (left === undefined) pool += d.wert;
    else {
      const paid = Math.max(0, Math.min(left, d.wert));
      open.set(d.rechnungId, left - paid);
      pool += d.wert - paid;
    }
  }
  for (const invoice of invoices) {
    const left = open.get(invoice.id) ?? 0;
    const paid = Math.max(0, Math.min(left, pool));
    open.set(invoice.id, left - paid);
    pool -= paid;
  }
  return open;
}
