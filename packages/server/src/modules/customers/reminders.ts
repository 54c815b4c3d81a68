import { and, eq, like } from 'drizzle-orm';
import { formatEuro, formatGermanDate } from '@hortus/contract';
import {
  addDays,
  customerMessages,
  dunningClaim,
  dunningLevelName,
  dunningLevels,
  dunningMessages,
  formatRateHundredths,
  invoiceOpenAmounts,
  nextDocumentNumber,
  type CustomerSettings,
  type DebtorKind,
  type DunningClaim,
  type DunningLevel,
  type OrderDocumentView,
  type documentInput,
} from '@hortus/contract/modules/customers';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { type AppContext, CallError, invalid } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { renderPdf } from '../../platform/pdf/pdf-document';
import { DOCUMENT_AREA, lockOrder } from './documents';
import { issueNumbered } from './numbering';
import { openAmountInput, orderDocumentView } from './document-view';
import { atBank, salutation } from './invoice-pdf';
import { customerDocuments, customerOrders, customers } from './schema';
import { orderNotHeld } from './holds';
import { invalidateCustomerData } from './data-cache';
import { readInvoicingSettings } from './settings';

type DocumentRow = typeof customerDocuments.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

/** Consumer or business (§ 288 BGB): a customer with a company name or a Leitweg-ID is a business. */
export function debtorKind(customer: Pick<CustomerRow, 'firma' | 'leitwegId'> | undefined): DebtorKind {
  return customer && (customer.firma.trim() !== '' || customer.leitwegId.trim() !== '') ? 'Unternehmer' : 'Verbraucher';
}

/** The due date of an invoice: its date plus the payment term of the settings. */
export function dueDate(invoice: Pick<DocumentRow, 'datum'>, settings: CustomerSettings): string {
  return addDays(invoice.datum, settings.firma.zahlungszielTage);
}

/** The letters (reminders, type 4) sent for an invoice, from an order's documents: level reached and last one. */
export function dunningState(invoiceId: number, documents: readonly DocumentRow[]) {
  const letters = documents
    .filter((d) => d.dokumentart === 4 && d.snapshot.mahnung?.rechnungId === invoiceId)
    .sort((a, b) => (a.datum === b.datum ? a.id - b.id : a.datum < b.datum ? -1 : 1));
  const last = letters.at(-1);
  const stufe = letters.reduce((max, d) => Math.max(max, d.snapshot.mahnung?.stufe ?? 0), 0);
  return { stufe, last: last ?? null };
}

/** An issued, not cancelled invoice with its order, customer, open amount and dunning state, read now. */
export async function readDunningCase(db: Db, invoiceId: number, settings: CustomerSettings) {
  const [invoice] = await db.select().from(customerDocuments).where(eq(customerDocuments.id, invoiceId)).limit(1);
  const found = requireRecord(invoice, { canSee: true }, dunningMessages.unknownInvoice);
  if (found.dokumentart !== 1) throw invalid('rechnungId', dunningMessages.notAnInvoice);
  if (found.status === 'storniert' || found.snapshot.storno)
    throw invalid('rechnungId', customerMessages.invoiceCancelled);
  const [order] = await db
    .select()
    .from(customerOrders)
    .where(and(eq(customerOrders.id, found.orderId), orderNotHeld))
    .limit(1);
  if (!order) throw new CallError('notFound', customerMessages.unknownOrder);
  const documents = await db.select().from(customerDocuments).where(eq(customerDocuments.orderId, order.id));
  const [customer] = order.customerId
    ? await db.select().from(customers).where(eq(customers.id, order.customerId)).limit(1)
    : [];
  const open = invoiceOpenAmounts(documents.map(openAmountInput)).get(found.id) ?? 0;
  return {
    invoice: found,
    order,
    customer,
    kind: debtorKind(customer),
    faellig: dueDate(found, settings),
    offen: open,
    ...dunningState(found.id, documents),
  };
}
export type DunningCase = Awaited<ReturnType<typeof readDunningCase>>;

/** The letter's options: level, date, addressee choice and an own text. */
export interface LetterInput {
  stufe: DunningLevel;
  datum: string;
  anschriftId: number;
  ansprechpartnerId: number;
  individuellerTextblock: string;
}

