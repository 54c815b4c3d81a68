import { z } from 'zod';
import Big from 'big.js';

/**
 * The money core (business.md 5, 9): amounts are integer cents everywhere (database, services, replies);
 * what users type is a decimal string parsed exactly with big.js; every rounding is half-up to whole
 * cents. No floating-point arithmetic touches an amount.
 */

/** Largest amount accepted: 1 billion euros (keeps every sum far inside Number.MAX_SAFE_INTEGER). */
export const MAX_CENTS = 100_000_000_000;

export const moneyMessages = {
  amount: 'Bitte einen Betrag angeben, z. B. 12,50.',
  amountTooLarge: 'Der Betrag ist zu groß.',
  quantity: 'Bitte eine Anzahl angeben, z. B. 1 oder 2,5.',
  rate: 'Bitte einen Steuersatz zwischen 0 und 100 angeben.',
} as const;

/** German or dotted decimal: optional sign, digits with optional thousands dots, decimal comma or point. */
const decimalPattern = /^([+-]?)(\d{1,3}(?:\.\d{3})+|\d+)?(?:[,.](\d+))?$/;

/**
 * Parses a decimal string exactly ('1.234,56', '1234,56', '1234.56', '-3', ',5'); null when it is none.
 * A single point followed by exactly three digits ('1.234') reads as thousands, as a German user means it.
 */
export function parseDecimal(text: string): Big | null {
  const value = text.trim().replace(/\s/g, '');
  if (value === '' || value.length > 40) return null;
  const match = decimalPattern.exec(value);
  if (!match) return null;
  const [, sign, whole = '', fraction] = match;
  if (whole === '' && fraction === undefined) return null;
  const integer = whole.replace(/\./g, '') || '0';
  const decimals = fraction ?? '0';
  return new Big(`${sign === '-' ? '-' : ''}${integer}.${decimals}`);
}

/** Half-up rounding to whole cents of an amount given in euros. */
function roundToCents(euros: Big): number {
  return Number(euros.times(100).round(0, Big.roundHalfUp).toFixed(0));
}

/** Cents of a typed euro amount, or null when it is no amount, has more than 2 decimals or is too large. */
export function parseCents(text: string, options: { allowNegative?: boolean } = {}): number | null {
  const value = parseDecimal(text);
  if (!value) return null;
  if (value.times(100).round(0, Big.roundDown).cmp(value.times(100)) !== 0) return null;
  if (!options.allowNegative && value.lt(0)) return null;
  const cents = roundToCents(value);
  return Math.abs(cents) > MAX_CENTS ? null : cents;
}

/** The German message for a typed amount, or null when it is valid (same rule as parseCents). */
export function amountError(text: string, options: { allowNegative?: boolean } = {}): string | null {
  const value = parseDecimal(text);
  if (value && value.abs().times(100).gt(MAX_CENTS)) return moneyMessages.amountTooLarge;
  return parseCents(text, options) === null ? moneyMessages.amount : null;
}

/** A quantity (up to 3 decimals, 0 < q ≤ 1,000,000) as a normalised string ('2.5'), or null. */
export function parseQuantity(text: string): string | null {
  const value = parseDecimal(text);
  if (!value || value.lte(0) || value.gt(1_000_000)) return null;
  if (!value.round(3, Big.roundDown).eq(value)) return null;
  return value.toFixed();
}

/** A VAT rate in percent (0 ≤ r ≤ 100, up to 2 decimals) as a normalised string ('19', '7', '5.5'), or null. */
export function parseRate(text: string): string | null {
  const value = parseDecimal(text);
  if (!value || value.lt(0) || value.gt(100)) return null;
  if (!value.round(2, Big.roundDown).eq(value)) return null;
  return value.toFixed();
}

/** Net cents of a line: unit price × quantity, half-up. */
export function lineNetCents(unitNetCents: number, quantity: string): number {
  return Number(new Big(unitNetCents).times(quantity).round(0, Big.roundHalfUp).toFixed(0));
}

