import Big from 'big.js';
import { netFromGross } from '../../platform/money';
import { isActiveContract } from './logic';
import { sumCosts, type Amounts, type CostView } from './costs';
import type { CustomerSettings, ExternalReceiptView, HeldRevenueView, OrderView } from './calls';

/**
 * Revenue overview and EÜR (Einnahmenüberschussrechnung) of module 410 (business.md 2.3): pure functions
 * over cents, shared by the web (overview) and the server (EÜR PDF); property tests in euer.test.ts.
 */

/** Splits `total` cents over `weights` in proportion, largest remainders first; the parts add up to `total`. */
export function splitProportionally(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + Math.max(0, b), 0);
  if (weights.length === 0) return [];
  if (sum === 0) return weights.map((_, index) => (index === 0 ? total : 0));
  const exact = weights.map((w) => new Big(total).times(Math.max(0, w)).div(sum));
  const parts = exact.map((value) => Number(value.round(0, Big.roundDown).toFixed(0)));
  let rest = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, fraction: value.minus(parts[index] as number).abs() }))
    .sort((a, b) => b.fraction.cmp(a.fraction) || a.index - b.index);
  const stepSign = Math.sign(rest);
  for (let i = 0; rest !== 0; i = (i + 1) % order.length) {
    const index = (order[i] as { index: number }).index;
    parts[index] = (parts[index] as number) + stepSign;
    rest -= stepSign;
  }
  return parts;
}

/** A payment split into net and VAT at the ratio of the invoices it pays (net/gross); VAT = gross − net. */
export function splitPayment(paidGross: number, ratio: { net: number; gross: number }): Amounts {
  if (ratio.gross === 0) return { net: paidGross, vat: 0, gross: paidGross };
  const net = Number(new Big(paidGross).times(ratio.net).div(ratio.gross).round(0, Big.roundHalfUp).toFixed(0));
  return { net, vat: paidGross - net, gross: paidGross };
}

export interface RevenueFilter {
  year: number;
  /** Cost centre numbers counted; null = all. */
  centres: readonly number[] | null;
}

export interface RevenueInvoice {
  id: number;
  orderId: number;
  auftragsnummer: string;
  datum: string;
  name: string;
  pfad: string;
  /** Gross cents; credit notes negative. */
  wert: number;
}

export interface IncomeCentreRow {
  id: number;
  name: string;
  /** Net revenue. */
  umsatz: number;
  /** Line costs, gross (with VAT). */
  kosten: number;
  /** umsatz − net line costs. */
  gewinn: number;
}

export interface RevenueOverview {
  revenue: Amounts;
  costs: Amounts;
  profit: Amounts;
  byIncomeCentre: IncomeCentreRow[];
  invoices: RevenueInvoice[];
  contracts: OrderView[];
  /** Documents of held orders (erased customers, issue 45) counted in the sums but listed nowhere. */
  heldDocuments: number;
}

const add = (a: Amounts, b: Amounts): Amounts => ({ net: a.net + b.net, vat: a.vat + b.vat, gross: a.gross + b.gross });
const ZERO: Amounts = { net: 0, vat: 0, gross: 0 };

/** What the overview reads of an order: its documents' amounts and its lines' income centres. */
interface RevenueOrder {
  id: number;
  leistungen: readonly (Omit<HeldRevenueView['leistungen'][number], 'kosten'> & { kosten?: number | undefined })[];
  dokumente: readonly HeldRevenueView['dokumente'][number][];
}

/** Invoices (+) and credit notes (−) of an order dated in the year (business.md 9: the date within the year). */
function yearDocuments<D extends RevenueOrder['dokumente'][number]>(
  order: { dokumente: readonly D[] },
  year: string,
): D[] {
  return order.dokumente.filter((d) => (d.dokumentart === 1 || d.dokumentart === 3) && d.dateUpload.startsWith(year));
}

/**
 * The revenue overview of a year: revenue = invoices minus credit notes dated in the year (net from the
 * document, VAT = gross − net); costs = the cost records of the year in the chosen cost centres; profit =
 * revenue − costs. Revenue by income centre splits each document's net over its order's income centres
 * in proportion to the lines' net; the centre's costs are its lines' costs (gross) of those orders.
 * Receipts other modules booked (`external`: module 220's parents' fees, VAT-exempt, no 410 invoice) count by
 * the day they came in, in their income centre, without VAT.
 */
