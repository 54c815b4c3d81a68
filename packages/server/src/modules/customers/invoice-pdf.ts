import { formatEuro, formatGermanDate, formatRate, type DocumentTotals } from '@hortus/contract';
import type { Contact, CustomerSettings, VatCategory } from '@hortus/contract/modules/customers';
import { renderPdf, type PdfAttachment, type XmpExtensionSchema } from '../../platform/pdf/pdf-document';
import { lineVat, vatBreakdowns } from './vat-breakdown';

/** The embedded e-invoice's name that Factur-X 1.07 / ZUGFeRD 2.x prescribe. */
export const FACTUR_X_FILE = 'factur-x.xml';

/** Factur-X 1.07 XMP extension schema (fx:), profile EN 16931; ZUGFeRD readers look for it. */
export const FACTUR_X_XMP: XmpExtensionSchema = {
  namespaceUri: 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#',
  prefix: 'fx',
  schema: 'Factur-X PDFA Extension Schema',
  properties: [
    { name: 'DocumentFileName', value: FACTUR_X_FILE, description: 'name of the embedded XML invoice file' },
    { name: 'DocumentType', value: 'INVOICE', description: 'INVOICE' },
    { name: 'Version', value: '1.0', description: 'The actual version of the Factur-X XML schema' },
    { name: 'ConformanceLevel', value: 'EN 16931', description: 'The conformance level of the embedded Factur-X data' },
  ],
};

/** The letter's salutation: from the contact person, else the general one. */
export function salutation(contact: Pick<Contact, 'anrede' | 'nachname'> | undefined): string {
  if (!contact || contact.nachname.trim() === '') return 'Sehr geehrte Damen und Herren,';
  return `${contact.anrede === 'Frau' ? 'Sehr geehrte Frau' : 'Sehr geehrter Herr'} ${contact.nachname.trim()},`;
}

/**
 * 'bei der …': the bank's name in the dative. Leading adjectives ('Ostsächsische Sparkasse', 'Deutsche
 * Bank') take the weak ending -en; names without one ('Sparkasse Dresden', 'Volksbank') stay as they are.
 */
export function atBank(bank: string): string {
  const name = bank.trim().replace(/^(?:(?:der|die)\s+)/i, '');
  return `bei der ${name.replace(/^((?:[A-ZÄÖÜ][\wäöüß-]*(?:isch|sch|ch|ig|lich|al|ale)e\s+)+)/u, (adjectives) =>
    adjectives.replace(/e(\s+)/gu, 'en$1'),
  )}`;
}

export interface DocumentLine {
  pos: number;
  titel: string;
  beschreibung: string;
  anzahl: string;
  unitNetCents: number;
  netCents: number;
  rate: string;
  /** EN 16931 VAT category as chosen and the exemption reason (absent on documents made before; '' = S/Z). */
  ustKategorie?: string;
  befreiungsgrund?: string;
  befreiungsgrundCode?: string;
}

/**
 * What a correction of an invoice says about the money: what was paid on the invoice is refunded, the
 * rest is set off against what is still open of it (nothing is refunded that was never paid).
 */
export function creditNoteSettlement(grossCents: number, paidCents: number, invoice: string): string {
  const paid = Math.max(0, Math.min(paidCents, grossCents));
  if (paid === grossCents)
    return `Den Betrag von ${formatEuro(grossCents)} erstatten wir Ihnen in den nächsten Tagen per Überweisung auf Ihr Konto.`;
  if (paid === 0)
    return `Der Betrag von ${formatEuro(grossCents)} wird mit der Rechnung ${invoice} verrechnet; sie ist damit ausgeglichen und nicht mehr zu bezahlen.`;
  return `Von dem Betrag von ${formatEuro(grossCents)} erstatten wir Ihnen die bereits gezahlten ${formatEuro(paid)} in den nächsten Tagen per Überweisung auf Ihr Konto; die übrigen ${formatEuro(grossCents - paid)} verrechnen wir mit dem offenen Betrag der Rechnung ${invoice}, der damit nicht mehr zu bezahlen ist.`;
}

/**
 * A credit note is called 'Rechnungskorrektur': in § 14 Abs. 2 UStG 'Gutschrift' is the word for
 * self-billing by the buyer, which this is not.
 */