/**
 * Issues the letter of a dunning level for an invoice (gapless numbers: 'ZE-<year>-0001' for the
 * Zahlungserinnerung, 'MA-<year>-0001' for both Mahnungen). `check` runs on the case read at planning and
 * again under the numbering lock, so two letters sent at once cannot both pass it. Its value is the claim's
 * total (counted in no sum); `snapshot.mahnung` keeps the invoice, level and claim.
 */
export async function issueDunningLetter(
  app: AppContext,
  invoiceId: number,
  letter: LetterInput,
  check: (found: DunningCase) => void,
): Promise<{ document: OrderDocumentView; orderId: number }> {
  const settings = await readInvoicingSettings(app.db);
  const prefix = dunningLevels[letter.stufe - 1]?.prefix ?? 'ZE';
  const year = Number(letter.datum.slice(0, 4));
  let current: DunningCase | undefined;
  return issueNumbered(app, {
    plan: async (db) => {
      current = await readDunningCase(db, invoiceId, settings);
      check(current);
      const names = await db
        .select({ name: customerDocuments.name })
        .from(customerDocuments)
        .where(and(eq(customerDocuments.dokumentart, 4), like(customerDocuments.name, `${prefix}-${year}-%`)));
      const claim = dunningClaim(
        settings.mahnwesen,
        current.kind,
        letter.stufe,
        current.offen,
        current.faellig,
        letter.datum,
      );
      return {
        name: nextDocumentNumber(
          prefix,
          year,
          names.map((row) => row.name),
        ),
        claim,
        reached: current.stufe,
      };
    },
    render: ({ name, claim }) => renderLetter(settings, current as DunningCase, letter, name, claim),
    store: async (tx, files, { name, claim }, bytes) => {
      const found = current as DunningCase;
      await lockOrder(tx, found.order.id);
      const stored = await files.store({
        path: `${DOCUMENT_AREA}/auftraege/${found.order.id}/${name}.pdf`,
        area: DOCUMENT_AREA,
        ownerUserId: null,
        originalName: `${name}.pdf`,
        mime: 'application/pdf',
        bytes,
      });
      const [row] = await tx
        .insert(customerDocuments)
        .values({
          orderId: found.order.id,
          dokumentart: 4,
          name,
          fileId: stored.id,
          wertCents: claim.summe,
          datum: letter.datum,
          snapshot: {
            mahnung: {
              rechnungId: found.invoice.id,
              rechnung: found.invoice.name,
              stufe: letter.stufe,
              offen: claim.offen,
              gebuehren: claim.gebuehren,
              zinsen: claim.zinsen,
              tage: claim.tage,
              zinssatz: claim.zinssatz,
            },
          },
        })
        .returning();
      await invalidateCustomerData(tx);
      const created = row as DocumentRow;
      return {
        orderId: found.order.id,
        document: { ...orderDocumentView(created, stored.path, ''), mahnstufe: letter.stufe },
      };
    },
  });
}

