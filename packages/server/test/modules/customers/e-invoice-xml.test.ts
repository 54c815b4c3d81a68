import { describe, expect, it } from 'vitest';
import { documentTotals } from '@hortus/contract';
import { YOUTH_WELFARE_EXEMPTION, type CustomerSettings } from '@hortus/contract/modules/customers';
import {
  BUSINESS_PROCESS,
  ciiXml,
  CREDIT_NOTE_PAYMENT,
  CREDIT_NOTE_TERMS,
  XRECHNUNG_GUIDELINE,
  xrechnungGaps,
  type CiiInvoice,
} from '../../../src/modules/customers/cii-xml';
import type { DocumentLine } from '../../../src/modules/customers/invoice-pdf';
import { negatedLine, negatedTotals } from '../../../src/modules/customers/cancellation';
import { defaultCustomerSettings } from '../../../src/modules/customers/settings';
import { facturXSchemaErrors } from '../../support/factur-x';

const seller: CustomerSettings['firma'] = {
  ...defaultCustomerSettings.firma,
  name: 'Gärtnerei Grün & Söhne <GbR>',
  strasse: 'Außenweg',
  hausnummer: '7a',
  plz: '01099',
  ort: 'Dresden',
  telefon: '0351 123456',
  mail: 'rechnung@gruen.example',
  steuernummer: '203/123/45678',
  ustId: 'DE123456789',
  bank: 'Sparkasse',
  iban: 'DE02 1203 0000 0000 2020 51',
  bic: 'BYLADEM1001',
};

function line(pos: number, titel: string, anzahl: string, unitNetCents: number, rate: string): DocumentLine {
  // The server's lines: net = quantity × unit price, rounded half-up to cents.
  const netCents = Math.round(Number(anzahl) * unitNetCents);
  return { pos, titel, beschreibung: '', anzahl, unitNetCents, netCents, rate };
}

function invoiceOf(lines: DocumentLine[], change: Partial<CiiInvoice> = {}): CiiInvoice {
  const firma = change.seller ?? seller;
  return {
    number: 'RE-2026-0001',
    datum: '2026-03-15',
    lieferdatum: '2026-03-01',
    dueDate: '2026-03-29',
    seller: firma,
    buyer: {
      name: 'Bäckerei Müller & Söhne',
      street: 'Hauptstraße 1',
      postcode: '01099',
      city: 'Dresden',
      reference: 'K-0001',
      mail: 'anna@example.org',
    },
    lines,
    totals: documentTotals(lines, { noVat: firma.kleinunternehmer }),
    prepaidCents: 0,
    note: '',
    xrechnung: false,
    ...change,
  };
}

/** Values of one CII element, in document order (entities as written). */
function values(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => m[1] as string);
}
const cents = (value: string | undefined) => Math.round(Number(value) * 100);

