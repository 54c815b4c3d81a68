import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { formatEuro, formatGermanDate, type UploadedFile } from '@hortus/contract';
import {
  bankMessages,
  invoiceNumbersIn,
  type BankLineView,
  type OrderDocumentView,
} from '@hortus/contract/modules/customers';
import type { Db } from '../../platform/db/database';
import { withFiles } from '../../platform/files/files';
import { type AppContext, invalid } from '../../platform/http/calls';
import { renderPdf } from '../../platform/pdf/pdf-document';
import { headerKey } from '../../platform/import/table';
import { readStatement, type StatementLine } from './bank-parse';
import { DOCUMENT_AREA } from './documents';
import { orderDocumentView } from './document-view';
import { readReceivables } from './dunning';
import { customerBankLines, customerDocuments, customerOrders } from './schema';
import { invalidateCustomerData } from './data-cache';

/** Serialises the bookings of statements (a second import waits and then finds the lines booked). */
const BANK_LOCK = 410_002;

type Receivable = Awaited<ReturnType<typeof readReceivables>>['invoices'][number];

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
 * customer the payer names — or why there is none. Debits are only listed (costs have no open state).
 * Bookings taken over before are marked. Writes nothing.
 */
export async function previewStatement(
  db: Db,
  input: { file?: UploadedFile | undefined; inhalt?: string | undefined },
) {
  const statement = await readStatement(input);
  const [{ invoices }, booked] = await Promise.all([
    readReceivables(db),
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
    };
    if (base.bereitsGebucht) return { ...base, vorschlag: null, hinweis: bankMessages.alreadyBooked };
    if (line.betrag <= 0) return { ...base, vorschlag: null, hinweis: bankMessages.debit };
    if (line.waehrung !== 'EUR') return { ...base, vorschlag: null, hinweis: bankMessages.notEuro };
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
        vorschlag: null,
        hinweis: closed ? bankMessages.numberNotOpen(closed.invoice.name) : bankMessages.noMatch,
      };
    }
    const vorschlag = proposal(chosen, byNumber ? 'Rechnungsnummer' : 'Betrag und Name');
    left.set(chosen.invoice.id, vorschlag.offen - line.betrag);
    return { ...base, vorschlag, hinweis: '' };
  });
  return { status: 'success' as const, format: statement.format, konto: statement.konto, zeilen };
}

/** The receipt of a booking taken over: a small PDF naming the statement line and the invoice. */
function receiptPdf(line: StatementLine, invoice: string, konto: string): Promise<Buffer> {
  return renderPdf({ title: `Zahlungseingang ${invoice}`, pdfA: true }, (pdf) => {
    pdf.title('Buchungsbeleg Zahlungseingang');
    pdf.table({
      columns: [{ header: 'Angabe', width: 150 }, { header: 'Wert' }],
      rows: [
        ['Rechnung', invoice],
        ['Buchungstag', formatGermanDate(line.datum)],
        ['Betrag', formatEuro(line.betrag)],
        ['Zahlungspflichtiger', line.name],
        ['IBAN', line.iban],
        ['Verwendungszweck', line.verwendungszweck],
        ['Konto', konto],
        ['Buchungsschlüssel', line.schluessel],
      ],
    });
    pdf.paragraph('Aus dem eingelesenen Kontoauszug übernommen.', { size: 9 });
  });
}

/**
 * Takes over the confirmed matches (call `kontoauszugUebernehmen`): the statement is read again, each chosen
 * booking must be a euro credit of it and its invoice open; each becomes a booking receipt (20) of the
 * invoice's order with `snapshot.zahlung` naming the invoice, and one `customer_bank_lines` row whose unique
 * key keeps it from being booked twice (a booking taken over before is counted and left out). One
 * transaction under BANK_LOCK: an invoice no longer open refuses the whole confirmation.
 */
