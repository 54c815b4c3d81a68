import { and, eq, inArray, like } from 'drizzle-orm';
import { documentTotals, formatGermanDate } from '@hortus/contract';
import {
  addDays,
  centsOf,
  customerMessages,
  documentPrefixes,
  DRAFT_TYPE,
  nextDocumentNumber,
  type OrderDocumentView,
  documentInput,
  type issueDraftInput,
} from '@hortus/contract/modules/customers';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { files } from '../../platform/db/schema';
import { type FileTransaction, withFiles } from '../../platform/files/files';
import { type AppContext, invalid, type StoredFileRow } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { ciiXml, xrechnungGaps } from './cii-xml';
import {
  CANCELLATION_TITLE,
  CREDIT_NOTE_TITLE,
  DRAFT_TITLE,
  creditNoteSettlement,
  invoicePdf,
  salutation,
  type DocumentLine,
} from './invoice-pdf';
import { customerDocuments, customerOrderLines, customerOrders, customers } from './schema';
import { documentNotHeld, orderNotHeld } from './holds';
import { invalidateCustomerData } from './data-cache';
import { issueNumbered } from './numbering';
import { readInvoicingSettings } from './settings';
import { orderDocumentView } from './document-view';

type DocumentData = z.output<typeof documentInput>;

/** File area of the order documents; access.ts `documentFileAccess` decides who may download them. */
export const DOCUMENT_AREA = 'f400-410';
/**
 * Folders of the area that hold internal files: cost documents, the generated exports and the originals of the
 * draft costs received by mail ('posteingang', cost-drafts.ts `DRAFT_FOLDER`).
 */
export const STAFF_ONLY_FOLDERS = ['kosten', 'EueR', 'Monatsbelege', 'DATEV', 'GoBD', 'posteingang'];

/** Lines of the addressee: an individual address, or a customer address with the chosen contact. */
export function addressee(
  input: DocumentData,
  customer: typeof customers.$inferSelect | undefined,
): { lines: string[]; greeting: string; street: string; postcode: string; city: string; name: string; mail: string } {
  const contact = customer?.contacts.find((c) => c.id === input.ansprechpartnerId);
  if (input.ansprechpartnerId > 0 && !contact) throw invalid('ansprechpartnerId', customerMessages.unknownContact);
  const greeting = salutation(contact);
  // The invoice e-mail (BT-49): the chosen contact's, else the first contact's that has one.
  const mail = contact?.mail || customer?.contacts.find((c) => c.mail !== '')?.mail || '';
  const contactLine = contact
    ? `${contact.anrede} ${contact.vorname} ${contact.nachname}`.replace(/\s+/g, ' ').trim()
    : '';
  if (input.useIndividuelleAnschrift) {
    const lines = input.individuelleAnschrift
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '');
    if (lines.length === 0) throw invalid('individuelleAnschrift', customerMessages.noAddress);
    const last = lines.at(-1) ?? '';
    const town = /^(\d{5})\s+(.*)$/.exec(last);
    return {
      lines,
      greeting,
      name: lines[0] ?? '',
      street: lines.length > 2 ? (lines.at(-2) ?? '') : '',
      postcode: town?.[1] ?? '',
      city: town?.[2] ?? last,
      mail,
    };
  }
  const addresses = customer?.addresses ?? [];
  const chosen = input.anschriftId > 0 ? addresses.find((a) => a.id === input.anschriftId) : addresses[0];
  if (!chosen)
    throw invalid(
      input.anschriftId > 0 ? 'anschriftId' : 'individuelleAnschrift',
      input.anschriftId > 0 ? customerMessages.unknownAddress : customerMessages.noAddress,
    );
  const name =
    `${chosen.firma || customer?.firma || ''}${chosen.suffix ? ` ${chosen.suffix}` : ''}`.trim() || contactLine;
  const street = `${chosen.strasse} ${chosen.hausnummer}`.trim();
  const lines = [
    name,
    ...(contactLine !== '' && contactLine !== name ? [contactLine] : []),
    street,
    `${chosen.plz} ${chosen.ort}`.trim(),
  ].filter((line) => line !== '');
  return { lines, greeting, name, street, postcode: chosen.plz, city: chosen.ort, mail };
}

