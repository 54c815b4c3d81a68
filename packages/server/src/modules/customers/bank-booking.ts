import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { formatEuro, formatGermanDate } from '@hortus/contract';
import { bankMessages, costDocumentTypes, type OrderDocumentView } from '@hortus/contract/modules/customers';
import type { Db } from '../../platform/db/database';
import type { FileTransaction } from '../../platform/files/files';
import { invalid } from '../../platform/http/calls';
import { renderPdf } from '../../platform/pdf/pdf-document';
import type { StatementLine } from './bank-parse';
import type { OpenCost } from './bank-costs';
import { orderDocumentView } from './document-view';
import { DOCUMENT_AREA } from './documents';
import type { readReceivables } from './dunning';
import { customerBankLines, customerCostDocuments, customerCosts, customerDocuments, customerOrders } from './schema';

/**
 * Booking a confirmed bank statement line (issue 45, bank-statements.ts `confirmStatement`, inside its transaction
 * under the statement lock): a credit pays its invoice with a receipt (20) of the order, a debit its cost with a
 * receipt attached to the cost. Each claims the line's unique key first: a line taken over before books nothing.
 */

export type Receivable = Awaited<ReturnType<typeof readReceivables>>['invoices'][number];

/**
 * The receipt of a booking taken over: a small PDF naming the statement line and the invoice (a credit) or the
 * cost (a debit, issue 45).
 */
export function receiptPdf(
  line: StatementLine,
  paid: { invoice: string } | { cost: string },
  konto: string,
): Promise<Buffer> {
  const credit = 'invoice' in paid;
  const kind = credit ? 'Zahlungseingang' : 'Zahlungsausgang';
  const subject = credit ? paid.invoice : paid.cost;
  return renderPdf({ title: `${kind} ${subject}`, pdfA: true }, (pdf) => {
    pdf.title(`Buchungsbeleg ${kind}`);
    pdf.table({
      columns: [{ header: 'Angabe', width: 150 }, { header: 'Wert' }],
      rows: [
        [credit ? 'Rechnung' : 'Kosten', subject],
        ['Buchungstag', formatGermanDate(line.datum)],
        ['Betrag', formatEuro(line.betrag)],
        [credit ? 'Zahlungspflichtiger' : 'Zahlungsempfänger', line.name],
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
 * The booking's row claims the line's unique key for an invoice or a cost; undefined when the key was taken
 * before (the statement imported again: nothing is booked twice).
 */
async function claimLine(
  tx: Db,
  line: StatementLine,
  target: { invoiceId: number } | { costId: number },
): Promise<{ id: number } | undefined> {
  const [claimed] = await tx
    .insert(customerBankLines)
    .values({
      schluessel: line.schluessel,
      datum: line.datum,
      betragCents: line.betrag,
      name: line.name.slice(0, 200),
      iban: line.iban.slice(0, 40),
      verwendungszweck: line.verwendungszweck.slice(0, 1000),
      ...target,
    })
    .onConflictDoNothing()
    .returning({ id: customerBankLines.id });
  return claimed;
}

/** A credit pays its invoice (still open under the lock, else refused): the booking's row and a receipt (20). */
export async function payInvoice(
  tx: Db,
  files: FileTransaction,
  line: StatementLine,
  entry: Receivable,
  pdf: Buffer,
  open: Map<number, number>,
): Promise<{ id_auftrag: number; neuDokument: OrderDocumentView } | null> {
  const left = open.get(entry.invoice.id) ?? 0;
  if (left <= 0) throw invalid('zuordnungen', bankMessages.invoiceNotOpen(entry.invoice.name));
  const claimed = await claimLine(tx, line, { invoiceId: entry.invoice.id });
  if (!claimed) return null;
  open.set(entry.invoice.id, left - line.betrag);
  const orderId = entry.order.id;
  const stored = await files.store({
    path: `${DOCUMENT_AREA}/auftraege/${orderId}/${randomBytes(12).toString('hex')}.pdf`,
    area: DOCUMENT_AREA,
    ownerUserId: null,
    originalName: `Zahlungseingang ${entry.invoice.name}.pdf`,
    mime: 'application/pdf',
    bytes: pdf,
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
  return { id_auftrag: orderId, neuDokument: orderDocumentView(receipt, stored.path, '') };
}

/**
 * Pays a cost by a debit in the confirming transaction (under the statement lock): the cost must still be open
 * (else the whole confirmation is refused); the booking's row claims its key (taken before: nothing happens,
 * answers null); the receipt PDF is attached as the cost's booking receipt and the cost is paid on the day.
 */
export async function payCost(
  tx: Db,
  files: FileTransaction,
  line: StatementLine,
  cost: OpenCost,
  pdf: Buffer,
): Promise<{ id_kosten: number; bezahltAm: string } | null> {
  const [current] = await tx
    .select({ open: customerCosts.open })
    .from(customerCosts)
    .where(eq(customerCosts.id, cost.id))
    .for('update');
  if (!current?.open) throw invalid('zuordnungen', bankMessages.costNotOpen(cost.titel));
  const claimed = await claimLine(tx, line, { costId: cost.id });
  if (!claimed) return null;
  const name = `Zahlungsausgang ${cost.titel} (${formatGermanDate(line.datum)}).pdf`;
  const stored = await files.store({
    path: `${DOCUMENT_AREA}/kosten/${cost.id}/${randomBytes(12).toString('hex')}.pdf`,
    area: DOCUMENT_AREA,
    ownerUserId: null,
    originalName: name,
    mime: 'application/pdf',
    bytes: pdf,
  });
  await tx.insert(customerCostDocuments).values({
    costId: cost.id,
    dokumentart: costDocumentTypes.receipt,
    name,
    fileId: stored.id,
    sha256: createHash('sha256').update(pdf).digest('hex'),
  });
  await tx
    .update(customerCosts)
    .set({ open: false, paidOn: line.datum, datum: line.datum, updatedAt: new Date() })
    .where(and(eq(customerCosts.id, cost.id), eq(customerCosts.open, true)));
  return { id_kosten: cost.id, bezahltAm: line.datum };
}