/** gross = net × (1 + rate/100), half-up to cents (business.md 5). */
export function grossFromNet(netCents: number, rate: string): number {
  return Number(new Big(netCents).times(new Big(rate).div(100).plus(1)).round(0, Big.roundHalfUp).toFixed(0));
}

/** net = gross / (1 + rate/100), half-up to cents (costs, business.md 5). */
export function netFromGross(grossCents: number, rate: string): number {
  return Number(new Big(grossCents).div(new Big(rate).div(100).plus(1)).round(0, Big.roundHalfUp).toFixed(0));
}

/** VAT of a taxable amount at a rate, half-up (EN 16931 BR-CO-17: per rate category, not per line). */
export function vatOf(basisCents: number, rate: string): number {
  return Number(new Big(basisCents).times(rate).div(100).round(0, Big.roundHalfUp).toFixed(0));
}

export interface MoneyLine {
  netCents: number;
  rate: string;
}

export interface VatGroup {
  rate: string;
  basisCents: number;
  vatCents: number;
}

export interface DocumentTotals {
  /** Sum of line nets (BT-106). */
  netCents: number;
  /** One group per rate, rates ascending (BG-23). */
  groups: VatGroup[];
  /** Sum of the groups' VAT (BT-110). */
  vatCents: number;
  /** net + VAT (BT-112). */
  grossCents: number;
}

/**
 * Totals of a document: lines grouped by rate, VAT computed once per group from the group's net sum
 * (BR-CO-17), so totals rules BR-CO-10..16 hold by construction. Small businesses (§19 UStG) pass
 * `noVat` and get VAT 0 in one group.
 */
export function documentTotals(lines: readonly MoneyLine[], options: { noVat?: boolean } = {}): DocumentTotals {
  const byRate = new Map<string, number>();
  for (const line of lines) {
    const rate = options.noVat ? '0' : new Big(line.rate).toFixed();
    byRate.set(rate, (byRate.get(rate) ?? 0) + line.netCents);
  }
  const groups = [...byRate.entries()]
    .sort(([a], [b]) => new Big(a).cmp(new Big(b)))
    .map(([rate, basisCents]) => ({ rate, basisCents, vatCents: vatOf(basisCents, rate) }));
  const netCents = groups.reduce((sum, group) => sum + group.basisCents, 0);
  const vatCents = groups.reduce((sum, group) => sum + group.vatCents, 0);
  return { netCents, groups, vatCents, grossCents: netCents + vatCents };
}

/** '1234.5' for XML and other machine formats: cents as a dotted decimal with two places. */
export function centsToDecimal(cents: number): string {
  return new Big(cents).div(100).toFixed(2);
}

/** '1.234,50' (German, thousands dots, decimal comma), e.g. for edit fields. */
export function formatCentsGerman(cents: number): string {
  const negative = cents < 0;
  const [whole = '0', fraction = '00'] = new Big(Math.abs(cents)).div(100).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped},${fraction}`;
}

/** '1.234,50 €': amounts as users read them (EUR, German format). */
export function formatEuro(cents: number): string {
  return `${formatCentsGerman(cents)} €`;
}

/** A rate for display: '19', '5,5'. */
export function formatRate(rate: string): string {
  return new Big(rate).toFixed().replace('.', ',');
}

/** Yearly amount ÷ 12 → monthly, monthly × 12 → yearly (business.md 5), half-up cents. */
export function monthlyFromYearly(yearlyCents: number): number {
  return Number(new Big(yearlyCents).div(12).round(0, Big.roundHalfUp).toFixed(0));
}
export function yearlyFromMonthly(monthlyCents: number): number {
  return monthlyCents * 12;
}

/** A euro amount typed as text ('12,50'), read as parseCents reads it; `allowNegative` for discount lines, `optional` lets '' pass. */
export function amountField(options: { allowNegative?: boolean; optional?: boolean } = {}) {
  return z
    .string({ error: 'Bitte angeben.' })
    .max(40, moneyMessages.amount)
    .superRefine((value, ctx) => {
      if (options.optional && value.trim() === '') return;
      const message = amountError(value, options);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}