/** EN 16931 totals rules BR-CO-10..16 (no document-level allowances or charges, no rounding amount). */
function expectTotalsRules(xml: string): void {
  const summation =
    /<ram:SpecifiedTradeSettlementHeaderMonetarySummation>(.*?)<\/ram:SpecifiedTradeSettlementHeaderMonetarySummation>/s.exec(
      xml,
    )?.[1] ?? '';
  const header = (tag: string) => cents(values(summation, tag)[0]);
  const lineNets = [
    ...xml.matchAll(
      /<ram:SpecifiedTradeSettlementLineMonetarySummation>(.*?)<\/ram:SpecifiedTradeSettlementLineMonetarySummation>/gs,
    ),
  ].map((m) => cents(values(m[1] as string, 'ram:LineTotalAmount')[0]));
  const headerTaxes = [
    ...(
      /<ram:ApplicableHeaderTradeSettlement>(.*)<\/ram:ApplicableHeaderTradeSettlement>/s.exec(xml)?.[1] ?? ''
    ).matchAll(/<ram:ApplicableTradeTax>(.*?)<\/ram:ApplicableTradeTax>/gs),
  ].map((m) => m[1] as string);
  const basis = headerTaxes.map((tax) => cents(values(tax, 'ram:BasisAmount')[0]));
  const vat = headerTaxes.map((tax) => cents(values(tax, 'ram:CalculatedAmount')[0]));
  expect(lineNets.length).toBeGreaterThan(0);
  // BR-CO-10: BT-106 = Σ BT-131
  expect(header('ram:LineTotalAmount')).toBe(lineNets.reduce((a, b) => a + b, 0));
  // BR-CO-11/12: no allowances, no charges; BR-CO-13: BT-109 = BT-106 − BT-107 + BT-108
  expect(summation).not.toMatch(/AllowanceTotalAmount|ChargeTotalAmount/);
  expect(header('ram:TaxBasisTotalAmount')).toBe(header('ram:LineTotalAmount'));
  // BR-CO-14: BT-110 = Σ BT-117
  expect(header('ram:TaxTotalAmount')).toBe(vat.reduce((a, b) => a + b, 0));
  // BR-CO-15: BT-112 = BT-109 + BT-110
  expect(header('ram:GrandTotalAmount')).toBe(header('ram:TaxBasisTotalAmount') + header('ram:TaxTotalAmount'));
  // BR-CO-16: BT-115 = BT-112 − BT-113 (+ BT-114, none)
  expect(header('ram:DuePayableAmount')).toBe(header('ram:GrandTotalAmount') - header('ram:TotalPrepaidAmount'));
  // BR-CO-17 per category, and the categories' bases add up to BT-109
  expect(basis.reduce((a, b) => a + b, 0)).toBe(header('ram:TaxBasisTotalAmount'));
  headerTaxes.forEach((tax, i) => {
    const rate = Number(values(tax, 'ram:RateApplicablePercent')[0] ?? '0');
    expect(vat[i]).toBe(Math.round(((basis[i] as number) * rate) / 100));
  });
}

async function expectValid(xml: string): Promise<void> {
  expect(await facturXSchemaErrors(xml)).toEqual([]);
  expectTotalsRules(xml);
}