/**
 * Creates an invoice (1) or offer (2) of an order: the number (automatic 'RE-2026-0001', or typed —
 * an existing one is overwritten only after the warning, `ueberschreiben`), the PDF (PDF/A-3; invoices
 * with the embedded Factur-X XML, plus XRechnung CII for customers with a Leitweg-ID), and the document
 * row. Rendered outside the numbering lock (numbering.ts); the row and files are stored in one short transaction.
 */
export async function createDocument(
  app: AppContext,
  input: DocumentData,
  /** Made by the server job from a planned document (business.md 4.2). */
  options: {
    planned?: boolean;
    /** Issues this draft (issue 45): it is removed in the transaction that stores the invoice. */
    draftId?: number;
  } = {},
): Promise<{ document: OrderDocumentView; replaced: boolean }> {
  const db = app.db;
  const settings = await readInvoicingSettings(db);
  const [order] = await db
    .select()
    .from(customerOrders)
    .where(and(eq(customerOrders.id, input.id_auftrag), orderNotHeld))
    .limit(1);
  const found = requireRecord(order, { canSee: true }, customerMessages.unknownOrder);
  const lineRows = await db
    .select()
    .from(customerOrderLines)
    .where(eq(customerOrderLines.orderId, found.id))
    .orderBy(customerOrderLines.pos, customerOrderLines.id);
  if (lineRows.length === 0) throw invalid('id_auftrag', customerMessages.noLines);
  const isCreditNote = input.dokumentart === 3;
  const [credited] = isCreditNote
    ? await db
        .select()
        .from(customerDocuments)
        .where(
          and(
            eq(customerDocuments.id, input.rechnungId),
            eq(customerDocuments.orderId, found.id),
            eq(customerDocuments.dokumentart, 1),
          ),
        )
        .limit(1)
    : [];
  if (isCreditNote && !credited) throw invalid('rechnungId', customerMessages.creditNoteInvoice);
  // A cancelled invoice or a Stornorechnung is not corrected again (issue 45).
  if (credited && (credited.status === 'storniert' || credited.snapshot.storno))
    throw invalid('rechnungId', customerMessages.invoiceCancelled);
  const [customer] = found.customerId
    ? await db.select().from(customers).where(eq(customers.id, found.customerId)).limit(1)
    : [];
  const to = addressee(input, customer);
  // An invoice draft (issue 45): its own type and name series, no invoice number, no e-invoice.
  const isDraft = input.entwurf;
  if (isDraft && input.dokumentart !== 1) throw invalid('entwurf', customerMessages.draftOnlyInvoices);
  const storedType = isDraft ? DRAFT_TYPE : input.dokumentart;
  const prefix = documentPrefixes[storedType] as string;
  const manual = input.automatischeReAnNummer ? '' : input.reAnNummer.trim();
  if (!input.automatischeReAnNummer && !new RegExp(`^${prefix}-[A-Za-z0-9-]{1,25}$`).test(manual))
    throw invalid('reAnNummer', isDraft ? customerMessages.draftNumberFormat : customerMessages.documentNumberFormat);

  // A credit note credits the invoice as it was issued (its lines at the time), not the order's lines today.
  const lines: DocumentLine[] =
    credited?.snapshot.lines ??
    lineRows.map((line, index) => ({
      pos: line.pos || index + 1,
      titel: line.titel,
      beschreibung: line.beschreibung,
      anzahl: line.anzahl,
      unitNetCents: line.unitNetCents,
      netCents: line.netCents,
      rate: line.rate,
      ustKategorie: line.vatCategory,
      befreiungsgrund: line.exemptionReason,
      befreiungsgrundCode: line.exemptionCode,
    }));
  const totals = documentTotals(lines, { noVat: settings.firma.kleinunternehmer });
  const anzahlungCents = isCreditNote ? 0 : centsOf(input.anzahlung);
  const lieferdatum = input.lieferdatum || input.datum;
  const textBlocks = [
    ...settings.rechnungenTextbloecke
      .filter((block) => input.textbloecke.includes(block.id))
      .map((block) => block.text),
    ...(input.individuellerTextblock.trim() !== '' ? [input.individuellerTextblock.trim()] : []),
  ];
  const signature =
    input.dokumentart === 2 && input.angebotUnterschriftAuftragnehmer
      ? ((settings.unterschriften.find((s) => s.id === input.unterschriftId) ?? settings.unterschriften[0])?.text ?? '')
      : '';

  const buyer = {
    name: to.name,
    street: to.street,
    postcode: to.postcode,
    city: to.city,
    reference: customer?.leitwegId || found.kundennummer,
    mail: to.mail,
  };
  const creditedInvoice = credited ? { number: credited.name, datum: credited.datum } : undefined;
  // A customer with a Leitweg-ID gets an XRechnung next to the PDF: one that cannot be valid is never written.
  const xrechnung = input.dokumentart !== 2 && customer !== undefined && customer.leitwegId !== '';
  const writesXrechnung = xrechnung && !isDraft;
  if (xrechnung) {
    const gaps = xrechnungGaps({ seller: settings.firma, buyer, ...(creditedInvoice ? { creditedInvoice } : {}) });
    if (gaps.length > 0) {
      const field = gaps.some((gap) => gap.includes('Ansprechpartner'))
        ? 'ansprechpartnerId'
        : gaps.some((gap) => gap.includes('Rechnungsanschrift'))
          ? 'anschriftId'
          : 'id_auftrag';
      throw invalid(field, customerMessages.xrechnungIncomplete(gaps));
    }
  }

  const isInvoice = input.dokumentart === 1;
  const kind = isDraft ? DRAFT_TITLE : isInvoice ? 'Rechnung' : isCreditNote ? CREDIT_NOTE_TITLE : 'Angebot';
  const year = Number(input.datum.slice(0, 4));
  const folder = `${DOCUMENT_AREA}/auftraege/${found.id}`;

  return issueNumbered(app, {
    // The next number (or the typed one and the document it replaces), and for a credit note what was paid on the
    // invoice (its settlement text depends on it).
    plan: async (db) => {
      const replaces = manual !== '' ? await documentNamed(db, manual) : undefined;
      // GoBD (issue 45): the specification's overwrite stays for offers; an issued invoice, Stornorechnung or
      // credit note is final.
      if (replaces && isFinal(replaces)) throw invalid('reAnNummer', finalMessage(replaces));
      if (replaces && !input.ueberschreiben) throw invalid('reAnNummer', customerMessages.documentNumberExists);
      const taken =
        manual !== ''
          ? []
          : await db
              .select({ name: customerDocuments.name })
              .from(customerDocuments)
              .where(
                and(eq(customerDocuments.dokumentart, storedType), like(customerDocuments.name, `${prefix}-${year}-%`)),
              );
      return {
        name:
          manual !== ''
            ? manual
            : nextDocumentNumber(
                prefix,
                year,
                taken.map((row) => row.name),
              ),
        replaces: replaces?.id ?? 0,
        paid: credited ? await paidOnInvoice(db, credited) : 0,
      };
    },
    render: async ({ name, paid }) => {
      const settlement = credited
        ? creditNoteSettlement(totals.grossCents, paid, `${credited.name} vom ${formatGermanDate(credited.datum)}`)
        : undefined;
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
          prepaidCents: anzahlungCents,
          note: textBlocks.join('\n'),
          xrechnung,
          creditedInvoice,
          ...(settlement ? { creditTerms: settlement } : {}),
        });
      const facturX = !isDraft && (isInvoice || isCreditNote) ? Buffer.from(xmlOf(false), 'utf8') : null;
      const pdf = await invoicePdf(
        {
          kind,
          number: name,
          datum: input.datum,
          lieferdatum,
          auftragsnummer: found.auftragsnummer,
          kundennummer: found.kundennummer,
          address: to.lines,
          greeting: to.greeting,
          lines,
          totals,
          anzahlungCents,
          textBlocks,
          signature,
          seller: settings.firma,
          ...(creditedInvoice
            ? { creditedInvoice: `${creditedInvoice.number} vom ${formatGermanDate(creditedInvoice.datum)}` }
            : {}),
          ...(settlement ? { settlement } : {}),
        },
        facturX
          ? [
              {
                name: 'factur-x.xml',
                bytes: facturX,
                mime: 'text/xml',
                relationship: 'Alternative',
                description: isCreditNote
                  ? 'Factur-X/ZUGFeRD-Rechnungskorrektur (EN 16931)'
                  : 'Factur-X/ZUGFeRD-Rechnung (EN 16931)',
              },
            ]
          : [],
      );
      return { pdf, xml: writesXrechnung ? Buffer.from(xmlOf(true), 'utf8') : null };
    },
    store: async (tx, fileTx, { name, replaces }, rendered) => {
      await lockOrder(tx, found.id);
      if (options.draftId !== undefined) {
        // Issuing a draft: it is still there (another request may have issued or deleted it) and goes now.
        const [draft] = await tx
          .select()
          .from(customerDocuments)
          .where(and(eq(customerDocuments.id, options.draftId), eq(customerDocuments.dokumentart, DRAFT_TYPE)))
          .for('update');
        if (!draft) throw invalid('id', customerMessages.notADraft);
        await tx.delete(customerDocuments).where(eq(customerDocuments.id, draft.id));
        await fileTx.remove([draft.fileId]);
      }
      const existing = replaces > 0 ? await documentNamed(tx, name) : undefined;
      if (existing) {
        await tx.delete(customerDocuments).where(eq(customerDocuments.id, existing.id));
        await fileTx.remove([existing.fileId, ...(existing.xmlFileId ? [existing.xmlFileId] : [])]);
      }
      const { stored, xml } = await storeDocumentFiles(fileTx, folder, name, rendered);
      const [row] = await tx
        .insert(customerDocuments)
        .values({
          orderId: found.id,
          dokumentart: storedType,
          status: isDraft ? 'entwurf' : 'ausgestellt',
          name,
          fileId: stored.id,
          xmlFileId: xml?.id ?? null,
          wertCents: totals.grossCents,
          datum: input.datum,
          snapshot: {
            lines,
            netCents: totals.netCents,
            vatCents: totals.vatCents,
            anzahlungCents,
            empfaenger: { ...to },
            ...(options.planned === true ? { geplant: true } : {}),
            ...(isDraft ? { entwurf: { ...input, entwurf: false } } : {}),
          },
        })
        .returning();
      await tx.update(customerOrders).set({ updatedAt: new Date() }).where(eq(customerOrders.id, found.id));
      await invalidateCustomerData(tx);
      const created = row as typeof customerDocuments.$inferSelect;
      return { replaced: existing !== undefined, document: orderDocumentView(created, stored.path, xml?.path ?? '') };
    },
  });
}