export function revenueOverview(
  orders: readonly OrderView[],
  costs: readonly CostView[],
  settings: Pick<CustomerSettings, 'einnahmestellen'>,
  filter: RevenueFilter,
  external: readonly Pick<ExternalReceiptView, 'datum' | 'betrag' | 'id_einnahmestelle'>[] = [],
  /** Held orders (issue 45): counted like orders, their documents listed nowhere. */
  held: readonly RevenueOrder[] = [],
): RevenueOverview {
  const year = String(filter.year);
  let revenue = ZERO;
  const invoices: RevenueInvoice[] = [];
  const centres = new Map<number, IncomeCentreRow>();
  const centreName = new Map(settings.einnahmestellen.map((c) => [c.id, c.name]));
  const row = (id: number): IncomeCentreRow => {
    let found = centres.get(id);
    if (!found) {
      found = { id, name: centreName.get(id) ?? 'Ohne Einnahmestelle', umsatz: 0, kosten: 0, gewinn: 0 };
      centres.set(id, found);
    }
    return found;
  };
  let heldDocuments = 0;
  const count = <D extends RevenueOrder['dokumente'][number]>(
    order: RevenueOrder & { dokumente: readonly D[] },
    listed: (document: D, gross: number) => void,
  ) => {
    const documents = yearDocuments(order, year);
    if (documents.length === 0) return;
    let orderNet = 0;
    for (const document of documents) {
      const sign = document.dokumentart === 3 ? -1 : 1;
      const amounts = {
        net: sign * document.netto,
        vat: sign * (document.wert - document.netto),
        gross: sign * document.wert,
      };
      revenue = add(revenue, amounts);
      orderNet += amounts.net;
      listed(document, amounts.gross);
    }
    const centreIds = [...new Set(order.leistungen.map((line) => line.id_einnahmestelle))];
    const weights = centreIds.map((id) =>
      order.leistungen.filter((line) => line.id_einnahmestelle === id).reduce((sum, line) => sum + line.netto, 0),
    );
    const shares = centreIds.length === 0 ? [orderNet] : splitProportionally(orderNet, weights);
    (centreIds.length === 0 ? [0] : centreIds).forEach((id, index) => {
      const target = row(id);
      target.umsatz += shares[index] ?? 0;
      for (const line of order.leistungen.filter((l) => l.id_einnahmestelle === id)) {
        const gross = line.kosten ?? 0;
        target.kosten += gross;
        target.gewinn -= netFromGross(gross, line.mwst);
      }
    });
  };
  for (const order of orders)
    count(order, (document, gross) =>
      invoices.push({
        id: document.id,
        orderId: order.id,
        auftragsnummer: order.auftragsnummer,
        datum: document.dateUpload,
        name: document.name,
        pfad: document.pfad,
        wert: gross,
      }),
    );
  for (const order of held) count(order, () => heldDocuments++);
  for (const receipt of external) {
    if (!receipt.datum.startsWith(`${year}-`)) continue;
    revenue = add(revenue, { net: receipt.betrag, vat: 0, gross: receipt.betrag });
    row(receipt.id_einnahmestelle).umsatz += receipt.betrag;
  }
  for (const centre of centres.values()) centre.gewinn += centre.umsatz;
  const chosen = filter.centres === null ? null : new Set(filter.centres);
  const costSum = sumCosts(
    costs.filter((cost) => cost.datum.startsWith(year) && (chosen === null || chosen.has(cost.id_kostenstelle))),
  );
  return {
    revenue,
    costs: costSum,
    profit: { net: revenue.net - costSum.net, vat: revenue.vat - costSum.vat, gross: revenue.gross - costSum.gross },
    byIncomeCentre: [...centres.values()].sort((a, b) => a.name.localeCompare(b.name, 'de')),
    invoices: invoices.sort((a, b) => (a.datum === b.datum ? b.id - a.id : a.datum < b.datum ? 1 : -1)),
    contracts: orders.filter((order) => isActiveContract(order.typ, order.status)),
    heldDocuments,
  };
}

