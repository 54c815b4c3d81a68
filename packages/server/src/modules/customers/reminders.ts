import { and, eq, like } from 'drizzle-orm';
import { formatEuro, formatGermanDate } from '@hortus/contract';
import {
  addDays,
  customerMessages,
  nextDocumentNumber,
  type OrderDocumentView,
  type documentInput,
} from '@hortus/contract/modules/customers';
import type { z } from 'zod';
import { type AppContext, invalid } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { renderPdf } from '../../platform/pdf/pdf-document';
import { DOCUMENT_AREA, lockOrder } from './documents';
import { issueNumbered } from './numbering';
import { orderDocumentView } from './document-view';
import { atBank, salutation } from './invoice-pdf';
import { orderViews } from './orders';
import { customerDocuments, customerOrders, customers } from './schema';
import { invalidateCustomerData } from './data-cache';
import { readCustomerSettings } from './settings';

/**
 * A payment reminder (Zahlungserinnerung, 'ZE-<year>-0001') for an overdue invoice of the order: only
 * after the invoice's due date (invoice date + payment term) and while the order still has an open
 * invoice amount (invoices − credit notes − receipts); the reminder names the open amount, capped at the
 * invoice's total. Its value is not counted in any sum.
 */
export async function createReminder(
  app: AppContext,
  input: z.output<typeof documentInput>,
): Promise<{ document: OrderDocumentView; replaced: boolean }> {
  const db = app.db;
  const settings = await readCustomerSettings(db);
  const [order] = await db.select().from(customerOrders).where(eq(customerOrders.id, input.id_auftrag)).limit(1);
  const found = requireRecord(order, { canSee: true }, customerMessages.unknownOrder);
  const [invoice] = await db
    .select()
    .from(customerDocuments)
    .where(
      and(
        eq(customerDocuments.id, input.rechnungId),
        eq(customerDocuments.orderId, found.id),
        eq(customerDocuments.dokumentart, 1),
      ),
    )
    .limit(1);
  if (!invoice) throw invalid('rechnungId', customerMessages.reminderInvoice);
  if (invoice.status === 'storniert' || invoice.snapshot.storno)
    throw invalid('rechnungId', customerMessages.invoiceCancelled);
  const due = addDays(invoice.datum, settings.firma.zahlungszielTage);
  if (input.datum <= due) throw invalid('rechnungId', customerMessages.reminderNotDue(formatGermanDate(due)));
  const [view] = await orderViews(db, undefined, [found.id]);
  const open = Math.min(view?.offeneRechnungen?.betrag ?? 0, invoice.wertCents);
  if (open <= 0) throw invalid('rechnungId', customerMessages.reminderNothingOpen);
  const [customer] = found.customerId
    ? await db.select().from(customers).where(eq(customers.id, found.customerId)).limit(1)
    : [];
  const address = customer?.addresses.find((a) => a.id === input.anschriftId) ?? customer?.addresses[0];
  const addressLines = address
    ? [
        address.firma || customer?.firma || customer?.ident || '',
        `${address.strasse} ${address.hausnummer}`.trim(),
        `${address.plz} ${address.ort}`.trim(),
      ]
    : [found.kundeIdent];
  const contact = customer?.contacts.find((c) => c.id === input.ansprechpartnerId);
  const seller = settings.firma;
  const newDue = addDays(input.datum, 7);

  const year = Number(input.datum.slice(0, 4));

  return issueNumbered(app, {
    plan: async (db) => {
      const names = await db
        .select({ name: customerDocuments.name })
        .from(customerDocuments)
        .where(and(eq(customerDocuments.dokumentart, 4), like(customerDocuments.name, `ZE-${year}-%`)));
      return {
        name: nextDocumentNumber(
          'ZE',
          year,
          names.map((row) => row.name),
        ),
      };
    },
    render: ({ name }) =>
      renderPdf({ title: `Zahlungserinnerung ${name}`, author: seller.name, pdfA: true }, (pdf) => {
        pdf.text(
          [seller.name, `${seller.strasse} ${seller.hausnummer}`.trim(), `${seller.plz} ${seller.ort}`.trim()]
            .filter(Boolean)
            .join(' · '),
          { size: 8, grey: 0.4 },
        );
        pdf.space(6);
        for (const line of addressLines.filter((l) => l !== '')) pdf.text(line, { size: 11, gapAfter: 1 });
        pdf.space(24);
        pdf.title(`Zahlungserinnerung ${name}`);
        pdf.text(`Datum: ${formatGermanDate(input.datum)}`, { size: 10, gapAfter: 1 });
        pdf.text(`Kundennummer: ${found.kundennummer}`, { size: 10 });
        pdf.space(12);
        pdf.paragraph(salutation(contact));
        pdf.space(4);
        pdf.paragraph(
          `sicher ist es Ihrer Aufmerksamkeit entgangen: Unsere Rechnung ${invoice.name} vom ${formatGermanDate(invoice.datum)} über ${formatEuro(invoice.wertCents)} war am ${formatGermanDate(due)} fällig. Offen ist noch ein Betrag von ${formatEuro(open)}.`,
        );
        pdf.paragraph(
          `Bitte überweisen Sie den offenen Betrag bis zum ${formatGermanDate(newDue)}${seller.iban ? ` auf das Konto IBAN ${seller.iban}${seller.bank ? ` ${atBank(seller.bank)}` : ''}` : ''}, Verwendungszweck ${invoice.name}. Sollten Sie inzwischen bezahlt haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.`,
        );
        if (input.individuellerTextblock.trim() !== '') pdf.paragraph(input.individuellerTextblock.trim());
        pdf.space(12);
        pdf.paragraph(`Mit freundlichen Grüßen\n${seller.name}`);
      }),
    store: async (tx, files, { name }, bytes) => {
      await lockOrder(tx, found.id);
      const stored = await files.store({
        path: `${DOCUMENT_AREA}/auftraege/${found.id}/${name}.pdf`,
        area: DOCUMENT_AREA,
        ownerUserId: null,
        originalName: `${name}.pdf`,
        mime: 'application/pdf',
        bytes,
      });
      const [row] = await tx
        .insert(customerDocuments)
        .values({ orderId: found.id, dokumentart: 4, name, fileId: stored.id, wertCents: open, datum: input.datum })
        .returning();
      await invalidateCustomerData(tx);
      const created = row as typeof customerDocuments.$inferSelect;
      return {
        replaced: false,
        document: orderDocumentView(created, stored.path, ''),
      };
    },
  });
}