type DocumentRow = typeof customerDocuments.$inferSelect;

/**
 * Inside the storing transaction: the order still exists, locked against deletion until the document is
 * stored (a deletion that came first answers 'Der Auftrag existiert nicht.' instead of a foreign-key error;
 * one that comes later sees the document and keeps an issued invoice: orders.ts `deleteOrder`).
 */
export async function lockOrder(tx: Db, orderId: number): Promise<void> {
  const [order] = await tx
    .select({ id: customerOrders.id })
    .from(customerOrders)
    .where(and(eq(customerOrders.id, orderId), orderNotHeld))
    .for('key share');
  requireRecord(order, { canSee: true }, customerMessages.unknownOrder);
}

/** Stores a made document's PDF and, when there is one, its XRechnung in the order's folder. */
export async function storeDocumentFiles(
  fileTx: FileTransaction,
  folder: string,
  name: string,
  rendered: { pdf: Buffer; xml: Buffer | null },
): Promise<{ stored: StoredFileRow; xml: StoredFileRow | null }> {
  const file = (suffix: string, mime: string, bytes: Buffer) =>
    fileTx.store({
      path: `${folder}/${name}${suffix}`,
      area: DOCUMENT_AREA,
      ownerUserId: null,
      originalName: `${name}${suffix}`,
      mime,
      bytes,
    });
  return {
    stored: await file('.pdf', 'application/pdf', rendered.pdf),
    xml: rendered.xml ? await file('-xrechnung.xml', 'application/xml', rendered.xml) : null,
  };
}

