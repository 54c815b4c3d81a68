import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import {
  costFromEInvoice,
  customerCalls,
  eInvoiceMessages,
  type CostView,
  type CustomerData,
  type CustomerSettings,
  type EInvoiceReading,
  type OrderDocumentView,
} from '@hortus/contract/modules/customers';
import { createGroup } from '../../../src/seed/factories';
import { customerCosts } from '../../../src/modules/customers/schema';
import { defaultCustomerSettings } from '../../../src/modules/customers/settings';
import { stopEInvoiceReader } from '../../../src/modules/customers/e-invoices';
import { renderPdf } from '../../../src/platform/pdf/pdf-document';
import { expectInvalid, expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';
import { customerCallsOf, XRECHNUNG_SELLER } from '../../support/customer-calls';
import { fetchStored } from '../../support/download';
import { postMultipart } from '../../support/multipart';
import { pageTexts } from '../../support/pdf-reader';

// Issue 45: receiving e-invoices. A cost is filled from an uploaded ZUGFeRD/Factur-X PDF or XRechnung (CII, UBL):
// the product's own files (made by the document call) and three of other producers written by hand after the
// published examples' structure (test/fixtures/e-invoices) are read back into costs.

let server: TestServer;
let staff: { code: string; id: number };
let otherStaff: { code: string; id: number };
let settingsOnly: { code: string; id: number };
let nobody: { code: string; id: number };
let customerLogin: { code: string; id: number };
const { save, data, addCustomer } = customerCallsOf(() => server);
const year = new Date().getFullYear();
const fixture = (name: string) => fs.readFileSync(new URL(`../../fixtures/e-invoices/${name}`, import.meta.url));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const settings = (customerGroup: number): CustomerSettings => ({
  ...defaultCustomerSettings,
  id_nutzergruppe_kunde: customerGroup,
  kostenstellen: [{ nummer: 1, name: 'Büro', konto: '' }],
  firma: {
    ...defaultCustomerSettings.firma,
    ...XRECHNUNG_SELLER,
    name: 'Muster GmbH',
    iban: 'DE02120300000000202051',
    bic: 'BYLADEM1001',
    ustId: 'DE123456789',
  },
});

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.userWithSession({ rechteSolo: ['x|410|000', 'x|410|set'] });
  staff = await server.userWithSession({ rechteSolo: ['x|410|000'] });
  otherStaff = await server.userWithSession({ rechteSolo: ['x|410|000'] });
  settingsOnly = await server.userWithSession({ rechteSolo: ['x|410|set'] });
  nobody = await server.userWithSession({ rechteSolo: ['x|110|000'] });
  const customerGroup = await createGroup(server.database.db, { name: 'Kunden', rechte: ['x|410|000'] });
  customerLogin = await server.userWithSession({ groupIds: [customerGroup] });
  expectStatus(await save(admin.code, { type: 'saveSettings', data: settings(customerGroup) }), 'success');
});
afterAll(async () => {
  await stopEInvoiceReader();
  await server.close();
});

/** kostenEingangsrechnung with one file, as a Reply. */
async function readInvoice(code: string, filename: string, bytes: Buffer): Promise<Reply> {
  const reply = await postMultipart(
    server.app,
    customerCalls.kostenEingangsrechnung.url,
    { code },
    { filename, bytes },
  );
  return { statusCode: reply.statusCode, headers: {}, body: reply.body, raw: JSON.stringify(reply.body) };
}
async function reading(filename: string, bytes: Buffer, code = staff.code): Promise<EInvoiceReading> {
  const reply = await readInvoice(code, filename, bytes);
  expectStatus(reply, 'success', 200);
  return reply.body.eRechnung as EInvoiceReading;
}
async function costRows(): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(customerCosts);
  return row?.n ?? 0;
}
/** addKosten with the proposal of a reading (as the dialog sends it after the user confirmed). */
async function addFromReading(read: EInvoiceReading, code = staff.code): Promise<CostView> {
  const reply = await save(code, {
    type: 'addKosten',
    data: { id: 0, id_kostenstelle: 1, ...read.vorschlag, wiederholen: 0, eRechnung: read.datei },
  });
  expectStatus(reply, 'success');
  const saved = reply.body.save as CustomerData;
  return saved.kosten.find((c) => c.id === saved.lastAddedKosten) as CostView;
}

