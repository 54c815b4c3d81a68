import { and, eq, like } from 'drizzle-orm';
import { documentTotals, formatGermanDate, type DocumentTotals } from '@hortus/contract';
import {
  addDays,
  customerMessages,
  documentPrefixes,
  nextDocumentNumber,
  type cancelInput,
  type OrderDocumentView,
} from '@hortus/contract/modules/customers';
import type { z } from 'zod';
import { files } from '../../platform/db/schema';
import { type AppContext, invalid } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { ciiXml, xrechnungGaps } from './cii-xml';
import { invalidateCustomerData } from './data-cache';
import { orderDocumentView } from './document-view';
import { addressee, DOCUMENT_AREA, lockOrder, paidOnInvoice, storeDocumentFiles } from './documents';
import { CANCELLATION_TITLE, creditNoteSettlement, invoicePdf, type DocumentLine } from './invoice-pdf';
import { issueNumbered } from './numbering';
import { customerDocuments, customerOrders, customers, type DocumentSnapshot } from './schema';
import { orderNotHeld } from './holds';
import { readInvoicingSettings } from './settings';

type DocumentRow = typeof customerDocuments.$inferSelect;

/** A line of the cancelled invoice with the opposite sign; the unit price stays positive (BR-27). */
export function negatedLine(line: DocumentLine): DocumentLine {
  const flipped = line.anzahl.startsWith('-') ? line.anzahl.slice(1) : `-${line.anzahl}`;
  return line.unitNetCents < 0
    ? { ...line, unitNetCents: -line.unitNetCents, netCents: -line.netCents }
    : { ...line, anzahl: flipped, netCents: -line.netCents };
}

/** The invoice's totals with the opposite sign (negated, not recomputed: rounding stays the invoice's). */
export function negatedTotals(totals: DocumentTotals): DocumentTotals {
  return {
    netCents: -totals.netCents,
    vatCents: -totals.vatCents,
    grossCents: -totals.grossCents,
    groups: totals.groups.map((group) => ({ ...group, basisCents: -group.basisCents, vatCents: -group.vatCents })),
  };
}

/** Why an invoice cannot be cancelled ('' = it can): only an issued invoice, once, never a Stornorechnung. */
function cancelRefusal(invoice: DocumentRow): string {
  if (invoice.dokumentart !== 1) return customerMessages.cancelOnlyInvoices;
  if (invoice.snapshot.storno) return customerMessages.cancelCancellation;
  if (invoice.status === 'storniert')
    return customerMessages.alreadyCancelled(invoice.snapshot.storniertDurch ?? 'Stornorechnung');
  return '';
}

/**
 * Cancels an issued invoice (issue 45, GoBD: a correction is a Stornorechnung plus a new invoice): a
 * Stornorechnung with the next number of the same gapless RE sequence, the invoice's lines and totals negated,
 * naming the invoice (PDF 'Storno zur Rechnung Nr. … vom …'; XML TypeCode 384 with BT-25/BT-26), its XRechnung
 * when the invoice had one. The invoice becomes 'storniert'. Rendered outside the numbering lock
 * (numbering.ts); the check that the invoice is still open, the new row and the invoice's state are written
 * in one short transaction under the lock, so two cancellations of one invoice make one Stornorechnung.
 */