export const CREDIT_NOTE_TITLE = 'Rechnungskorrektur';

/** A cancellation invoice (issue 45): the invoice's lines negated, naming the invoice it cancels. */
export const CANCELLATION_TITLE = 'Stornorechnung';

/** An invoice draft (issue 45): no invoice, no number of the sequence, no payment request. */
export const DRAFT_TITLE = 'Rechnungsentwurf';

export interface InvoiceDocument {
  kind: 'Rechnung' | 'Angebot' | typeof CREDIT_NOTE_TITLE | typeof CANCELLATION_TITLE | typeof DRAFT_TITLE;
  /** Credit notes: the invoice they credit ('RE-2026-0001 vom 15.03.2026'). */
  creditedInvoice?: string;
  /** Credit notes: what says what is refunded and what is set off (creditNoteSettlement). */
  settlement?: string;
  number: string;
  datum: string;
  lieferdatum: string;
  auftragsnummer: string;
  kundennummer: string;
  /** Addressee lines (company, suffix, contact, street, town). */
  address: string[];
  /** The contact's salutation line ('Sehr geehrter Herr Schäfer,'), '' without a contact. */
  greeting: string;
  lines: DocumentLine[];
  totals: DocumentTotals;
  anzahlungCents: number;
  textBlocks: string[];
  signature: string;
  seller: CustomerSettings['firma'];
}

const quantity = (value: string) => value.replace('.', ',');

/** The sum line of a breakdown without VAT (S and Z say their rate). */
const VAT_SUM_LABELS: Partial<Record<VatCategory, string>> = {
  E: 'Steuerfrei',
  AE: 'Steuerschuldnerschaft des Leistungsempfängers',
  K: 'Steuerfreie innergemeinschaftliche Lieferung',
  G: 'Steuerfreie Ausfuhr',
  O: 'Nicht steuerbar',
};

/** A line's VAT column: its rate, or the category letter of an exempt line (its note is under the sums). */
function rateColumn(line: DocumentLine): string {
  const { category } = lineVat(line, false);
  return category === 'S' || category === 'Z' ? `${formatRate(line.rate)} %` : category;
}