/** An invoice of the product itself: customer, order with 19 % and 7 % lines, invoice; its PDF and XML. */
async function productInvoice(
  customer: Record<string, unknown>,
): Promise<{ pdf: Buffer; xml: Buffer | null; name: string }> {
  const customerId = await addCustomer(staff.code, customer);
  const order = await save(staff.code, {
    type: 'addAuftrag',
    data: {
      id: 0,
      id_kunde: customerId,
      typ: 'Auftrag',
      titel: 'Beratung',
      status: 1,
      leistungen: [
        { titel: 'Beratung', anzahl: '3', wert: '100,00', mwst: '19' },
        { titel: 'Brötchen', anzahl: '10', wert: '0,99', mwst: '7' },
      ],
    },
  });
  expectStatus(order, 'success');
  const issued = await server.call(customerCalls.dokument, staff.code, {
    dokument: {
      id_auftrag: (order.body.save as CustomerData).lastAddedAuftrag,
      dokumentart: 1,
      datum: `${year}-03-02`,
    },
  });
  expectStatus(issued, 'success');
  const document = issued.body.neuDokument as OrderDocumentView;
  return {
    name: document.name,
    pdf: await fetchStored(server.app, staff.code, document.pfad),
    xml: document.pfadXml ? await fetchStored(server.app, staff.code, document.pfadXml) : null,
  };
}

