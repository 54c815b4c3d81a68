import { inArray, sql } from 'drizzle-orm';
import { type UploadedFile } from '@hortus/contract';
import {
  bankMessages,
  invoiceNumbersIn,
  type BankLineView,
  type OrderDocumentView,
} from '@hortus/contract/modules/customers';
import type { Db } from '../../platform/db/database';
import { withFiles } from '../../platform/files/files';
import { type AppContext, invalid } from '../../platform/http/calls';
import { headerKey } from '../../platform/import/table';
import { readStatement, type StatementLine } from './bank-parse';
import { payCost, payInvoice, receiptPdf, type Receivable } from './bank-booking';
import { paidCostTitles, proposeCost, readOpenCosts, type OpenCost } from './bank-costs';
import { readReceivables } from './dunning';
import { customerBankLines } from './schema';
import { invalidateCustomerData } from './data-cache';

/** Serialises the bookings of statements (a second import waits and then finds the lines booked). */
const BANK_LOCK = 410_002;

/** The names a payer may use for a customer: display name, company, contacts, address companies. */
function customerNames({ customer, order }: Receivable): string[] {
  if (!customer) return [order.kundeIdent];
  return [
    customer.ident,
    customer.firma,
    ...customer.contacts.flatMap((c) => [`${c.vorname} ${c.nachname}`, c.nachname]),
    ...customer.addresses.map((a) => a.firma),
  ].filter((name) => name.trim() !== '');
}

/** Whether a payer's name names the customer: one contains the other, compared loosely (as headers), ≥ 3 letters. */
export function namesMatch(payer: string, names: readonly string[]): boolean {
  const p = headerKey(payer);
  if (p.length < 3) return false;
  return names.some((name) => {
    const n = headerKey(name);
    return n.length >= 3 && (p.includes(n) || n.includes(p));
  });
}

async function bookedKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: customerBankLines.schluessel })
    .from(customerBankLines)
    .where(inArray(customerBankLines.schluessel, [...keys]));
  return new Set(rows.map((row) => row.key));
}

/**
 * The preview (call `kontoauszugVorschau`): every booking with its proposed invoice — an open invoice whose
 * number the reference names, else the one open invoice whose open amount equals the credit and whose
 * customer the payer names — or, for a debit, its open cost (`kostenVorschlag`, bank-costs.ts), or why there
 * is none. Bookings taken over before are marked. Writes nothing.
 */
export async function previewStatement(
  db: Db,
  input: { file?: UploadedFile | undefined; inhalt?: string | undefined },
) {
  const statement = await readStatement(input);
  const [{ invoices }, costs, booked] = await Promise.all([
    readReceivables(db),
    readOpenCosts(db),
    bookedKeys(
      db,
      statement.lines.map((line) => line.schluessel),
    ),
  ]);
  const byName = new Map(invoices.map((entry) => [entry.invoice.name, entry]));
  const left = new Map(invoices.map((entry) => [entry.invoice.id, entry.offen]));
  const proposal = (entry: Receivable, grund: 'Rechnungsnummer' | 'Betrag und Name') => ({
    rechnungId: entry.invoice.id,
    rechnung: entry.invoice.name,
    id_auftrag: entry.order.id,
    kunde: entry.customer?.ident ?? entry.order.kundeIdent,
    offen: left.get(entry.invoice.id) ?? 0,
    grund,
  });
  const costsTaken = new Set<number>();
  const zeilen: BankLineView[] = statement.lines.map((line) => {
    const base = {
      schluessel: line.schluessel,
      nr: line.nr,
      datum: line.datum,
      betrag: line.betrag,
      name: line.name,
      iban: line.iban,
      verwendungszweck: line.verwendungszweck,
      art: line.betrag > 0 ? ('Gutschrift' as const) : ('Lastschrift' as const),
      bereitsGebucht: booked.has(line.schluessel),
      vorschlag: null,
      kostenVorschlag: null,
    };
    if (base.bereitsGebucht) return { ...base, hinweis: bankMessages.alreadyBooked };
    if (line.waehrung !== 'EUR') return { ...base, hinweis: bankMessages.notEuro };
    if (line.betrag <= 0) {
      const kostenVorschlag = proposeCost(line, costs, costsTaken, namesMatch);
      if (!kostenVorschlag) return { ...base, hinweis: bankMessages.debit };
      costsTaken.add(kostenVorschlag.kostenId);
      return { ...base, kostenVorschlag, hinweis: '' };
    }
    const named = invoiceNumbersIn(line.verwendungszweck)
      .map((number) => byName.get(number))
      .filter((entry): entry is Receivable => entry !== undefined);
    const byNumber = named.find((entry) => (left.get(entry.invoice.id) ?? 0) > 0);
    const byAmount = byNumber
      ? undefined
      : invoices
          .filter((entry) => left.get(entry.invoice.id) === line.betrag && namesMatch(line.name, customerNames(entry)))
          .sort((a, b) => (a.invoice.datum < b.invoice.datum ? -1 : a.invoice.datum > b.invoice.datum ? 1 : 0))[0];
    const chosen = byNumber ?? byAmount;
    if (!chosen) {
      const closed = named[0];
      return {
        ...base,
        hinweis: closed ? bankMessages.numberNotOpen(closed.invoice.name) : bankMessages.noMatch,
      };
    }
    const vorschlag = proposal(chosen, byNumber ? 'Rechnungsnummer' : 'Betrag und Name');
    left.set(chosen.invoice.id, vorschlag.offen - line.betrag);
    return { ...base, vorschlag, hinweis: '' };
  });
  return { status: 'success' as const, format: statement.format, konto: statement.konto, zeilen };
}