export async function cancelInvoice(
  app: AppContext,
  input: z.output<typeof cancelInput>,
): Promise<{ document: OrderDocumentView; cancelled: OrderDocumentView }> {
  const db = app.db;
  const [row] = await db
    .select({ document: customerDocuments, path: files.path })
    .from(customerDocuments)
    .innerJoin(files, eq(files.id, customerDocuments.fileId))
    .where(eq(customerDocuments.id, input.id))
    .limit(1);
  const found = requireRecord(row, { canSee: true }, customerMessages.unknownDocument);
  const invoice = found.document;
  const refusal = cancelRefusal(invoice);
  if (refusal !== '') throw invalid('id', refusal);
  if (input.datum < invoice.datum) throw invalid('datum', customerMessages.cancelBeforeInvoice);
  const settings = await readInvoicingSettings(db);
  const [order] = await db
    .select()
    .from(customerOrders)
    .where(and(eq(customerOrders.id, invoice.orderId), orderNotHeld))
    .limit(1);
  const foundOrder = requireRecord(order, { canSee: true }, customerMessages.unknownOrder);
  const [customer] = foundOrder.customerId
    ? await db.select().from(customers).where(eq(customers.id, foundOrder.customerId)).limit(1)
    : [];
  // The addressee as printed on the invoice; documents made before it was kept: the customer's first address.
  const to =
    invoice.snapshot.empfaenger ??
    (() => {
      try {
        return addressee(
          {
            anschriftId: 0,
            ansprechpartnerId: 0,
            useIndividuelleAnschrift: false,
            individuelleAnschrift: '',
          } as Parameters<typeof addressee>[0],
          customer,
        );
      } catch {
        const name = customer?.firma || foundOrder.kundeIdent;
        return { lines: [name], greeting: '', name, street: '', postcode: '', city: '', mail: '' };
      }
    })();
  const originalLines = invoice.snapshot.lines ?? [];
  const lines = originalLines.map(negatedLine);
  const totals = negatedTotals(documentTotals(originalLines, { noVat: settings.firma.kleinunternehmer }));
  const reference = { number: invoice.name, datum: invoice.datum };
  const referenceText = `${invoice.name} vom ${formatGermanDate(invoice.datum)}`;
  const buyer = {
    name: to.name,
    street: to.street,
    postcode: to.postcode,
    city: to.city,
    reference: customer?.leitwegId || foundOrder.kundennummer,
    mail: to.mail,
  };
  const xrechnung = invoice.xmlFileId !== null;
  if (xrechnung) {
    const gaps = xrechnungGaps({ seller: settings.firma, buyer, creditedInvoice: reference });
    if (gaps.length > 0) throw invalid('id', customerMessages.xrechnungIncomplete(gaps));
  }
  const lieferdatum = invoice.datum;
  const prefix = documentPrefixes[1] as string;
  const year = Number(input.datum.slice(0, 4));
  const folder = `${DOCUMENT_AREA}/auftraege/${invoice.orderId}`;

  return issueNumbered(app, {
    plan: async (tx) => {
      // Under the lock: still open (another cancellation may have won), the next number, what was paid.
      const [current] = await tx.select().from(customerDocuments).where(eq(customerDocuments.id, invoice.id));
      const now = requireRecord(current, { canSee: true }, customerMessages.unknownDocument);
      const again = cancelRefusal(now);
      if (again !== '') throw invalid('id', again);
      const taken = await tx
        .select({ name: customerDocuments.name })
        .from(customerDocuments)
        .where(and(eq(customerDocuments.dokumentart, 1), like(customerDocuments.name, `${prefix}-${year}-%`)));
      return {
        name: nextDocumentNumber(
          prefix,
          year,
          taken.map((entry) => entry.name),
        ),
        paid: await paidOnInvoice(tx, now),
      };
    },
    render: async ({ name, paid }) => {
      const settlement = creditNoteSettlement(-totals.grossCents, paid, referenceText);
      const xmlOf = (xrechnung: boolean) =>
        ciiXml({
          number: name,
          datum: input.datum,
          lieferdatum,
          dueDate: addDays(input.datum, settings.firma.zahlungszielTage),
          seller: settings.firma,
          buyer,
          lines,
          totals,
          prepaidCents: 0,
          note: `${CANCELLATION_TITLE} zur Rechnung Nr. ${referenceText}`,
          xrechnung,
          creditedInvoice: reference,
          creditTerms: settlement,
          cancellation: true,
        });
      const pdf = await invoicePdf(
        {
          kind: CANCELLATION_TITLE,
          number: name,
          datum: input.datum,
          lieferdatum,
          auftragsnummer: foundOrder.auftragsnummer,
          kundennummer: foundOrder.kundennummer,
          address: to.lines,
          greeting: to.greeting,
          lines,
          totals,
          anzahlungCents: 0,
          textBlocks: [],
          signature: '',
          seller: settings.firma,
          creditedInvoice: referenceText,
          settlement,
        },
        [
          {
            name: 'factur-x.xml',
            bytes: Buffer.from(xmlOf(false), 'utf8'),
            mime: 'text/xml',
            relationship: 'Alternative',
            description: 'Factur-X/ZUGFeRD-Stornorechnung (EN 16931)',
          },
        ],
      );
      return { pdf, xml: xrechnung ? Buffer.from(xmlOf(true), 'utf8') : null };
    },
    store: async (tx, fileTx, { name }, rendered) => {
      await lockOrder(tx, invoice.orderId);
      const { stored, xml } = await storeDocumentFiles(fileTx, folder, name, rendered);
      const snapshot: DocumentSnapshot = {
        lines,
        netCents: totals.netCents,
        vatCents: totals.vatCents,
        anzahlungCents: 0,
        empfaenger: { ...to },
        storno: { id: invoice.id, name: invoice.name, datum: invoice.datum },
      };
      const [created] = await tx
        .insert(customerDocuments)
        .values({
          orderId: invoice.orderId,
          dokumentart: 1,
          name,
          fileId: stored.id,
          xmlFileId: xml?.id ?? null,
          wertCents: totals.grossCents,
          datum: input.datum,
          snapshot,
        })
        .returning();
      const [updated] = await tx
        .update(customerDocuments)
        .set({ status: 'storniert', snapshot: { ...invoice.snapshot, storniertDurch: name } })
        .where(eq(customerDocuments.id, invoice.id))
        .returning();
      await tx.update(customerOrders).set({ updatedAt: new Date() }).where(eq(customerOrders.id, invoice.orderId));
      await invalidateCustomerData(tx);
      const [invoiceXml] = invoice.xmlFileId
        ? await tx.select({ path: files.path }).from(files).where(eq(files.id, invoice.xmlFileId))
        : [];
      return {
        document: orderDocumentView(created as DocumentRow, stored.path, xml?.path ?? ''),
        cancelled: orderDocumentView(updated as DocumentRow, found.path, invoiceXml?.path ?? ''),
      };
    },
  });
}