describe("the product's own e-invoices read back into costs", () => {
  it('an XRechnung (CII XML): fields, no error, the original kept unchanged with its hash and a readable PDF', async () => {
    const invoice = await productInvoice({ leitwegId: '991-12345-73' });
    const xml = invoice.xml as Buffer;
    const read = await reading(`${invoice.name}-xrechnung.xml`, xml);
    expect(read.format).toBe('XRechnung (CII)');
    expect(read.sha256).toBe(sha256(xml));
    expect(read.daten).toMatchObject({
      syntax: 'CII',
      rechnungsnummer: invoice.name,
      rechnungsdatum: `${year}-03-02`,
      waehrung: 'EUR',
      kaeuferReferenz: '991-12345-73',
      verkaeufer: { name: 'Muster GmbH', ustId: 'DE123456789', plz: '01099', ort: 'Dresden', land: 'DE' },
      kaeufer: { name: 'Bäckerei Müller & Söhne' },
      zahlung: { art: '58', iban: 'DE02120300000000202051' },
      // 3 × 100,00 at 19 % and 10 × 0,99 at 7 %: 357,00 + 10,59.
      summen: { positionen: 30_990, netto: 30_990, steuer: 5_769, brutto: 36_759, faellig: 36_759 },
    });
    expect(read.daten.steuersaetze.map((rate) => [rate.satz, rate.netto, rate.steuer])).toEqual([
      ['7', 990, 69],
      ['19', 30_000, 5_700],
    ]);
    expect(read.befunde.filter((finding) => finding.art === 'fehler')).toEqual([]);
    // Two rates: the cost takes the 19 % share and says so at the rate.
    expect(read.befunde).toEqual([expect.objectContaining({ feld: 'mwst', regel: 'BG-23', art: 'hinweis' })]);
    expect(read.vorschlag).toMatchObject({
      betrag: '357,00',
      mwst: '19',
      titel: `Rechnung ${invoice.name}`,
      titel2: 'Muster GmbH',
    });
    expect(read.vorschlag.beschreibung).toContain('IBAN DE02120300000000202051');
    // Only the uploader reads the waiting original; it is the file as uploaded.
    expect((await fetchStored(server.app, staff.code, read.datei)).equals(xml)).toBe(true);

    const cost = await addFromReading(read);
    expect(cost).toMatchObject({
      betrag: 35_700,
      mwst: '19',
      titel: `Rechnung ${invoice.name}`,
      titel2: 'Muster GmbH',
    });
    const [original, view] = cost.dokumente;
    expect(cost.dokumente).toHaveLength(2);
    expect(original).toMatchObject({ dokumentart: 1, name: `${invoice.name}-xrechnung.xml`, sha256: sha256(xml) });
    expect(original?.eRechnung?.daten.rechnungsnummer).toBe(invoice.name);
    expect((await fetchStored(server.app, staff.code, original?.pfad ?? '')).equals(xml)).toBe(true);
    expect(view).toMatchObject({
      dokumentart: 100,
      name: `${invoice.name}-xrechnung (lesbare Ansicht).pdf`,
      eRechnung: null,
    });
    const viewPdf = await fetchStored(server.app, staff.code, view?.pfad ?? '');
    expect(view?.sha256).toBe(sha256(viewPdf));
    const text = (await pageTexts(viewPdf)).join(' ');
    for (const part of [`Rechnung ${invoice.name}`, 'Muster GmbH', 'Bäckerei Müller & Söhne', 'Beratung', 'Brötchen'])
      expect(text).toContain(part);
    expect(text).toMatch(/Fälliger Betrag \(BT-115\)\s*367,59 EUR/);
    expect(text).toContain('IBAN (BT-84) DE02120300000000202051');
    // The waiting copy is gone: the same path cannot be saved twice.
    const again = await save(staff.code, {
      type: 'addKosten',
      data: { id: 0, ...read.vorschlag, eRechnung: read.datei },
    });
    expectInvalid(again, 'dataToSave.data.eRechnung', eInvoiceMessages.gone);
  });

  it('a ZUGFeRD/Factur-X PDF: the embedded factur-x.xml is read; saved on an existing cost without a second PDF', async () => {
    const invoice = await productInvoice({});
    expect(invoice.xml).toBeNull();
    const read = await reading(`${invoice.name}.pdf`, invoice.pdf);
    expect(read.format).toBe('ZUGFeRD/Factur-X (PDF mit factur-x.xml)');
    expect(read.daten).toMatchObject({
      anhang: 'factur-x.xml',
      rechnungsnummer: invoice.name,
      verkaeufer: { name: 'Muster GmbH' },
    });
    expect(read.daten.summen.faellig).toBe(36_759);
    expect(read.befunde.filter((finding) => finding.art === 'fehler')).toEqual([]);

    const added = await save(staff.code, {
      type: 'addKosten',
      data: { id: 0, datum: `${year}-03-05`, betrag: '1,00', titel: 'Vorab' },
    });
    const id = (added.body.save as CustomerData).lastAddedKosten;
    const version = (added.body.save as CustomerData).kosten.find((c) => c.id === id)?.version;
    const saved = await save(staff.code, {
      type: 'saveKosten',
      data: { id, ...read.vorschlag, version, eRechnung: read.datei },
    });
    expectStatus(saved, 'success');
    const cost = (saved.body.save as CustomerData).kosten.find((c) => c.id === id) as CostView;
    expect(cost.betrag).toBe(35_700);
    expect(cost.dokumente).toEqual([
      expect.objectContaining({ dokumentart: 1, name: `${invoice.name}.pdf`, sha256: sha256(invoice.pdf) }),
    ]);
    expect((await fetchStored(server.app, staff.code, cost.dokumente[0]?.pfad ?? '')).equals(invoice.pdf)).toBe(true);

    // Read again: the file is already a cost's invoice.
    const twice = await reading(`${invoice.name}.pdf`, invoice.pdf);
    expect(twice.befunde[0]).toMatchObject({
      feld: 'titel',
      art: 'hinweis',
      text: `Diese Datei ist schon den Kosten „Rechnung ${invoice.name}“ vom ${read.vorschlag.datum.split('-').reverse().join('.')} angehängt.`,
    });
  });
});

