import { centsToDecimal, type DocumentTotals } from '@hortus/contract';
import type { CustomerSettings } from '@hortus/contract/modules/customers';
import type { DocumentLine } from './invoice-pdf';
import { lineVat, vatBreakdowns } from './vat-breakdown';

/**
 * The invoice as UN/CEFACT Cross Industry Invoice (CII D16B), profile EN 16931 (Factur-X/ZUGFeRD
 * "EN 16931"), or XRechnung 3.0 CII for public-sector buyers (with their Leitweg-ID as BT-10).
 * VAT is computed per rate category from the category's net sum (BR-CO-17, platform/money), so the
 * totals rules BR-CO-10..16 hold by construction; the tests check them on the written XML.
 */
export const FACTUR_X_GUIDELINE = 'urn:cen.eu:en16931:2017';
export const XRECHNUNG_GUIDELINE = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
/** BT-23 business process (PEPPOL-EN16931-R001, merged into the XRechnung 3.0 ruleset). */
export const BUSINESS_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** Payment means of a credit note without the customer's account: the seller transfers the amount (BT-82). */
export const CREDIT_NOTE_PAYMENT = 'Erstattung durch Überweisung des Rechnungsstellers an den Kunden';
/** Payment terms of a credit note (BT-20): no due date, the seller pays. */
export const CREDIT_NOTE_TERMS = 'Der Betrag wird Ihnen erstattet.';

/**
 * What an XRechnung needs that the data may lack (XRechnung 3.0 CIUS BR-DE-2..9, 15, 16, BR-DE-1/23 and
 * PEPPOL-EN16931-R010/R020), each as the German name of the missing field; empty = the XML can be valid.
 */
export function xrechnungGaps(invoice: Pick<CiiInvoice, 'seller' | 'buyer' | 'creditedInvoice'>): string[] {
  const { seller, buyer } = invoice;
  const gaps: [boolean, string][] = [
    [buyer.reference.trim() === '', 'Leitweg-ID des Kunden'],
    [buyer.postcode.trim() === '', 'Postleitzahl der Rechnungsanschrift'],
    [buyer.city.trim() === '', 'Ort der Rechnungsanschrift'],
    [buyer.mail.trim() === '', 'E-Mail-Adresse des Ansprechpartners beim Kunden'],
    [seller.plz.trim() === '', 'Postleitzahl der Firma (Einstellungen)'],
    [seller.ort.trim() === '', 'Ort der Firma (Einstellungen)'],
    [seller.mail.trim() === '', 'E-Mail-Adresse der Firma (Einstellungen)'],
    [(seller.telefon.match(/\d/g) ?? []).length < 3, 'Telefonnummer der Firma (Einstellungen)'],
    [
      seller.ustId.trim() === '' && seller.steuernummer.trim() === '',
      'Steuernummer oder USt-IdNr. der Firma (Einstellungen)',
    ],
    [!invoice.creditedInvoice && seller.iban.trim() === '', 'IBAN der Firma (Einstellungen)'],
  ];
  return gaps.filter(([missing]) => missing).map(([, name]) => name);
}