/** The invoice or offer as a PDF/A-3 document (the e-invoice XML is embedded when given). */
export function invoicePdf(document: InvoiceDocument, attachments: PdfAttachment[] = []): Promise<Buffer> {
  const { seller, totals } = document;
  const smallBusiness = seller.kleinunternehmer;
  return renderPdf(
    {
      title: `${document.kind} ${document.number}`,
      author: seller.name,
      subject: `${document.kind} ${document.number}`,
      pdfA: true,
      attachments,
      xmpExtensions: attachments.some((file) => file.name === FACTUR_X_FILE) ? [FACTUR_X_XMP] : [],
    },
    (pdf) => {
      const sellerLine = [
        seller.name,
        `${seller.strasse} ${seller.hausnummer}`.trim(),
        `${seller.plz} ${seller.ort}`.trim(),
      ]
        .filter((part) => part !== '')
        .join(' · ');
      pdf.text(sellerLine, { size: 8, grey: 0.4 });
      pdf.space(6);
      for (const line of document.address) pdf.text(line, { size: 11, gapAfter: 1 });
      pdf.space(24);
      pdf.title(`${document.kind} ${document.number}`);
      const facts = [
        `${document.kind === 'Rechnung' ? 'Rechnungsdatum' : 'Datum'}: ${formatGermanDate(document.datum)}`,
        ...(document.kind === 'Rechnung' || document.kind === CANCELLATION_TITLE
          ? [`Leistungsdatum: ${formatGermanDate(document.lieferdatum)}`]
          : []),
        ...(document.creditedInvoice
          ? [
              document.kind === CANCELLATION_TITLE
                ? `Storno zur Rechnung Nr. ${document.creditedInvoice}`
                : `Zur Rechnung ${document.creditedInvoice}`,
            ]
          : []),
        `Kundennummer: ${document.kundennummer}`,
        `Auftragsnummer: ${document.auftragsnummer}`,
      ];
      for (const fact of facts) pdf.text(fact, { size: 10, gapAfter: 1 });
      pdf.space(12);
      pdf.paragraph(document.greeting === '' ? salutation(undefined) : document.greeting);
      pdf.space(4);
      pdf.paragraph(
        document.kind === 'Rechnung' || document.kind === DRAFT_TITLE
          ? 'für unsere Leistungen berechnen wir Ihnen:'
          : document.kind === 'Angebot'
            ? 'gerne bieten wir Ihnen die folgenden Leistungen an:'
            : document.kind === CANCELLATION_TITLE
              ? 'hiermit stornieren wir die oben genannte Rechnung vollständig:'
              : 'zu der oben genannten Rechnung schreiben wir Ihnen gut:',
      );
      pdf.space(4);
      pdf.table({
        columns: [
          { header: 'Pos.', width: 34 },
          { header: 'Leistung' },
          { header: 'Anzahl', width: 50, align: 'right' },
          { header: 'Einzelpreis', width: 78, align: 'right' },
          ...(smallBusiness ? [] : [{ header: 'USt.', width: 40, align: 'right' as const }]),
          { header: 'Netto', width: 78, align: 'right' },
        ],
        rows: document.lines.map((line) => [
          String(line.pos),
          line.beschreibung === '' ? line.titel : `${line.titel}\n${line.beschreibung}`,
          quantity(line.anzahl),
          formatEuro(line.unitNetCents),
          ...(smallBusiness ? [] : [rateColumn(line)]),
          formatEuro(line.netCents),
        ]),
      });
      pdf.space(8);
      const sums: string[][] = [[smallBusiness ? 'Gesamtbetrag' : 'Summe netto', formatEuro(totals.netCents)]];
      const breakdowns = smallBusiness ? [] : vatBreakdowns(document.lines, totals, false);
      for (const group of breakdowns)
        sums.push([
          `${VAT_SUM_LABELS[group.category] ?? `USt. ${formatRate(group.rate)} %`} auf ${formatEuro(group.basisCents)}`,
          formatEuro(group.vatCents),
        ]);
      if (!smallBusiness) sums.push(['Gesamtbetrag brutto', formatEuro(totals.grossCents)]);
      if (document.anzahlungCents !== 0) {
        sums.push(['Abzüglich Anzahlung', formatEuro(-document.anzahlungCents)]);
        sums.push(['Zu zahlen', formatEuro(totals.grossCents - document.anzahlungCents)]);
      }
      pdf.table({ columns: [{ header: '' }, { header: 'Betrag', width: 110, align: 'right' }], rows: sums });
      if (smallBusiness) pdf.paragraph('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.', { size: 9 });
      // § 14 Abs. 4 Nr. 8 UStG: the note on the exemption (or on the buyer owing the tax) next to the sums.
      for (const group of breakdowns)
        if (group.reason !== '') pdf.paragraph(`${VAT_SUM_LABELS[group.category]}: ${group.reason}.`, { size: 9 });
      pdf.space(8);
      for (const block of document.textBlocks) pdf.paragraph(block);
      if (document.settlement) pdf.paragraph(document.settlement, { size: 10 });
      if (document.kind === 'Rechnung' && seller.iban !== '') {
        pdf.paragraph(
          `Bitte überweisen Sie ${formatEuro(totals.grossCents - document.anzahlungCents)} innerhalb von ${seller.zahlungszielTage} Tagen auf das Konto IBAN ${seller.iban}${seller.bic ? ` (BIC ${seller.bic})` : ''}${seller.bank ? ` ${atBank(seller.bank)}` : ''}, Verwendungszweck ${document.number}.`,
          { size: 10 },
        );
      }
      if (document.signature !== '') {
        pdf.space(20);
        pdf.paragraph(document.signature);
      }
      pdf.space(16);
      const footer = [
        seller.name,
        seller.telefon ? `Telefon ${seller.telefon}` : '',
        seller.mail,
        seller.steuernummer ? `Steuernummer ${seller.steuernummer}` : '',
        seller.ustId ? `USt-IdNr. ${seller.ustId}` : '',
      ].filter((part) => part !== '');
      pdf.text(footer.join(' · '), { size: 8, grey: 0.4 });
    },
  );
}