describe('e-invoices of other producers (test/fixtures/e-invoices, after the published examples)', () => {
  it('an XRechnung in CII with two VAT rates', async () => {
    const bytes = fixture('xrechnung-cii-zwei-steuersaetze.xml');
    const read = await reading('BK-2026-04711.xml', bytes);
    expect(read.format).toBe('XRechnung (CII)');
    expect(read.daten).toMatchObject({
      rechnungsnummer: 'BK-2026-04711',
      rechnungsdatum: '2026-03-02',
      faelligAm: '2026-03-16',
      kaeuferReferenz: '04011000-12345-03',
      verkaeufer: {
        name: 'Bürobedarf Krause GmbH',
        ustId: 'DE987654321',
        steuernummer: '231/456/78901',
        strasse: 'Markt 12',
        plz: '04109',
        ort: 'Leipzig',
      },
      zahlung: {
        iban: 'DE02120300000000202051',
        bic: 'BYLADEM1001',
        kontoinhaber: 'Bürobedarf Krause GmbH',
        verwendungszweck: 'BK-2026-04711 Kd 8812',
        bedingungen: 'Zahlbar innerhalb von 14 Tagen ohne Abzug.',
      },
      summen: { positionen: 19_510, netto: 19_510, steuer: 3_415, brutto: 22_925, faellig: 22_925 },
    });
    expect(read.daten.positionen.map((line) => [line.name, line.menge, line.einheit, line.netto, line.satz])).toEqual([
      ['Kopierpapier A4, 500 Blatt', '10', 'XPK', 4_500, '19'],
      ['Toner schwarz', '2', 'H87', 12_580, '19'],
      ['Fachbuch „Vereinsrecht kompakt“', '1', 'H87', 2_430, '7'],
    ]);
    expect(read.befunde.map((finding) => finding.regel)).toEqual(['BG-23']);
    expect(read.befunde[0]?.text).toContain('19 %: 203,25 € brutto; 7 %: 26,00 € brutto');
    expect(read.vorschlag).toMatchObject({ datum: '2026-03-16', betrag: '203,25', mwst: '19' });
    const cost = await addFromReading(read);
    expect(cost).toMatchObject({ datum: '2026-03-16', betrag: 20_325, netto: 17_080, titel: 'Rechnung BK-2026-04711' });
    expect(cost.titel2).toBe('Bürobedarf Krause GmbH');
    expect(cost.dokumente.map((d) => d.dokumentart)).toEqual([1, 100]);
  });

  it('an XRechnung in UBL (Invoice): seller with a tax number only, down payment deducted', async () => {
    const read = await reading('Rechnung 2026-117.xml', fixture('xrechnung-ubl-rechnung.xml'));
    expect(read.format).toBe('XRechnung (UBL)');
    expect(read.daten).toMatchObject({
      syntax: 'UBL',
      art: '380',
      rechnungsnummer: '2026-117',
      rechnungsdatum: '2026-04-30',
      faelligAm: '2026-05-15',
      verkaeufer: { name: 'Gartenbau Lindner e. K.', ustId: '', steuernummer: '203/118/04455' },
      kaeufer: { name: 'SV Grün-Weiß Dresden e. V.' },
      zahlung: { iban: 'DE75512108001245126199', bic: 'SOLADES1DRS', verwendungszweck: 'RG 2026-117' },
      summen: { brutto: 38_437, vorausbezahlt: 10_000, faellig: 28_437 },
    });
    expect(read.befunde).toEqual([]);
    const cost = await addFromReading(read);
    expect(cost).toMatchObject({ datum: '2026-05-15', betrag: 28_437, mwst: '19', titel2: 'Gartenbau Lindner e. K.' });
    expect(cost.beschreibung).toContain('Verwendungszweck: RG 2026-117');
  });

  it('a UBL CreditNote: said to be a credit, entities and character references decoded', async () => {
    const read = await reading('GS-2026-0031.xml', fixture('ubl-gutschrift.xml'));
    expect(read.format).toBe('E-Rechnung EN 16931 (UBL, Gutschrift/Rechnungskorrektur)');
    expect(read.daten).toMatchObject({
      art: '381',
      verkaeufer: { name: 'Weber & Söhne Druck GmbH', strasse: 'Gutenbergstraße 9' },
      zahlung: { bedingungen: 'Der Betrag wird mit der nächsten Rechnung verrechnet.' },
    });
    expect(read.daten.positionen[0]).toMatchObject({ menge: '500', preis: '0.16', netto: 8_000 });
    expect(read.befunde).toEqual([expect.objectContaining({ feld: 'betrag', regel: 'BT-3', art: 'hinweis' })]);
    expect(read.vorschlag).toMatchObject({ titel: 'Gutschrift GS-2026-0031', betrag: '95,20' });
    const cost = await addFromReading(read);
    expect(cost.dokumente[0]?.eRechnung?.befunde.map((finding) => finding.regel)).toEqual(['BT-3']);
  });

  it('reports the EN 16931 rules that matter for paying, in German, at the form fields', async () => {
    const broken = fixture('xrechnung-cii-zwei-steuersaetze.xml')
      .toString('utf8')
      .replace('<ram:ID>BK-2026-04711</ram:ID>', '<ram:ID></ram:ID>')
      .replace('DE02120300000000202051', 'DE02120300000000202052')
      .replace('<ram:InvoiceCurrencyCode>EUR', '<ram:InvoiceCurrencyCode>USD')
      .replace('<ram:GrandTotalAmount>229.25', '<ram:GrandTotalAmount>230.25')
      .replace(
        '<ram:LineTotalAmount>125.80</ram:LineTotalAmount>',
        '<ram:LineTotalAmount>125.00</ram:LineTotalAmount>',
      );
    const read = await reading('kaputt.xml', Buffer.from(broken));
    const byRule = Object.fromEntries(read.befunde.map((finding) => [finding.regel, finding]));
    expect(byRule['BT-1']).toMatchObject({ feld: 'titel', art: 'fehler', text: 'Die Rechnungsnummer (BT-1) fehlt.' });
    expect(byRule['BT-84']).toMatchObject({ feld: 'beschreibung', art: 'fehler' });
    expect(byRule['BT-84']?.text).toContain('DE02120300000000202052');
    expect(byRule['BT-5']).toMatchObject({
      feld: 'betrag',
      art: 'hinweis',
      text: 'Die Rechnung lautet auf USD, nicht auf Euro: bitte den gezahlten Betrag in Euro eintragen.',
    });
    expect(byRule['BR-CO-10']?.text).toBe(
      'Die Summe der Positionen (194,30 €) stimmt nicht mit der Nettosumme der Positionen (BT-106: 195,10 €) überein.',
    );
    expect(byRule['BR-CO-15']?.text).toBe(
      'Der Gesamtbetrag (BT-112: 230,25 €) ist nicht Nettobetrag (BT-109) + Umsatzsteuer (BT-110) = 229,25 €.',
    );
    expect(byRule['BR-CO-16']).toMatchObject({ feld: 'betrag', art: 'fehler' });
    // Nothing is saved by reading.
    const before = await costRows();
    await reading('kaputt.xml', Buffer.from(broken));
    expect(await costRows()).toBe(before);
    expect(costFromEInvoice(read.daten).titel).toBe('Rechnung');
  });
});

