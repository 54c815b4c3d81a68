import Big from 'big.js';
import { ibanRemainder } from '../../platform/bank';
import { dayNumber, isoDayOf, isoWeekday, parseIsoDay } from '../../platform/local-time';

/**
 * The pure rules of module 220 (issue 46): monthly care fees with sibling discounts, reductions and subsidies,
 * meal orders that a parent's absence report before the cut-off cancels, SEPA sequence and references. Amounts
 * are integer cents; every rounding is half-up (big.js), and parts of one amount always add up to it.
 */

/** 'YYYY-MM'. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export function daysInMonth(month: string): number {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return dayNumber(m === 12 ? year + 1 : year, m === 12 ? 1 : m + 1, 1) - dayNumber(year, m, 1);
}

/** First and last day 'YYYY-MM-DD' of a month. */
export function monthDays(month: string): { first: string; last: string } {
  return { first: `${month}-01`, last: `${month}-${String(daysInMonth(month)).padStart(2, '0')}` };
}

/** The month 'YYYY-MM' after (or, with -1, before) `month`. */
export function addMonths(month: string, count: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Half-up cents of `cents × numerator / denominator`. */
export function shareOf(cents: number, numerator: number, denominator: number): number {
  if (denominator === 0) return 0;
  return Number(new Big(cents).times(numerator).div(denominator).round(0, Big.roundHalfUp).toFixed(0));
}

/** Half-up cents of `percent` % of `cents` (percent may have decimals). */
export function percentOf(cents: number, percent: number): number {
  return Number(new Big(cents).times(percent).div(100).round(0, Big.roundHalfUp).toFixed(0));
}

/**
 * The part of a monthly amount for the days `from`..`to` (inclusive, within the month): cumulative rounding
 * (round(amount·to/D) − round(amount·(from−1)/D)), so the parts of any split of the month add up to the amount.
 */
export function proratedShare(amount: number, month: string, fromDayOfMonth: number, toDayOfMonth: number): number {
  const days = daysInMonth(month);
  if (toDayOfMonth < fromDayOfMonth) return 0;
  return shareOf(amount, toDayOfMonth, days) - shareOf(amount, fromDayOfMonth - 1, days);
}

/** A scope's monthly amount from a month on (a rule change applies from its month). */
export interface ScopePrice {
  ab: string;
  betrag: number;
}

/** A care scope, e.g. 'Hort bis 15 Uhr'. */
export interface CareScope {
  id: number;
  name: string;
  preise: ScopePrice[];
  /** First month the scope is offered ('YYYY-MM'). */
  gueltigVon: string;
  /** Last month ('' = open). */
  gueltigBis: string;
}

/** The scope's amount in a month, null when the scope is not valid then or has no price yet. */
export function scopeAmount(scope: CareScope, month: string): number | null {
  if (month < scope.gueltigVon || (scope.gueltigBis !== '' && month > scope.gueltigBis)) return null;
  let found: ScopePrice | undefined;
  for (const price of scope.preise) if (price.ab <= month && (!found || price.ab >= found.ab)) found = price;
  return found ? found.betrag : null;
}

/** A subsidy paid by a third party (youth office, a customer of 410): a share in percent or an amount. */
export interface Subsidy {
  art: 'anteil' | 'betrag';
  /** Percent (0–100, up to two decimals) or cents per month. */
  wert: number;
  /** The payer, a customer of module 410. */
  id_kunde: number;
}

/** A child's care scope from one day to another ('' = open), with its reduction and subsidy. */
export interface ChildScope {
  id_umfang: number;
  von: string;
  bis: string;
  /** Individual reduction in cents per month. */
  ermaessigung: number;
  zuschuss: Subsidy | null;
}

export type LineKind = 'betreuung' | 'geschwister' | 'ermaessigung' | 'zuschuss' | 'essen' | 'einmalig' | 'vorsaldo';

/** One line of a family's statement; `betrag` negative for discounts and the payer's part. */
export interface StatementLine {
  art: LineKind;
  /** 0 for lines of the family (previous balance, return fees). */
  id_kind: number;
  text: string;
  betrag: number;
}

/** What a third party pays for a child in a month. */
export interface PayerPart {
  id_kunde: number;
  id_kind: number;
  betrag: number;
}

export interface FamilyFeeInput {
  month: string;
  scopes: readonly CareScope[];
  children: readonly { id: number; name: string; zuordnungen: readonly ChildScope[] }[];
  /** Percent off by the child's position among the family's children with a care fee (index 0: first child). */
  siblingDiscounts: readonly number[];
  mealPrice: number;
  /** Charged meals per child in the month. */
  meals: ReadonlyMap<number, number>;
  oneOffs: readonly { id_kind: number; text: string; betrag: number }[];
  /** Open amount of earlier statements (unpaid, returned debits with their fee). */
  previousBalance: number;
}

export interface FamilyStatement {
  lines: StatementLine[];
  /** Care fees the family pays (after discounts, reductions and subsidies), per child: the yearly certificate's part. */
  careByChild: Map<number, number>;
  mealsByChild: Map<number, number>;
  payers: PayerPart[];
  /** Sum of all lines: what the family owes for the month. */
  total: number;
}

/** A child's care fee in the month before discounts, and the scope entry that governs reductions and subsidies. */
export function childCareFee(
  month: string,
  scopes: readonly CareScope[],
  assignments: readonly ChildScope[],
): { gross: number; governing: ChildScope | null; scopeNames: string[] } {
  const { first, last } = monthDays(month);
  const byId = new Map(scopes.map((scope) => [scope.id, scope]));
  let gross = 0;
  let governing: ChildScope | null = null;
  let governingTo = '';
  const scopeNames: string[] = [];
  for (const entry of assignments) {
    const from = entry.von > first ? entry.von : first;
    const to = entry.bis !== '' && entry.bis < last ? entry.bis : last;
    if (from > to) continue;
    const scope = byId.get(entry.id_umfang);
    const amount = scope ? scopeAmount(scope, month) : null;
    if (!scope || amount === null) continue;
    gross += proratedShare(amount, month, Number(from.slice(8)), Number(to.slice(8)));
    if (!scopeNames.includes(scope.name)) scopeNames.push(scope.name);
    if (to >= governingTo) {
      governing = entry;
      governingTo = to;
    }
  }
  return { gross, governing, scopeNames };
}

/** The subsidy's part of a net fee: never more than the fee, never negative. */
export function payerShare(net: number, subsidy: Subsidy | null): number {
  if (!subsidy || net <= 0) return 0;
  const part = subsidy.art === 'anteil' ? percentOf(net, Math.min(100, Math.max(0, subsidy.wert))) : subsidy.wert;
  return Math.max(0, Math.min(net, part));
}

/**
 * A family's statement for a month: per child the care fee (prorated over the days of its scopes), the sibling
 * discount by position (children ordered by fee, highest first, then id), the individual reduction, the payer's
 * part; then meals, one-off items and the previous balance. The family's part and the payers' parts of each
 * child's net fee add up to it exactly.
 */
export function familyStatement(input: FamilyFeeInput): FamilyStatement {
  const lines: StatementLine[] = [];
  const careByChild = new Map<number, number>();
  const mealsByChild = new Map<number, number>();
  const payers: PayerPart[] = [];
  const fees = input.children.map((child) => ({
    child,
    ...childCareFee(input.month, input.scopes, child.zuordnungen),
  }));
  const ranked = fees.filter((fee) => fee.gross > 0).sort((a, b) => b.gross - a.gross || a.child.id - b.child.id);
  const position = new Map(ranked.map((fee, index) => [fee.child.id, index]));
  for (const fee of fees) {
    const { child, gross, governing } = fee;
    if (gross > 0) {
      lines.push({
        art: 'betreuung',
        id_kind: child.id,
        text: `Betreuung ${child.name} (${fee.scopeNames.join(', ')})`,
        betrag: gross,
      });
      const index = position.get(child.id) ?? 0;
      const percent =
        input.siblingDiscounts.length === 0 || index === 0
          ? 0
          : (input.siblingDiscounts[Math.min(index, input.siblingDiscounts.length - 1)] ?? 0);
      const discount = Math.min(gross, percentOf(gross, percent));
      if (discount > 0) {
        lines.push({
          art: 'geschwister',
          id_kind: child.id,
          text: `Geschwisterermäßigung ${percent} % (${index + 1}. Kind)`,
          betrag: -discount,
        });
      }
      const reduction = Math.min(gross - discount, Math.max(0, governing?.ermaessigung ?? 0));
      if (reduction > 0) lines.push({ art: 'ermaessigung', id_kind: child.id, text: 'Ermäßigung', betrag: -reduction });
      const net = gross - discount - reduction;
      const payer = payerShare(net, governing?.zuschuss ?? null);
      if (payer > 0 && governing?.zuschuss) {
        lines.push({ art: 'zuschuss', id_kind: child.id, text: 'Zuschuss (Kostenübernahme)', betrag: -payer });
        payers.push({ id_kunde: governing.zuschuss.id_kunde, id_kind: child.id, betrag: payer });
      }
      careByChild.set(child.id, net - payer);
    }
    const meals = input.meals.get(child.id) ?? 0;
    if (meals > 0) {
      const amount = meals * input.mealPrice;
      mealsByChild.set(child.id, amount);
      lines.push({
        art: 'essen',
        id_kind: child.id,
        text: `Mittagessen ${child.name}: ${meals} × Essen`,
        betrag: amount,
      });
    }
  }
  for (const item of input.oneOffs)
    lines.push({ art: 'einmalig', id_kind: item.id_kind, text: item.text, betrag: item.betrag });
  if (input.previousBalance !== 0) {
    lines.push({ art: 'vorsaldo', id_kind: 0, text: 'Offener Betrag aus Vormonaten', betrag: input.previousBalance });
  }
  return { lines, careByChild, mealsByChild, payers, total: lines.reduce((sum, line) => sum + line.betrag, 0) };
}

/** Whether parents may still order or cancel the meal of `day` ('HH:MM' cut-off on the same day, Berlin time). */
export function orderOpen(day: string, cutoff: string, today: string, now: string): boolean {
  return day > today || (day === today && now <= cutoff);
}

/**
 * A meal is cancelled by a parent's absence or sickness report made (Berlin 'YYYY-MM-DD HH:MM') up to the
 * cut-off minute of that day; a later report leaves the meal charged.
 */
export function cancelledByReport(day: string, cutoff: string, reportsMadeAt: readonly string[]): boolean {
  const deadline = `${day} ${cutoff}`;
  return reportsMadeAt.some((madeAt) => madeAt <= deadline);
}

/** Charged meals: ordered and not cancelled by a report in time. */
export function mealCharged(ordered: boolean, day: string, cutoff: string, reportsMadeAt: readonly string[]): boolean {
  return ordered && !cancelledByReport(day, cutoff, reportsMadeAt);
}

/** The 14 allergens to declare (Regulation (EU) No 1169/2011, Annex II), by their usual German letters. */
export const ALLERGENS = {
  A: 'Glutenhaltiges Getreide',
  B: 'Krebstiere',
  C: 'Eier',
  D: 'Fisch',
  E: 'Erdnüsse',
  F: 'Soja',
  G: 'Milch (einschl. Laktose)',
  H: 'Schalenfrüchte',
  L: 'Sellerie',
  M: 'Senf',
  N: 'Sesam',
  O: 'Schwefeldioxid und Sulfite',
  P: 'Lupinen',
  R: 'Weichtiere',
} as const;
export type AllergenCode = keyof typeof ALLERGENS;
export const ALLERGEN_CODES = Object.keys(ALLERGENS) as AllergenCode[];

/** SEPA sequence: the first collection under a mandate is FRST, every later one RCUR. */
export function sequenceType(collectedBefore: boolean): 'FRST' | 'RCUR' {
  return collectedBefore ? 'RCUR' : 'FRST';
}

/** Characters SEPA allows in references (mandate reference, end-to-end id): the Latin subset. */
export const SEPA_REFERENCE_PATTERN = /^[A-Za-z0-9+?/:().,' -]{1,35}$/;

/** The mandate reference the office did not type: 'BEITRAG-<family>-<n>'. */
export function mandateReference(familyId: number, serial: number): string {
  return `BEITRAG-${familyId}-${serial}`;
}

/**
 * Creditor identifier (Gläubiger-ID, e.g. DE98ZZZ09999999999): country, two check digits over the national id
 * (ISO 7064 MOD 97-10, the three-character business code left out), business code, national id.
 */
export function creditorIdError(value: string): string | null {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(compact)) return feesLogicMessages.creditorIdFormat;
  return ibanRemainder(compact.slice(0, 4) + compact.slice(7)) === 1 ? null : feesLogicMessages.creditorIdChecksum;
}

export const feesLogicMessages = {
  creditorIdFormat: 'Bitte eine Gläubiger-Identifikationsnummer angeben, z. B. DE98ZZZ09999999999.',
  creditorIdChecksum: 'Die Prüfziffern der Gläubiger-ID stimmen nicht.',
} as const;

/** The IBAN as others than the fee office see it: country, check digits and the last four, e.g. 'DE02 •••• 2051'. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  return compact.length < 8 ? '••••' : `${compact.slice(0, 4)} •••• ${compact.slice(-4)}`;
}

/** The collection day of a month's statements: the due day, at the earliest the day after `today`. */
export function collectionDay(month: string, dueDay: number, today: string): string {
  const nominal = `${month}-${String(Math.min(dueDay, daysInMonth(month))).padStart(2, '0')}`;
  const tomorrow = isoDayOf((parseIsoDay(today) ?? 0) + 1);
  return nominal > tomorrow ? nominal : tomorrow;
}

/** The Monday of the week of `day`. */
export function mondayOf(day: string): string {
  const days = parseIsoDay(day) ?? 0;
  return isoDayOf(days - isoWeekday(days) + 1);
}
