import Big from 'big.js';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isIsoDate } from '@hortus/contract';
import type {
  EInvoiceData,
  EInvoiceLine,
  EInvoiceParty,
  EInvoiceRate,
  EInvoiceTotals,
} from '@hortus/contract/modules/customers';

/**
 * Reads an e-invoice's XML — UN/CEFACT CII (ZUGFeRD/Factur-X, XRechnung CII) or OASIS UBL 2.1 (Invoice and
 * CreditNote, XRechnung UBL) — into the business terms of EN 16931 a receiver needs (contract e-invoice.ts).
 * Only what is written is taken: nothing is computed or corrected here; the findings judge it. A document type
 * declaration is refused (e-invoices have none; no entity of a DTD is ever expanded).
 */

export type XmlRefusal = 'brokenXml' | 'notAnInvoice' | 'tooManyLines';

/** Lines an invoice may have (a larger one is filed as a plain document). */
export const MAX_LINES = 500;
/** Longest text kept of any element. */
const TEXT_MAX = 1000;

const CII_NS = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const UBL_INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const UBL_CREDIT_NOTE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Entities are decoded by textOf: the parser's own decoder leaves numeric references ('&#228;') as written.
  processEntities: false,
});

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The five predefined entities and character references (a document type, thus any other entity, is refused). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name] ?? whole;
  });
}

type XmlNode = Record<string, unknown>;

/** The values of a child: none, one or several elements alike. */
function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** The first element at a path of child names. */
function at(node: unknown, ...path: string[]): unknown {
  let current: unknown = node;
  for (const name of path) {
    const first = list(current)[0];
    if (typeof first !== 'object' || first === null) return undefined;
    current = (first as XmlNode)[name];
  }
  return list(current)[0];
}

/** The text of an element (with or without attributes), trimmed and bounded; '' when missing. */
function textOf(node: unknown): string {
  const value = typeof node === 'object' && node !== null ? (node as XmlNode)['#text'] : node;
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  return [...decodeEntities(String(value)).trim()].slice(0, TEXT_MAX).join('');
}
const textAt = (node: unknown, ...path: string[]) => textOf(at(node, ...path));
function attribute(node: unknown, name: string): string {
  return typeof node === 'object' && node !== null ? textOf((node as XmlNode)[`@${name}`]) : '';
}