export async function confirmStatement(
  app: AppContext,
  input: {
    file?: UploadedFile | undefined;
    inhalt?: string | undefined;
    zuordnungen: { schluessel: string; rechnungId: number }[];
  },
) {
  const statement = await readStatement(input);
  const lineOf = new Map(statement.lines.map((line) => [line.schluessel, line]));
  const { invoices } = await readReceivables(app.db);
  const invoiceOf = new Map(invoices.map((entry) => [entry.invoice.id, entry]));
  const chosen = input.zuordnungen.map(({ schluessel, rechnungId }) => {
    const line = lineOf.get(schluessel);
    if (!line) throw invalid('zuordnungen', bankMessages.unknownLine);
    if (line.betrag <= 0) throw invalid('zuordnungen', bankMessages.notACredit);
    if (line.waehrung !== 'EUR') throw invalid('zuordnungen', bankMessages.notEuro);
    const entry = invoiceOf.get(rechnungId);
    if (!entry) throw invalid('zuordnungen', bankMessages.unknownInvoice);
    return { line, entry };
  });
  const unique = [...new Map(chosen.map((c) => [c.line.schluessel, c])).values()];
  const before = await bookedKeys(
    app.db,
    unique.map((c) => c.line.schluessel),
  );
  const todo = unique.filter((c) => !before.has(c.line.schluessel));
  // Rendered before the transaction (slow work outside the write).
  const pdfs = await Promise.all(
    todo.map((c) => receiptPdf(c.line, c.entry.invoice.name, statement.konto || statement.format)),
  );
  const belege: { schluessel: string; id_auftrag: number; neuDokument: OrderDocumentView }[] = [];
  await withFiles(app, async (tx, files) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BANK_LOCK})`);
    const { invoices: now } = await readReceivables(tx);
    const open = new Map(now.map((entry) => [entry.invoice.id, entry.offen]));
    for (const [index, { line, entry }] of todo.entries()) {
      const left = open.get(entry.invoice.id) ?? 0;
      if (left <= 0) throw invalid('zuordnungen', bankMessages.invoiceNotOpen(entry.invoice.name));
      const [claimed] = await tx
        .insert(customerBankLines)
        .values({
          schluessel: line.schluessel,
          datum: line.datum,
          betragCents: line.betrag,
          name: line.name.slice(0, 200),
          iban: line.iban.slice(0, 40),
          verwendungszweck: line.verwendungszweck.slice(0, 1000),
          invoiceId: entry.invoice.id,
        })
        .onConflictDoNothing()
        .returning({ id: customerBankLines.id });
      if (!claimed) continue;
      open.set(entry.invoice.id, left - line.betrag);
      const orderId = entry.order.id;
      const stored = await files.store({
        path: `${DOCUMENT_AREA}/auftraege/${orderId}/${randomBytes(12).toString('hex')}.pdf`,
        area: DOCUMENT_AREA,
        ownerUserId: null,
        originalName: `Zahlungseingang ${entry.invoice.name}.pdf`,
        mime: 'application/pdf',
        bytes: pdfs[index] as Buffer,
      });
      const [row] = await tx
        .insert(customerDocuments)
        .values({
          orderId,
          dokumentart: 20,
          name: `Zahlungseingang ${entry.invoice.name} (${formatGermanDate(line.datum)}).pdf`,
          fileId: stored.id,
          wertCents: line.betrag,
          datum: line.datum,
          snapshot: { zahlung: { rechnungId: entry.invoice.id, schluessel: line.schluessel } },
        })
        .returning();
      const receipt = row as typeof customerDocuments.$inferSelect;
      await tx.update(customerBankLines).set({ receiptId: receipt.id }).where(eq(customerBankLines.id, claimed.id));
      await tx.update(customerOrders).set({ updatedAt: new Date() }).where(eq(customerOrders.id, orderId));
      belege.push({
        schluessel: line.schluessel,
        id_auftrag: orderId,
        neuDokument: orderDocumentView(receipt, stored.path, ''),
      });
    }
    await invalidateCustomerData(tx);
  });
  return {
    status: 'success' as const,
    gebucht: belege.length,
    bereitsGebucht: unique.length - belege.length,
    belege,
  };
}