// ---------------------------------------------------------------- EÜR

export interface EuerReceipt {
  /** Payment date. */
  datum: string;
  net: number;
  vat: number;
  /** The part of `net` paid for lines without VAT (0 %: exempt, not taxable); 0 when absent. */
  taxFree?: number;
}

/** Anlage EÜR: receipts free of VAT have their own line, apart from the taxable ones. */
export const EUER_TAX_FREE_LABEL = 'Umsatzsteuerfreie und nicht steuerbare Betriebseinnahmen';
export interface EuerExpense {
  datum: string;
  centre: number;
  net: number;
  vat: number;
}

export interface EuerLine {
  label: string;
  cents: number;
  /** A sum line (bold in the PDF). */
  sum?: boolean;
}

export interface EuerSummary {
  year: number;
  smallBusiness: boolean;
  receipts: EuerLine[];
  expenses: EuerLine[];
  receiptsTotal: number;
  expensesTotal: number;
  profit: number;
}

/**
 * The EÜR of a year by payment date (cash principle, §4 Abs. 3 EStG): taxable receipts net, receipts
 * free of VAT (their own line of the Anlage EÜR), VAT collected, expenses per cost centre net, input tax, profit = receipts − expenses. Small businesses
 * (§19 UStG) charge no VAT and deduct no input tax: receipts and expenses are counted gross, no VAT lines.
 */
export function euerSummary(
  year: number,
  receipts: readonly EuerReceipt[],
  expenses: readonly EuerExpense[],
  centres: readonly { nummer: number; name: string }[],
  smallBusiness: boolean,
): EuerSummary {
  const inYear = <T extends { datum: string }>(list: readonly T[]) =>
    list.filter((x) => x.datum.startsWith(`${year}-`));
  const ownReceipts = inYear(receipts);
  const ownExpenses = inYear(expenses);
  const receiptNet = ownReceipts.reduce((s, r) => s + r.net, 0);
  const receiptVat = ownReceipts.reduce((s, r) => s + r.vat, 0);
  const receiptTaxFree = ownReceipts.reduce((s, r) => s + (r.taxFree ?? 0), 0);
  const byCentre = new Map<number, number>();
  let inputTax = 0;
  for (const expense of ownExpenses) {
    const amount = smallBusiness ? expense.net + expense.vat : expense.net;
    byCentre.set(expense.centre, (byCentre.get(expense.centre) ?? 0) + amount);
    inputTax += expense.vat;
  }
  const nameOf = new Map(centres.map((c) => [c.nummer, c.name]));
  const centreLines: EuerLine[] = [...byCentre.entries()]
    .sort(([a], [b]) => a - b)
    .map(([centre, cents]) => ({
      label: centre === 0 ? 'Ohne Kostenstelle' : `${centre} ${nameOf.get(centre) ?? 'Kostenstelle'}`,
      cents,
    }));
  const receiptLines: EuerLine[] = smallBusiness
    ? [{ label: 'Betriebseinnahmen als Kleinunternehmer (§ 19 UStG)', cents: receiptNet + receiptVat }]
    : [
        { label: 'Umsatzsteuerpflichtige Betriebseinnahmen (netto)', cents: receiptNet - receiptTaxFree },
        ...(receiptTaxFree !== 0 ? [{ label: EUER_TAX_FREE_LABEL, cents: receiptTaxFree }] : []),
        { label: 'Vereinnahmte Umsatzsteuer', cents: receiptVat },
      ];
  const receiptsTotal = receiptNet + receiptVat;
  const expensesTotal = centreLines.reduce((s, l) => s + l.cents, 0) + (smallBusiness ? 0 : inputTax);
  return {
    year,
    smallBusiness,
    receipts: [...receiptLines, { label: 'Summe Betriebseinnahmen', cents: receiptsTotal, sum: true }],
    expenses: [
      ...centreLines,
      ...(smallBusiness ? [] : [{ label: 'Gezahlte Vorsteuerbeträge', cents: inputTax }]),
      { label: 'Summe Betriebsausgaben', cents: expensesTotal, sum: true },
    ],
    receiptsTotal,
    expensesTotal,
    profit: receiptsTotal - expensesTotal,
  };
}