export interface CiiInvoice {
  number: string;
  datum: string;
  lieferdatum: string;
  dueDate: string;
  seller: CustomerSettings['firma'];
  buyer: { name: string; street: string; postcode: string; city: string; reference: string; mail: string };
  lines: DocumentLine[];
  totals: DocumentTotals;
  prepaidCents: number;
  note: string;
  xrechnung: boolean;
  /** Credit notes (TypeCode 381): the invoice they refer to (BT-25, BT-26). */
  creditedInvoice?: { number: string; datum: string };
  /** Credit notes: the payment terms (BT-20) as the PDF says them (refunded / set off); default CREDIT_NOTE_TERMS. */
  creditTerms?: string;
  /**
   * A Stornorechnung (issue 45): TypeCode 384 (corrective invoice) with the cancelled invoice's amounts negated
   * and `creditedInvoice` naming it (BT-25, BT-26); paid like a credit note, by the seller.
   */
  cancellation?: boolean;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
/** Text for XML content and attributes (the GoBD export's index.xml too). */
export const xmlEscape = escape;
const el = (name: string, content: string, attributes = ''): string => `<${name}${attributes}>${content}</${name}>`;
const txt = (name: string, value: string): string => (value === '' ? '' : el(name, escape(value)));
const date = (name: string, iso: string): string =>
  el(name, el('udt:DateTimeString', iso.replace(/-/g, ''), ' format="102"'));
const amount = (cents: number) => centsToDecimal(cents);

/** BT-152 / BT-119: the rate is written for every category, 0 for exempt ones (BR-E-05, BR-48). */
const ratePercent = (rate: string, smallBusiness: boolean): string =>
  el('ram:RateApplicablePercent', smallBusiness ? '0' : rate);

function address(street: string, postcode: string, city: string): string {
  return el(
    'ram:PostalTradeAddress',
    txt('ram:PostcodeCode', postcode) +
      txt('ram:LineOne', street) +
      txt('ram:CityName', city) +
      el('ram:CountryID', 'DE'),
  );
}

export function ciiXml(invoice: CiiInvoice): string {
  const { seller, buyer, totals } = invoice;
  const smallBusiness = seller.kleinunternehmer;
  const lineItems = invoice.lines
    // A discount line (negative unit price) goes out as a negative quantity at the positive price: the
    // item net price must not be negative (BR-27), the line net amount stays quantity × price.
    .map((line) =>
      line.unitNetCents < 0 ? { ...line, unitNetCents: -line.unitNetCents, anzahl: `-${line.anzahl}` } : line,
    )
    .map((line, index) =>
      el(
        'ram:IncludedSupplyChainTradeLineItem',
        el('ram:AssociatedDocumentLineDocument', el('ram:LineID', String(index + 1))) +
          el('ram:SpecifiedTradeProduct', txt('ram:Name', line.titel) + txt('ram:Description', line.beschreibung)) +
          el(
            'ram:SpecifiedLineTradeAgreement',
            el('ram:NetPriceProductTradePrice', el('ram:ChargeAmount', amount(line.unitNetCents))),
          ) +
          el('ram:SpecifiedLineTradeDelivery', el('ram:BilledQuantity', line.anzahl, ' unitCode="C62"')) +
          el(
            'ram:SpecifiedLineTradeSettlement',
            el(
              'ram:ApplicableTradeTax',
              el('ram:TypeCode', 'VAT') +
                el('ram:CategoryCode', lineVat(line, smallBusiness).category) +
                ratePercent(line.rate, smallBusiness),
            ) +
              el('ram:SpecifiedTradeSettlementLineMonetarySummation', el('ram:LineTotalAmount', amount(line.netCents))),
          ),
      ),
    )
    .join('');
  const sellerContact = invoice.xrechnung
    ? el(
        'ram:DefinedTradeContact',
        txt('ram:PersonName', seller.name) +
          (seller.telefon !== ''
            ? el('ram:TelephoneUniversalCommunication', txt('ram:CompleteNumber', seller.telefon))
            : '') +
          (seller.mail !== '' ? el('ram:EmailURIUniversalCommunication', txt('ram:URIID', seller.mail)) : ''),
      )
    : '';
  const sellerParty = el(
    'ram:SellerTradeParty',
    txt('ram:Name', seller.name) +
      sellerContact +
      address(`${seller.strasse} ${seller.hausnummer}`.trim(), seller.plz, seller.ort) +
      (seller.mail !== ''
        ? el('ram:URIUniversalCommunication', el('ram:URIID', escape(seller.mail), ' schemeID="EM"'))
        : '') +
      (seller.ustId !== ''
        ? el('ram:SpecifiedTaxRegistration', el('ram:ID', escape(seller.ustId), ' schemeID="VA"'))
        : '') +
      (seller.steuernummer !== ''
        ? el('ram:SpecifiedTaxRegistration', el('ram:ID', escape(seller.steuernummer), ' schemeID="FC"'))
        : ''),
  );
  const buyerParty = el(
    'ram:BuyerTradeParty',
    txt('ram:Name', buyer.name) +
      address(buyer.street, buyer.postcode, buyer.city) +
      (buyer.mail !== ''
        ? el('ram:URIUniversalCommunication', el('ram:URIID', escape(buyer.mail), ' schemeID="EM"'))
        : ''),
  );
  // One breakdown per rate, the 0 % lines per category with the exemption reason the category needs (BR-E-10).
  const taxes = vatBreakdowns(invoice.lines, totals, smallBusiness)
    .map((group) =>
      el(
        'ram:ApplicableTradeTax',
        el('ram:CalculatedAmount', amount(group.vatCents)) +
          el('ram:TypeCode', 'VAT') +
          txt('ram:ExemptionReason', group.reason) +
          el('ram:BasisAmount', amount(group.basisCents)) +
          el('ram:CategoryCode', group.category) +
          txt('ram:ExemptionReasonCode', group.reasonCode) +
          ratePercent(group.rate, smallBusiness),
      ),
    )
    .join('');
  const due = totals.grossCents - invoice.prepaidCents;
  const creditNote = invoice.creditedInvoice !== undefined;
  // Who pays whom (BG-16): an invoice names the seller's account for the buyer's transfer (58 SEPA credit
  // transfer); a credit note is paid by the seller, so it never offers the seller's IBAN as the buyer's
  // payment means: 1 'instrument not defined' with the text saying that the seller transfers the amount.
  const paymentMeans = creditNote
    ? el(
        'ram:SpecifiedTradeSettlementPaymentMeans',
        el('ram:TypeCode', '1') + el('ram:Information', escape(CREDIT_NOTE_PAYMENT)),
      )
    : seller.iban !== ''
      ? el(
          'ram:SpecifiedTradeSettlementPaymentMeans',
          el('ram:TypeCode', '58') +
            el('ram:PayeePartyCreditorFinancialAccount', txt('ram:IBANID', seller.iban.replace(/\s/g, ''))),
        )
      : '';
  const terms = creditNote
    ? el('ram:SpecifiedTradePaymentTerms', txt('ram:Description', invoice.creditTerms ?? CREDIT_NOTE_TERMS))
    : el(
        'ram:SpecifiedTradePaymentTerms',
        txt('ram:Description', `Zahlbar innerhalb von ${seller.zahlungszielTage} Tagen.`) +
          date('ram:DueDateDateTime', invoice.dueDate),
      );
  const settlement = el(
    'ram:ApplicableHeaderTradeSettlement',
    txt('ram:PaymentReference', invoice.number) +
      el('ram:InvoiceCurrencyCode', 'EUR') +
      paymentMeans +
      taxes +
      terms +
      el(
        'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
        el('ram:LineTotalAmount', amount(totals.netCents)) +
          el('ram:TaxBasisTotalAmount', amount(totals.netCents)) +
          el('ram:TaxTotalAmount', amount(totals.vatCents), ' currencyID="EUR"') +
          el('ram:GrandTotalAmount', amount(totals.grossCents)) +
          el('ram:TotalPrepaidAmount', amount(invoice.prepaidCents)) +
          el('ram:DuePayableAmount', amount(due)),
      ) +
      (invoice.creditedInvoice
        ? el(
            'ram:InvoiceReferencedDocument',
            el('ram:IssuerAssignedID', escape(invoice.creditedInvoice.number)) +
              el(
                'ram:FormattedIssueDateTime',
                el('qdt:DateTimeString', invoice.creditedInvoice.datum.replace(/-/g, ''), ' format="102"'),
              ),
          )
        : ''),
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    el(
      'rsm:CrossIndustryInvoice',
      el(
        'rsm:ExchangedDocumentContext',
        el('ram:BusinessProcessSpecifiedDocumentContextParameter', el('ram:ID', BUSINESS_PROCESS)) +
          el(
            'ram:GuidelineSpecifiedDocumentContextParameter',
            el('ram:ID', invoice.xrechnung ? XRECHNUNG_GUIDELINE : FACTUR_X_GUIDELINE),
          ),
      ) +
        el(
          'rsm:ExchangedDocument',
          el('ram:ID', escape(invoice.number)) +
            el('ram:TypeCode', invoice.cancellation ? '384' : invoice.creditedInvoice ? '381' : '380') +
            date('ram:IssueDateTime', invoice.datum) +
            (invoice.note !== '' ? el('ram:IncludedNote', txt('ram:Content', invoice.note)) : ''),
        ) +
        el(
          'rsm:SupplyChainTradeTransaction',
          lineItems +
            el(
              'ram:ApplicableHeaderTradeAgreement',
              txt('ram:BuyerReference', buyer.reference) + sellerParty + buyerParty,
            ) +
            el(
              'ram:ApplicableHeaderTradeDelivery',
              el('ram:ActualDeliverySupplyChainEvent', date('ram:OccurrenceDateTime', invoice.lieferdatum)),
            ) +
            settlement,
        ),
      ' xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"' +
        ' xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"' +
        ' xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"' +
        ' xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"',
    )
  );
}