/** The letter as PDF/A: addressee, title with number, the claim and the new deadline. */
function renderLetter(
  settings: CustomerSettings,
  found: DunningCase,
  letter: LetterInput,
  name: string,
  claim: DunningClaim,
): Promise<Buffer> {
  const seller = settings.firma;
  const { invoice, order, customer } = found;
  const address = customer?.addresses.find((a) => a.id === letter.anschriftId) ?? customer?.addresses[0];
  const addressLines = address
    ? [
        address.firma || customer?.firma || customer?.ident || '',
        `${address.strasse} ${address.hausnummer}`.trim(),
        `${address.plz} ${address.ort}`.trim(),
      ]
    : [order.kundeIdent];
  const contact = customer?.contacts.find((c) => c.id === letter.ansprechpartnerId);
  const title = `${dunningLevelName(letter.stufe)} ${name}`;
  const deadline = formatGermanDate(addDays(letter.datum, settings.mahnwesen.fristTage));
  const account = seller.iban
    ? ` auf das Konto IBAN ${seller.iban}${seller.bank ? ` ${atBank(seller.bank)}` : ''}`
    : '';
  const invoiceText = `Rechnung ${invoice.name} vom ${formatGermanDate(invoice.datum)} über ${formatEuro(invoice.wertCents)}`;
  return renderPdf({ title, author: seller.name, pdfA: true }, (pdf) => {
    pdf.text(
      [seller.name, `${seller.strasse} ${seller.hausnummer}`.trim(), `${seller.plz} ${seller.ort}`.trim()]
        .filter(Boolean)
        .join(' · '),
      { size: 8, grey: 0.4 },
    );
    pdf.space(6);
    for (const line of addressLines.filter((l) => l !== '')) pdf.text(line, { size: 11, gapAfter: 1 });
    pdf.space(24);
    pdf.title(title);
    pdf.text(`Datum: ${formatGermanDate(letter.datum)}`, { size: 10, gapAfter: 1 });
    pdf.text(`Kundennummer: ${order.kundennummer}`, { size: 10 });
    pdf.space(12);
    pdf.paragraph(salutation(contact));
    pdf.space(4);
    if (letter.stufe === 1)
      pdf.paragraph(
        `sicher ist es Ihrer Aufmerksamkeit entgangen: Unsere ${invoiceText} war am ${formatGermanDate(found.faellig)} fällig. Offen ist noch ein Betrag von ${formatEuro(claim.offen)}.`,
      );
    else
      pdf.paragraph(
        `trotz ${found.last ? `unseres Schreibens ${found.last.name} vom ${formatGermanDate(found.last.datum)}` : 'unserer Erinnerung'} ist unsere ${invoiceText}, fällig am ${formatGermanDate(found.faellig)}, noch nicht vollständig bezahlt. Sie befinden sich mit der Zahlung in Verzug.`,
      );
    if (claim.gebuehren > 0 || claim.zinsen > 0) {
      const rows: string[][] = [['Offener Rechnungsbetrag', formatEuro(claim.offen)]];
      if (claim.gebuehren > 0) rows.push(['Mahngebühren', formatEuro(claim.gebuehren)]);
      if (claim.zinsen > 0)
        rows.push([
          `Verzugszinsen ${formatRateHundredths(claim.zinssatz)} p. a. für ${claim.tage} Tage seit ${formatGermanDate(found.faellig)} (§ 288 BGB)`,
          formatEuro(claim.zinsen),
        ]);
      rows.push(['Zu zahlen', formatEuro(claim.summe)]);
      pdf.table({ columns: [{ header: 'Forderung' }, { header: 'Betrag', width: 110, align: 'right' }], rows });
      pdf.space(6);
    }
    pdf.paragraph(
      `Bitte überweisen Sie ${claim.summe === claim.offen ? 'den offenen Betrag' : `den Betrag von ${formatEuro(claim.summe)}`} bis zum ${deadline}${account}, Verwendungszweck ${invoice.name}. Sollten Sie inzwischen bezahlt haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.`,
    );
    if (letter.stufe === 3)
      pdf.paragraph(
        `Dies ist unsere letzte Mahnung. Geht der Betrag nicht bis zum ${deadline} ein, werden wir ohne weitere Ankündigung das gerichtliche Mahnverfahren einleiten.`,
      );
    if (letter.individuellerTextblock.trim() !== '') pdf.paragraph(letter.individuellerTextblock.trim());
    pdf.space(12);
    pdf.paragraph(`Mit freundlichen Grüßen\n${seller.name}`);
  });
}

/**
 * A payment reminder through the document call (dokumentart 4, the Zahlungserinnerung, level 1) for an overdue
 * invoice of the order: only after its due date (invoice date + payment term) and while the invoice has an
 * open amount (payments assigned to it, then the order's credit notes and other receipts, oldest invoice first).
 */
export async function createReminder(
  app: AppContext,
  input: z.output<typeof documentInput>,
): Promise<{ document: OrderDocumentView; replaced: boolean }> {
  const [order] = await app.db
    .select({ id: customerOrders.id })
    .from(customerOrders)
    .where(eq(customerOrders.id, input.id_auftrag))
    .limit(1);
  const found = requireRecord(order, { canSee: true }, customerMessages.unknownOrder);
  const [invoice] = await app.db
    .select({ id: customerDocuments.id })
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
  const { document } = await issueDunningLetter(
    app,
    invoice.id,
    {
      stufe: 1,
      datum: input.datum,
      anschriftId: input.anschriftId,
      ansprechpartnerId: input.ansprechpartnerId,
      individuellerTextblock: input.individuellerTextblock,
    },
    (current) => {
      if (input.datum <= current.faellig)
        throw invalid('rechnungId', customerMessages.reminderNotDue(formatGermanDate(current.faellig)));
      if (current.offen <= 0) throw invalid('rechnungId', customerMessages.reminderNothingOpen);
    },
  );
  return { document, replaced: false };
}