describe('kostenEingangsrechnung: rights and bad input', () => {
  const xml = () => fixture('xrechnung-ubl-rechnung.xml');

  it('needs the right of creating costs: others are refused and nothing is kept', async () => {
    for (const user of [settingsOnly, nobody, customerLogin]) {
      const reply = await readInvoice(user.code, 'r.xml', xml());
      expectStatus(reply, 'noRight', 403);
    }
    expectStatus(await readInvoice('', 'r.xml', xml()), 'accessError', 401);
  });

  it("another user's read invoice cannot be saved or fetched", async () => {
    const read = await reading('r.xml', xml(), otherStaff.code);
    const before = await costRows();
    const reply = await save(staff.code, {
      type: 'addKosten',
      data: { id: 0, ...read.vorschlag, eRechnung: read.datei },
    });
    expectInvalid(reply, 'dataToSave.data.eRechnung', eInvoiceMessages.gone);
    const made = await save(staff.code, {
      type: 'addKosten',
      data: { id: 0, ...read.vorschlag, eRechnung: 'f400-410/kosten/1/x.xml' },
    });
    expectInvalid(made, 'dataToSave.data.eRechnung', eInvoiceMessages.gone);
    expect(await costRows()).toBe(before);
    const download = await server.app.inject({
      method: 'POST',
      url: '/_api/data/download.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code: staff.code, file: read.datei }).toString(),
    });
    expect(download.statusCode).toBe(403);
  });

  it('refuses what is no e-invoice with a German message on the file, never a 500', async () => {
    const ubl = fixture('xrechnung-ubl-rechnung.xml').toString('utf8');
    const line = /<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>/.exec(ubl)?.[0] ?? '';
    const manyLines = Buffer.from(ubl.replace(line, line.repeat(501)));
    const plainPdf = await renderPdf({ title: 'Rechnung' }, (pdf) => pdf.paragraph('Eine Rechnung ohne XML.'));
    const cases: [string, Buffer, string][] = [
      ['notiz.txt', Buffer.from('keine Rechnung'), eInvoiceMessages.fileType],
      [
        'bild.png',
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]),
        eInvoiceMessages.fileType,
      ],
      ['kaputt.xml', Buffer.from('<?xml version="1.0"?><Invoice><ID>1</Invoice>'), eInvoiceMessages.brokenXml],
      ['abgeschnitten.xml', fixture('xrechnung-ubl-rechnung.xml').subarray(0, 2000), eInvoiceMessages.brokenXml],
      [
        'dtd.xml',
        Buffer.from('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "c">]><a>&b;</a>'),
        eInvoiceMessages.brokenXml,
      ],
      ['notiz.xml', Buffer.from('<?xml version="1.0"?><note><to>Anna</to></note>'), eInvoiceMessages.notAnInvoice],
      [
        'fremd.xml',
        Buffer.from('<Invoice xmlns="urn:example:not-ubl"><ID>1</ID></Invoice>'),
        eInvoiceMessages.notAnInvoice,
      ],
      ['scan.pdf', plainPdf, eInvoiceMessages.noAttachment],
      ['gross.xml', manyLines, eInvoiceMessages.tooManyLines],
      ['kaputt.pdf', Buffer.from('%PDF-1.7\n%âãÏÓ\nkein PDF'), eInvoiceMessages.brokenPdf],
    ];
    for (const [filename, bytes, message] of cases) {
      const reply = await readInvoice(staff.code, filename, bytes);
      expect(reply.statusCode, filename).toBe(400);
      expectInvalid(reply, 'file', message);
    }
    const missing = await postMultipart(server.app, customerCalls.kostenEingangsrechnung.url, { code: staff.code });
    expect(missing).toMatchObject({ status: 'validationError', statusCode: 400 });
  });

  it('kostenUpload records the SHA-256 of every cost document', async () => {
    const added = await save(staff.code, {
      type: 'addKosten',
      data: { id: 0, datum: `${year}-01-02`, betrag: '5,00', titel: 'Porto' },
    });
    const id = (added.body.save as CustomerData).lastAddedKosten;
    const bytes = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const reply = await postMultipart(
      server.app,
      customerCalls.kostenUpload.url,
      { code: staff.code, id_k: String(id) },
      { filename: 'Beleg.pdf', bytes },
    );
    expect(reply.status).toBe('success');
    const cost = (await data(staff.code)).kosten.find((c) => c.id === id);
    expect(cost?.dokumente[0]).toMatchObject({ sha256: sha256(bytes), eRechnung: null });
  });
});