/** Issue 45 (GoBD): an invoice (a Stornorechnung too) or credit note is final once issued; offers are not. */
export function isFinal(document: DocumentRow): boolean {
  return document.dokumentart === 1 || document.dokumentart === 3;
}

/** What an issued invoice-type document is called: Rechnung, Stornorechnung or Rechnungskorrektur. */
export function issuedKind(
  document: Pick<DocumentRow, 'dokumentart' | 'snapshot'>,
): typeof CREDIT_NOTE_TITLE | typeof CANCELLATION_TITLE | 'Rechnung' {
  return document.dokumentart === 3 ? CREDIT_NOTE_TITLE : document.snapshot.storno ? CANCELLATION_TITLE : 'Rechnung';
}

/** Why a final document cannot be overwritten or deleted, naming its kind. */
export function finalMessage(document: DocumentRow): string {
  return customerMessages.documentIssued(issuedKind(document));
}

/** The invoice, offer or credit note of that number, if there is one. */
async function documentNamed(db: Db, name: string): Promise<typeof customerDocuments.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(customerDocuments)
    .where(and(eq(customerDocuments.name, name), inArray(customerDocuments.dokumentart, [1, 2, 3, DRAFT_TYPE])))
    .limit(1);
  return row;
}

/**
 * What was paid on an invoice: its down payment, and of the order's booking receipts what the order's
 * other invoices (not corrected) leave over, at most the invoice's amount due.
 */