describe('CII XML (EN 16931) against the Factur-X 1.07.3 EN16931 XSD', () => {
  it('an invoice with several VAT rates, a down payment, a note and rounding per line', async () => {
    const lines = [
      line(1, 'Beratung', '1.5', 6666, '19'),
      line(2, 'Rosen "Gloria Dei"', '3', 83, '7'),
      line(3, 'Erde', '0.333', 1999, '7'),
      line(4, 'Spende', '1', 1000, '0'),
    ];
    const xml = ciiXml(invoiceOf(lines, { prepaidCents: 1000, note: 'Vielen Dank für Ihren Auftrag!\nZeile 2 <b>' }));
    await expectValid(xml);
    expect(values(xml, 'ram:CategoryCode')).toEqual(['S', 'S', 'S', 'Z', 'Z', 'S', 'S']);
    expect(values(xml, 'ram:TotalPrepaidAmount')).toEqual(['10.00']);
  });

  it('a discount line (negative unit price) has a negative quantity at a positive net price (BR-27)', async () => {
    const lines = [line(1, 'Beratung', '2', 5000, '19'), line(2, 'Rabatt Stammkunde', '1.5', -1000, '19')];
    const xml = ciiXml(invoiceOf(lines));
    await expectValid(xml);
    expect(values(xml, 'ram:ChargeAmount')).toEqual(['50.00', '10.00']);
    expect(values(xml, 'ram:BilledQuantity')).toEqual(['2', '-1.5']);
    expect(values(xml, 'ram:LineTotalAmount')).toEqual(['100.00', '-15.00', '85.00']);
  });

  it('names with umlauts and XML special characters are escaped and survive', async () => {
    const lines = [{ ...line(1, 'Hecke <schneiden> & "räumen"', '2', 4500, '19'), beschreibung: "Größe 'L' > 2 m" }];
    const xml = ciiXml(
      invoiceOf(lines, {
        number: 'RE-2026-Ä&1',
        buyer: {
          name: 'Müller & Söhne <Ost> "Süd"',
          street: 'Straße der Einheit 3',
          postcode: '04109',
          city: 'Leipzig',
          reference: 'Büro & Co',
          mail: "o'brien@example.org",
        },
      }),
    );
    await expectValid(xml);
    expect(xml).toContain('<ram:Name>Müller &amp; Söhne &lt;Ost&gt; &quot;Süd&quot;</ram:Name>');
    expect(xml).toContain('<ram:Name>Gärtnerei Grün &amp; Söhne &lt;GbR&gt;</ram:Name>');
  });

  it('a small business (§19 UStG) charges no VAT: category E with the exemption reason', async () => {
    const firma = { ...seller, kleinunternehmer: true, ustId: '' };
    const lines = [line(1, 'Rasen mähen', '2', 2500, '19'), line(2, 'Saatgut', '1', 499, '7')];
    const xml = ciiXml(invoiceOf(lines, { seller: firma }));
    await expectValid(xml);
    expect(values(xml, 'ram:CategoryCode')).toEqual(['E', 'E', 'E']);
    // BR-E-05 (line) and BR-48 (breakdown): the rate is there and 0.
    expect(values(xml, 'ram:RateApplicablePercent')).toEqual(['0', '0', '0']);
    expect(values(xml, 'ram:TaxTotalAmount')).toEqual(['0.00']);
    expect(values(xml, 'ram:ExemptionReason')).toHaveLength(1);
  });

  it('VAT categories per line: exempt after-care (E, § 4 Nr. 25 UStG) apart from zero-rated goods (Z), reasons per breakdown', async () => {
    const lines = [
      { ...line(1, 'Hortbetreuung', '1', 6250, '0'), ...YOUTH_WELFARE_EXEMPTION },
      line(2, 'Photovoltaikanlage', '1', 10000, '0'),
      line(3, 'Ausflug', '1', 2000, '19'),
      { ...line(4, 'Bauleistung', '1', 5000, '0'), ustKategorie: 'AE' },
    ];
    const xml = ciiXml(invoiceOf(lines));
    await expectValid(xml);
    expectTotalsRules(xml);
    const lineTaxes = [
      ...xml.matchAll(/<ram:SpecifiedLineTradeSettlement>(.*?)<\/ram:SpecifiedLineTradeSettlement>/gs),
    ];
    expect(lineTaxes.map((m) => values(m[1] as string, 'ram:CategoryCode')[0])).toEqual(['E', 'Z', 'S', 'AE']);
    const settlement =
      /<ram:ApplicableHeaderTradeSettlement>(.*)<\/ram:ApplicableHeaderTradeSettlement>/s.exec(xml)?.[1] ?? '';
    const breakdowns = [...settlement.matchAll(/<ram:ApplicableTradeTax>(.*?)<\/ram:ApplicableTradeTax>/gs)].map(
      (m) => ({
        category: values(m[1] as string, 'ram:CategoryCode')[0],
        basis: values(m[1] as string, 'ram:BasisAmount')[0],
        reason: values(m[1] as string, 'ram:ExemptionReason')[0],
        code: values(m[1] as string, 'ram:ExemptionReasonCode')[0],
      }),
    );
    // One breakdown per category (BR-E-08, BR-Z-08, BR-AE-08), each exempt one with its reason (BR-E-10, BR-AE-10).
    expect(breakdowns).toEqual([
      {
        category: 'E',
        basis: '62.50',
        reason: 'Steuerfreie Leistung der Kinder- und Jugendhilfe nach § 4 Nr. 25 UStG',
        code: 'VATEX-EU-132-1H',
      },
      { category: 'Z', basis: '100.00', reason: undefined, code: undefined },
      {
        category: 'AE',
        basis: '50.00',
        reason: 'Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)',
        code: 'VATEX-EU-AE',
      },
      { category: 'S', basis: '20.00', reason: undefined, code: undefined },
    ]);
  });

  it('a credit note (TypeCode 381) refers to the credited invoice (BT-25, BT-26)', async () => {
    const lines = [line(1, 'Beratung', '1', 9999, '19'), line(2, 'Blumen', '2', 124, '7')];
    const xml = ciiXml(
      invoiceOf(lines, { number: 'GS-2026-0001', creditedInvoice: { number: 'RE-2026-0001', datum: '2026-03-01' } }),
    );
    await expectValid(xml);
    expect(values(xml, 'ram:TypeCode')[0]).toBe('381');
    expect(values(xml, 'ram:IssuerAssignedID')).toEqual(['RE-2026-0001']);
  });

  it('a Stornorechnung (TypeCode 384) negates the invoice and refers to it (BT-25, BT-26; issue 45)', async () => {
    const lines = [
      line(1, 'Beratung', '1.5', 6666, '19'),
      line(2, 'Blumen', '2', 124, '7'),
      line(3, 'Rabatt', '1', -500, '19'),
    ];
    const original = invoiceOf(lines);
    const xml = ciiXml(
      invoiceOf(lines.map(negatedLine), {
        number: 'RE-2026-0002',
        totals: negatedTotals(original.totals),
        creditedInvoice: { number: 'RE-2026-0001', datum: '2026-03-01' },
        cancellation: true,
      }),
    );
    await expectValid(xml);
    expect(values(xml, 'ram:TypeCode')[0]).toBe('384');
    expect(values(xml, 'ram:IssuerAssignedID')).toEqual(['RE-2026-0001']);
    expect(xml).toContain(
      '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>RE-2026-0001</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20260301</qdt:DateTimeString>',
    );
    expect(values(xml, 'ram:GrandTotalAmount')).toEqual([(-original.totals.grossCents / 100).toFixed(2)]);
    // Unit prices stay positive (BR-27): the quantities change sign, the discount line's comes back positive.
    expect(values(xml, 'ram:BilledQuantity')).toEqual(['-1.5', '-2', '1']);
    expect(values(xml, 'ram:ChargeAmount')).toEqual(['66.66', '1.24', '5.00']);
    // The seller pays it back: no IBAN as the buyer's payment means, no due date.
    expect(xml).not.toMatch(/DueDateDateTime|IBANID/);
  });

  it('a seller without bank account, tax ids or address lines still writes a valid XML', async () => {
    const firma = { ...defaultCustomerSettings.firma, name: 'Meine Firma', steuernummer: '203/123/45678' };
    const xml = ciiXml(
      invoiceOf([line(1, 'Beratung', '1', 100, '19')], {
        seller: firma,
        buyer: { name: 'Stadt X', street: '', postcode: '', city: '', reference: 'K-2', mail: '' },
      }),
    );
    await expectValid(xml);
  });

  it('XRechnung 3.0 CII for a public-sector buyer (Leitweg-ID as BT-10, seller contact BG-6)', async () => {
    const lines = [line(1, 'Grünpflege Schulhof', '12', 4250, '19'), line(2, 'Pflanzen', '5', 1290, '7')];
    const xml = ciiXml(
      invoiceOf(lines, {
        xrechnung: true,
        buyer: {
          name: 'Stadt Görlitz – Amt für Schulen',
          street: 'Untermarkt 6',
          postcode: '02826',
          city: 'Görlitz',
          reference: '991-12345-73',
          mail: 'schulamt@goerlitz.example',
        },
      }),
    );
    expect(values(xml, 'ram:ID').slice(0, 2)).toEqual([BUSINESS_PROCESS, XRECHNUNG_GUIDELINE]);
    expect(values(xml, 'ram:BuyerReference')).toEqual(['991-12345-73']);
    // The Factur-X XSD restricts neither the guideline id nor the contact, so XRechnung's CII passes it too.
    await expectValid(xml);
  });

  it('the schema check itself refuses misordered elements and German decimal commas', async () => {
    const xml = ciiXml(invoiceOf([line(1, 'Beratung', '1', 100, '19')]));
    const misordered = xml.replace(
      /(<ram:TypeCode>380<\/ram:TypeCode>)(<ram:IssueDateTime>.*?<\/ram:IssueDateTime>)/,
      '$2$1',
    );
    expect(misordered).not.toBe(xml);
    expect((await facturXSchemaErrors(misordered)).join('\n')).toMatch(/IssueDateTime': This element is not expected/);
    const comma = xml.replace('<ram:GrandTotalAmount>1.19<', '<ram:GrandTotalAmount>1,19<');
    expect(comma).not.toBe(xml);
    expect((await facturXSchemaErrors(comma)).join('\n')).toMatch(/GrandTotalAmount.*not a valid value/);
  });
});

describe('XRechnung 3.0 and PEPPOL rules on the written XML', () => {
  const publicBuyer = {
    name: 'Stadt Görlitz – Amt für Schulen',
    street: 'Untermarkt 6',
    postcode: '02826',
    city: 'Görlitz',
    reference: '991-12345-73',
    mail: 'schulamt@goerlitz.example',
  };
  const lines = [line(1, 'Grünpflege Schulhof', '12', 4250, '19'), line(2, 'Pflanzen', '5', 1290, '7')];
  const part = (xml: string, tag: string) => new RegExp(`<${tag}>(.*?)</${tag}>`, 's').exec(xml)?.[1] ?? '';

  it('BT-23 business process, BT-34 seller and BT-49 buyer electronic address (PEPPOL-EN16931-R001/R010/R020)', async () => {
    for (const xrechnung of [true, false]) {
      const xml = ciiXml(invoiceOf(lines, { xrechnung, buyer: publicBuyer }));
      await expectValid(xml);
      expect(values(part(xml, 'ram:BusinessProcessSpecifiedDocumentContextParameter'), 'ram:ID')).toEqual([
        BUSINESS_PROCESS,
      ]);
      expect(part(xml, 'ram:SellerTradeParty')).toContain(
        '<ram:URIUniversalCommunication><ram:URIID schemeID="EM">rechnung@gruen.example</ram:URIID>',
      );
      expect(part(xml, 'ram:BuyerTradeParty')).toContain(
        '<ram:URIUniversalCommunication><ram:URIID schemeID="EM">schulamt@goerlitz.example</ram:URIID>',
      );
    }
  });

  it('XRechnung: seller contact BG-6 with name, phone, e-mail (BR-DE-2/5/6/7) and SEPA transfer with IBAN (BR-DE-1/23)', () => {
    const xml = ciiXml(invoiceOf(lines, { xrechnung: true, buyer: publicBuyer }));
    const contact = part(xml, 'ram:DefinedTradeContact');
    expect(values(contact, 'ram:PersonName')).toEqual([escapeXml(seller.name)]);
    expect(values(contact, 'ram:CompleteNumber')).toEqual(['0351 123456']);
    expect(values(contact, 'ram:URIID')).toEqual(['rechnung@gruen.example']);
    const means = part(xml, 'ram:SpecifiedTradeSettlementPaymentMeans');
    expect(values(means, 'ram:TypeCode')).toEqual(['58']);
    expect(values(means, 'ram:IBANID')).toEqual(['DE02120300000000202051']);
    expect(xrechnungGaps({ seller, buyer: publicBuyer })).toEqual([]);
  });

  it('a credit note has refund terms without a due date and never the seller IBAN as payment means', async () => {
    for (const xrechnung of [true, false]) {
      const xml = ciiXml(
        invoiceOf(lines, {
          xrechnung,
          buyer: publicBuyer,
          number: 'GS-2026-0001',
          creditedInvoice: { number: 'RE-2026-0001', datum: '2026-03-01' },
        }),
      );
      await expectValid(xml);
      const terms = part(xml, 'ram:SpecifiedTradePaymentTerms');
      expect(values(terms, 'ram:Description')).toEqual([CREDIT_NOTE_TERMS]);
      expect(xml).not.toContain('DueDateDateTime');
      expect(xml).not.toContain('Zahlbar innerhalb');
      expect(xml).not.toContain('IBANID');
      const means = part(xml, 'ram:SpecifiedTradeSettlementPaymentMeans');
      expect(values(means, 'ram:TypeCode')).toEqual(['1']);
      expect(values(means, 'ram:Information')).toEqual([CREDIT_NOTE_PAYMENT]);
    }
  });

  it('xrechnungGaps names every field an XRechnung cannot do without', () => {
    const bare = { ...defaultCustomerSettings.firma, name: 'Meine Firma' };
    const gaps = xrechnungGaps({
      seller: bare,
      buyer: { name: 'Stadt X', street: '', postcode: '', city: '', reference: '', mail: '' },
    });
    expect(gaps).toEqual([
      'Leitweg-ID des Kunden',
      'Postleitzahl der Rechnungsanschrift',
      'Ort der Rechnungsanschrift',
      'E-Mail-Adresse des Ansprechpartners beim Kunden',
      'Postleitzahl der Firma (Einstellungen)',
      'Ort der Firma (Einstellungen)',
      'E-Mail-Adresse der Firma (Einstellungen)',
      'Telefonnummer der Firma (Einstellungen)',
      'Steuernummer oder USt-IdNr. der Firma (Einstellungen)',
      'IBAN der Firma (Einstellungen)',
    ]);
    // A credit note is paid by the seller: no IBAN needed.
    expect(
      xrechnungGaps({
        seller: { ...seller, iban: '' },
        buyer: publicBuyer,
        creditedInvoice: { number: 'x', datum: 'y' },
      }),
    ).toEqual([]);
  });
});

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