type Chosen =
  | { line: StatementLine; entry: Receivable; cost?: undefined }
  | { line: StatementLine; cost: OpenCost; entry?: undefined }
  /** Taken over before (the same statement again): counted, its target not checked again. */
  | { line: StatementLine; done: true; entry?: undefined; cost?: undefined };

/** Each assignment of the confirmation checked against the statement and what is open now (before writing). */
async function checkedAssignments(
  db: Db,
  lines: readonly StatementLine[],
  zuordnungen: readonly { schluessel: string; rechnungId?: number | undefined; kostenId?: number | undefined }[],
  booked: ReadonlySet<string>,
): Promise<Chosen[]> {
  const lineOf = new Map(lines.map((line) => [line.schluessel, line]));
  const [{ invoices }, costs] = await Promise.all([readReceivables(db), readOpenCosts(db)]);
  const invoiceOf = new Map(invoices.map((entry) => [entry.invoice.id, entry]));
  const costOf = new Map(costs.map((cost) => [cost.id, cost]));
  const paid = await paidCostTitles(
    db,
    zuordnungen.flatMap((z) =>
      z.kostenId !== undefined && !costOf.has(z.kostenId) && !booked.has(z.schluessel) ? [z.kostenId] : [],
    ),
  );
  const chosen = zuordnungen.map(({ schluessel, rechnungId, kostenId }): Chosen => {
    const line = lineOf.get(schluessel);
    if (!line) throw invalid('zuordnungen', bankMessages.unknownLine);
    if (line.waehrung !== 'EUR') throw invalid('zuordnungen', bankMessages.notEuro);
    if (kostenId !== undefined) {
      if (line.betrag >= 0) throw invalid('zuordnungen', bankMessages.notADebit);
      if (booked.has(schluessel)) return { line, done: true };
      const cost = costOf.get(kostenId);
      const closed = paid.get(kostenId);
      if (closed !== undefined) throw invalid('zuordnungen', bankMessages.costNotOpen(closed));
      if (!cost) throw invalid('zuordnungen', bankMessages.unknownCost);
      return { line, cost };
    }
    if (line.betrag <= 0) throw invalid('zuordnungen', bankMessages.notACredit);
    if (booked.has(schluessel)) return { line, done: true };
    const entry = invoiceOf.get(rechnungId ?? 0);
    if (!entry) throw invalid('zuordnungen', bankMessages.unknownInvoice);
    return { line, entry };
  });
  return [...new Map(chosen.map((c) => [c.line.schluessel, c])).values()];
}

/**
 * Takes over the confirmed matches (call `kontoauszugUebernehmen`): the statement is read again; each chosen
 * credit must be a euro credit of it and its invoice open, each chosen debit (opt-in `kostenId`, issue 45) a
 * euro debit and its cost open. A credit becomes a booking receipt (20) of the invoice's order with
 * `snapshot.zahlung` naming the invoice, a debit pays its cost (bank-costs.ts `payCost`); each keeps one
 * `customer_bank_lines` row whose unique key keeps it from being booked twice (a booking taken over before is
 * counted and left out). One transaction under BANK_LOCK: an invoice or cost no longer open refuses it all.
 */
export async function confirmStatement(
  app: AppContext,
  input: {
    file?: UploadedFile | undefined;
    inhalt?: string | undefined;
    zuordnungen: { schluessel: string; rechnungId?: number | undefined; kostenId?: number | undefined }[];
  },
) {
  const statement = await readStatement(input);
  const before = await bookedKeys(
    app.db,
    input.zuordnungen.map((z) => z.schluessel),
  );
  const unique = await checkedAssignments(app.db, statement.lines, input.zuordnungen, before);
  const todo = unique.filter((c): c is Exclude<Chosen, { done: true }> => !('done' in c));
  const konto = statement.konto || statement.format;
  // Rendered before the transaction (slow work outside the write).
  const pdfs = await Promise.all(
    todo.map((c) => receiptPdf(c.line, c.cost ? { cost: c.cost.titel } : { invoice: c.entry.invoice.name }, konto)),
  );
  const belege: { schluessel: string; id_auftrag: number; neuDokument: OrderDocumentView }[] = [];
  const kosten: { schluessel: string; id_kosten: number; bezahltAm: string }[] = [];
  await withFiles(app, async (tx, files) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BANK_LOCK})`);
    const { invoices: now } = await readReceivables(tx);
    const open = new Map(now.map((entry) => [entry.invoice.id, entry.offen]));
    for (const [index, chosen] of todo.entries()) {
      const pdf = pdfs[index] as Buffer;
      if (chosen.cost) {
        const paid = await payCost(tx, files, chosen.line, chosen.cost, pdf);
        if (paid) kosten.push({ schluessel: chosen.line.schluessel, ...paid });
        continue;
      }
      const receipt = await payInvoice(tx, files, chosen.line, chosen.entry, pdf, open);
      if (receipt) belege.push({ schluessel: chosen.line.schluessel, ...receipt });
    }
    await invalidateCustomerData(tx);
  });
  const gebucht = belege.length + kosten.length;
  return { status: 'success' as const, gebucht, bereitsGebucht: unique.length - gebucht, belege, kosten };
}