export async function paidOnInvoice(db: Db, invoice: typeof customerDocuments.$inferSelect): Promise<number> {
  const rows = await db
    .select({ id: customerDocuments.id, art: customerDocuments.dokumentart, wert: customerDocuments.wertCents })
    .from(customerDocuments)
    .where(and(eq(customerDocuments.orderId, invoice.orderId), inArray(customerDocuments.dokumentart, [1, 3, 20])));
  const sum = (art: number, except = 0) =>
    rows.filter((row) => row.art === art && row.id !== except).reduce((total, row) => total + row.wert, 0);
  const down = invoice.snapshot.anzahlungCents ?? 0;
  const due = invoice.wertCents - down;
  const others = Math.max(0, sum(1, invoice.id) - sum(3));
  return down + Math.max(0, Math.min(due, sum(20) - others));
}

/**
 * Deletes a document of an order ('Das Dokument wird unwiderruflich gelöscht.'), file included: offers,
 * reminders and uploads; an invoice or credit note is final (issue 45).
 */
export async function deleteDocument(app: AppContext, id: number, pfad: string): Promise<void> {
  const [document] = await app.db
    .select({ document: customerDocuments, path: files.path })
    .from(customerDocuments)
    .innerJoin(files, eq(files.id, customerDocuments.fileId))
    .where(and(eq(customerDocuments.id, id), documentNotHeld))
    .limit(1);
  const found = requireRecord(
    document,
    { canSee: (row) => pfad === '' || row.path === pfad },
    customerMessages.unknownDocument,
  );
  // GoBD (issue 45): an issued invoice or credit note is never deleted ('pfad' names the field of the call).
  if (isFinal(found.document)) throw invalid('id', finalMessage(found.document));
  await withFiles(app, async (tx, fileTx) => {
    await tx.delete(customerDocuments).where(eq(customerDocuments.id, id));
    await fileTx.remove([found.document.fileId, ...(found.document.xmlFileId ? [found.document.xmlFileId] : [])]);
    await tx.update(customerOrders).set({ updatedAt: new Date() }).where(eq(customerOrders.id, found.document.orderId));
    await invalidateCustomerData(tx);
  });
}

/**
 * Issues an invoice draft (issue 45, call `ausstellen`): the invoice is made from the draft's input with the
 * next RE number and the given date (createDocument: rendered outside the numbering lock), and the draft is
 * removed in the same transaction; a draft issued or deleted meanwhile answers 'Das Dokument ist kein
 * Rechnungsentwurf (mehr).'.
 */
export async function issueDraft(app: AppContext, input: z.output<typeof issueDraftInput>): Promise<OrderDocumentView> {
  const [row] = await app.db.select().from(customerDocuments).where(eq(customerDocuments.id, input.id)).limit(1);
  const draft = requireRecord(row, { canSee: true }, customerMessages.unknownDocument);
  const stored = draft.snapshot.entwurf;
  if (draft.dokumentart !== DRAFT_TYPE || !stored) throw invalid('id', customerMessages.notADraft);
  const parsed = documentInput.parse({
    ...stored,
    datum: input.datum,
    entwurf: false,
    automatischeReAnNummer: true,
    reAnNummer: '',
    ueberschreiben: false,
  });
  return (await createDocument(app, parsed, { draftId: draft.id })).document;
}