/** An amount in cents (half-up), or null when missing or not a decimal number. */
function centsOf(node: unknown): number | null {
  const text = textOf(node);
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  const cents = Number(new Big(text).times(100).round(0, Big.roundHalfUp).toFixed(0));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** A rate as a plain decimal ('19.00' → '19'); kept as written when it is not a number. */
function rateOf(node: unknown): string {
  const text = textOf(node);
  return /^\d+(\.\d+)?$/.test(text) ? new Big(text).toFixed() : text;
}

/** CII dates are 'YYYYMMDD' (format 102), UBL dates 'YYYY-MM-DD' (older ones with a zone); else as written. */
function dayOf(text: string): string {
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  const iso = compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : text.slice(0, 10);
  return isIsoDate(iso) ? iso : text;
}

/** Reads the XML of an e-invoice; `anhang` names the PDF attachment it came from ('' for a plain XML). */
export function readInvoiceXml(xml: string, anhang = ''): EInvoiceData | XmlRefusal {
  const text = xml.replace(/^\uFEFF/, '');
  if (/<!DOCTYPE/i.test(text) || XMLValidator.validate(text) !== true) return 'brokenXml';
  const head = text.slice(0, 4000);
  let parsed: XmlNode;
  try {
    parsed = parser.parse(text) as XmlNode;
  } catch {
    return 'brokenXml';
  }
  if (head.includes(CII_NS) && parsed['CrossIndustryInvoice'])
    return ciiInvoice(at(parsed, 'CrossIndustryInvoice'), anhang);
  if (head.includes(UBL_INVOICE_NS) && parsed['Invoice']) return ublInvoice(at(parsed, 'Invoice'), anhang, false);
  if (head.includes(UBL_CREDIT_NOTE_NS) && parsed['CreditNote'])
    return ublInvoice(at(parsed, 'CreditNote'), anhang, true);
  return 'notAnInvoice';
}

// ---------------------------------------------------------------- CII (D16B)

function ciiParty(party: unknown): EInvoiceParty {
  const address = at(party, 'PostalTradeAddress');
  const registrations = list((party as XmlNode | undefined)?.['SpecifiedTaxRegistration']);
  const registration = (scheme: string) =>
    textOf(registrations.map((entry) => at(entry, 'ID')).find((id) => attribute(id, 'schemeID') === scheme));
  return {
    name: textAt(party, 'Name'),
    ustId: registration('VA'),
    steuernummer: registration('FC'),
    strasse: textAt(address, 'LineOne'),
    zusatz: textAt(address, 'LineTwo'),
    plz: textAt(address, 'PostcodeCode'),
    ort: textAt(address, 'CityName'),
    land: textAt(address, 'CountryID'),
  };
}

function ciiInvoice(root: unknown, anhang: string): EInvoiceData | XmlRefusal {
  const document = at(root, 'ExchangedDocument');
  const transaction = at(root, 'SupplyChainTradeTransaction');
  if (!document && !transaction) return 'notAnInvoice';
  const lineItems = list((transaction as XmlNode | undefined)?.['IncludedSupplyChainTradeLineItem']);
  if (lineItems.length > MAX_LINES) return 'tooManyLines';
  const agreement = at(transaction, 'ApplicableHeaderTradeAgreement');
  const settlement = at(transaction, 'ApplicableHeaderTradeSettlement') as XmlNode | undefined;
  const currency = textAt(settlement, 'InvoiceCurrencyCode');
  const means = list(settlement?.['SpecifiedTradeSettlementPaymentMeans']);
  const account = means.map((entry) => at(entry, 'PayeePartyCreditorFinancialAccount')).find(Boolean);
  const terms = list(settlement?.['SpecifiedTradePaymentTerms']);
  const summation = at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation') as XmlNode | undefined;
  const taxTotals = list(summation?.['TaxTotalAmount']);
  const lines: EInvoiceLine[] = lineItems.map((item) => {
    const quantity = at(item, 'SpecifiedLineTradeDelivery', 'BilledQuantity');
    const tax = at(item, 'SpecifiedLineTradeSettlement', 'ApplicableTradeTax');
    return {
      nr: textAt(item, 'AssociatedDocumentLineDocument', 'LineID'),
      name: textAt(item, 'SpecifiedTradeProduct', 'Name'),
      menge: textOf(quantity),
      einheit: attribute(quantity, 'unitCode'),
      preis: textAt(item, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount'),
      netto: centsOf(
        at(item, 'SpecifiedLineTradeSettlement', 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount'),
      ),
      kategorie: textAt(tax, 'CategoryCode'),
      satz: rateOf(at(tax, 'RateApplicablePercent')),
    };
  });
  const rates: EInvoiceRate[] = list(settlement?.['ApplicableTradeTax']).map((tax) => ({
    kategorie: textAt(tax, 'CategoryCode'),
    satz: rateOf(at(tax, 'RateApplicablePercent')),
    netto: centsOf(at(tax, 'BasisAmount')),
    steuer: centsOf(at(tax, 'CalculatedAmount')),
    befreiungsgrund: textAt(tax, 'ExemptionReason'),
  }));
  const totals: EInvoiceTotals = {
    positionen: centsOf(at(summation, 'LineTotalAmount')),
    nachlaesse: centsOf(at(summation, 'AllowanceTotalAmount')),
    zuschlaege: centsOf(at(summation, 'ChargeTotalAmount')),
    netto: centsOf(at(summation, 'TaxBasisTotalAmount')),
    // BT-110 is the tax total in the invoice's currency (a second one may state it in the accounting currency).
    steuer: centsOf(taxTotals.find((total) => attribute(total, 'currencyID') === currency) ?? taxTotals[0]),
    brutto: centsOf(at(summation, 'GrandTotalAmount')),
    vorausbezahlt: centsOf(at(summation, 'TotalPrepaidAmount')),
    rundung: centsOf(at(summation, 'RoundingAmount')),
    faellig: centsOf(at(summation, 'DuePayableAmount')),
  };
  return {
    syntax: 'CII',
    anhang,
    profil: textAt(root, 'ExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID'),
    art: textAt(document, 'TypeCode'),
    rechnungsnummer: textAt(document, 'ID'),
    rechnungsdatum: dayOf(textAt(document, 'IssueDateTime', 'DateTimeString')),
    faelligAm: dayOf(textOf(terms.map((term) => at(term, 'DueDateDateTime', 'DateTimeString')).find(Boolean))),
    waehrung: currency,
    kaeuferReferenz: textAt(agreement, 'BuyerReference'),
    verkaeufer: ciiParty(at(agreement, 'SellerTradeParty')),
    kaeufer: ciiParty(at(agreement, 'BuyerTradeParty')),
    zahlung: {
      art: textAt(means[0], 'TypeCode'),
      iban: textAt(account, 'IBANID') || textAt(account, 'ProprietaryID'),
      kontoinhaber: textAt(account, 'AccountName'),
      bic: textOf(means.map((entry) => at(entry, 'PayeeSpecifiedCreditorFinancialInstitution', 'BICID')).find(Boolean)),
      verwendungszweck: textAt(settlement, 'PaymentReference'),
      bedingungen: terms
        .map((term) => textAt(term, 'Description'))
        .filter(Boolean)
        .join(' '),
    },
    positionen: lines,
    steuersaetze: rates,
    summen: totals,
  };
}

// ---------------------------------------------------------------- UBL 2.1

function ublParty(party: unknown): EInvoiceParty {
  const address = at(party, 'PostalAddress');
  const schemes = list((party as XmlNode | undefined)?.['PartyTaxScheme']);
  const vat = schemes.find((scheme) => textAt(scheme, 'TaxScheme', 'ID') === 'VAT');
  const other = schemes.find((scheme) => textAt(scheme, 'TaxScheme', 'ID') !== 'VAT');
  return {
    // BT-27 is the legal registration name; the trading name (BT-28) stands in when it is missing.
    name: textAt(party, 'PartyLegalEntity', 'RegistrationName') || textAt(party, 'PartyName', 'Name'),
    ustId: textAt(vat, 'CompanyID'),
    steuernummer: textAt(other, 'CompanyID'),
    strasse: textAt(address, 'StreetName'),
    zusatz: textAt(address, 'AdditionalStreetName'),
    plz: textAt(address, 'PostalZone'),
    ort: textAt(address, 'CityName'),
    land: textAt(address, 'Country', 'IdentificationCode'),
  };
}

function ublInvoice(root: unknown, anhang: string, creditNote: boolean): EInvoiceData | XmlRefusal {
  const node = root as XmlNode | undefined;
  const total = at(root, 'LegalMonetaryTotal');
  if (!node || (!node['ID'] && !total)) return 'notAnInvoice';
  const lineItems = list(node[creditNote ? 'CreditNoteLine' : 'InvoiceLine']);
  if (lineItems.length > MAX_LINES) return 'tooManyLines';
  const currency = textAt(root, 'DocumentCurrencyCode');
  const means = list(node['PaymentMeans']);
  const account = means.map((entry) => at(entry, 'PayeeFinancialAccount')).find(Boolean);
  const taxTotals = list(node['TaxTotal']);
  // BT-110 is the tax total with the breakdown (BT-111, in the accounting currency, has none).
  const vatTotal =
    taxTotals.find((entry) => list((entry as XmlNode)['TaxSubtotal']).length > 0) ??
    taxTotals.find((entry) => attribute(at(entry, 'TaxAmount'), 'currencyID') === currency);
  const lines: EInvoiceLine[] = lineItems.map((item) => {
    const quantity = at(item, creditNote ? 'CreditedQuantity' : 'InvoicedQuantity');
    const category = at(item, 'Item', 'ClassifiedTaxCategory');
    return {
      nr: textAt(item, 'ID'),
      name: textAt(item, 'Item', 'Name'),
      menge: textOf(quantity),
      einheit: attribute(quantity, 'unitCode'),
      preis: textAt(item, 'Price', 'PriceAmount'),
      netto: centsOf(at(item, 'LineExtensionAmount')),
      kategorie: textAt(category, 'ID'),
      satz: rateOf(at(category, 'Percent')),
    };
  });
  const rates: EInvoiceRate[] = list((vatTotal as XmlNode | undefined)?.['TaxSubtotal']).map((subtotal) => ({
    kategorie: textAt(subtotal, 'TaxCategory', 'ID'),
    satz: rateOf(at(subtotal, 'TaxCategory', 'Percent')),
    netto: centsOf(at(subtotal, 'TaxableAmount')),
    steuer: centsOf(at(subtotal, 'TaxAmount')),
    befreiungsgrund: textAt(subtotal, 'TaxCategory', 'TaxExemptionReason'),
  }));
  const totals: EInvoiceTotals = {
    positionen: centsOf(at(total, 'LineExtensionAmount')),
    nachlaesse: centsOf(at(total, 'AllowanceTotalAmount')),
    zuschlaege: centsOf(at(total, 'ChargeTotalAmount')),
    netto: centsOf(at(total, 'TaxExclusiveAmount')),
    steuer: centsOf(at(vatTotal, 'TaxAmount')),
    brutto: centsOf(at(total, 'TaxInclusiveAmount')),
    vorausbezahlt: centsOf(at(total, 'PrepaidAmount')),
    rundung: centsOf(at(total, 'PayableRoundingAmount')),
    faellig: centsOf(at(total, 'PayableAmount')),
  };
  const dueDate = textAt(root, 'DueDate') || textOf(means.map((entry) => at(entry, 'PaymentDueDate')).find(Boolean));
  return {
    syntax: 'UBL',
    anhang,
    profil: textAt(root, 'CustomizationID'),
    art: textAt(root, creditNote ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'),
    rechnungsnummer: textAt(root, 'ID'),
    rechnungsdatum: dayOf(textAt(root, 'IssueDate')),
    faelligAm: dayOf(dueDate),
    waehrung: currency,
    kaeuferReferenz: textAt(root, 'BuyerReference'),
    verkaeufer: ublParty(at(root, 'AccountingSupplierParty', 'Party')),
    kaeufer: ublParty(at(root, 'AccountingCustomerParty', 'Party')),
    zahlung: {
      art: textAt(means[0], 'PaymentMeansCode'),
      iban: textAt(account, 'ID'),
      kontoinhaber: textAt(account, 'Name'),
      bic: textAt(account, 'FinancialInstitutionBranch', 'ID'),
      verwendungszweck: textOf(means.map((entry) => at(entry, 'PaymentID')).find(Boolean)),
      bedingungen: list(node['PaymentTerms'])
        .map((term) => textAt(term, 'Note'))
        .filter(Boolean)
        .join(' '),
    },
    positionen: lines,
    steuersaetze: rates,
    summen: totals,
  };
}
