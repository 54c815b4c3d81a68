import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { compactIban } from '@hortus/contract';
import type { BankCostMatchView } from '@hortus/contract/modules/customers';
import type { Db } from '../../platform/db/database';
import type { StatementLine } from './bank-parse';
import { customerCosts } from './schema';

/**
 * Bank debits matched to open costs (issue 45): a cost read from an e-invoice with a due date and the seller's
 * IBAN is open until paid (`customer_costs.open`); a statement's debit proposes the open cost whose invoice number
 * its reference names, else the one of the same amount paid to the same IBAN, else to the same name; confirmed,
 * the cost is paid on the booking day (bank-booking.ts `payCost`).
 */

export interface OpenCost {
  id: number;
  titel: string;
  betrag: number;
  /** The e-invoice's amount due (BT-115): what is paid when the cost holds one of its VAT rates only. */
  faellig: number | null;
  faelligAm: string;
  iban: string;
  empfaenger: string;
  nummer: string;
}

/** Every open cost, earliest due first. */
export async function readOpenCosts(db: Db): Promise<OpenCost[]> {
  const rows = await db
    .select({
      id: customerCosts.id,
      titel: customerCosts.titel,
      titel2: customerCosts.titel2,
      betrag: customerCosts.grossCents,
      dueDate: customerCosts.dueDate,
      iban: customerCosts.creditorIban,
      name: customerCosts.creditorName,
      nummer: customerCosts.invoiceNumber,
      faellig: sql<string | null>`(select d.e_invoice->'daten'->'summen'->>'faellig' from customer_cost_documents d
        where d.cost_id = customer_costs.id and d.e_invoice is not null order by d.id limit 1)`,
    })
    .from(customerCosts)
    .where(eq(customerCosts.open, true))
    .orderBy(sql`${customerCosts.dueDate} asc nulls last`, asc(customerCosts.id));
  return rows.map((row) => ({
    id: row.id,
    titel: row.titel,
    betrag: row.betrag,
    faellig: row.faellig === null ? null : Number(row.faellig),
    faelligAm: row.dueDate ?? '',
    iban: row.iban,
    empfaenger: row.name || row.titel2,
    nummer: row.nummer,
  }));
}

/** Letters and digits only, upper case: how an invoice number is looked for in a reference. */
const plain = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * The open cost a debit pays, or null: the invoice number in the reference (at least 4 letters or digits), else
 * the same amount (the cost's, or its e-invoice's amount due) to the same IBAN, else to the same name (`namesMatch`). `taken` are the costs
 * proposed for earlier lines of the statement: none is proposed twice.
 */
export function proposeCost(
  line: Pick<StatementLine, 'betrag' | 'iban' | 'name' | 'verwendungszweck'>,
  costs: readonly OpenCost[],
  taken: ReadonlySet<number>,
  namesMatch: (payer: string, names: readonly string[]) => boolean,
): BankCostMatchView | null {
  const amount = -line.betrag;
  const free = costs.filter((cost) => !taken.has(cost.id));
  const paysIt = (cost: OpenCost) => cost.betrag === amount || cost.faellig === amount;
  const reference = plain(line.verwendungszweck);
  const iban = compactIban(line.iban);
  const found: [OpenCost | undefined, BankCostMatchView['grund']][] = [
    [free.find((c) => plain(c.nummer).length >= 4 && reference.includes(plain(c.nummer))), 'Rechnungsnummer'],
    [free.find((c) => paysIt(c) && iban !== '' && c.iban === iban), 'Betrag und IBAN'],
    [free.find((c) => paysIt(c) && namesMatch(line.name, [c.empfaenger])), 'Betrag und Name'],
  ];
  const [cost, grund] = found.find(([candidate]) => candidate !== undefined) ?? [undefined, 'Betrag und Name'];
  if (!cost) return null;
  return {
    kostenId: cost.id,
    titel: cost.titel,
    empfaenger: cost.empfaenger,
    betrag: cost.betrag,
    faelligAm: cost.faelligAm,
    grund,
  };
}

/** The titles of those costs that exist but are paid (a confirmation naming one says so). */
export async function paidCostTitles(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: customerCosts.id, titel: customerCosts.titel })
    .from(customerCosts)
    .where(and(inArray(customerCosts.id, [...ids]), eq(customerCosts.open, false)));
  return new Map(rows.map((row) => [row.id, row.titel]));
}
