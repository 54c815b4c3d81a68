import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { bankMessages, documentTotals, formatEuro, platformCalls } from '@hortus/contract';
import {
  customerCalls,
  customerMessages,
  type CustomerData,
  type CustomerSettings,
  type DocumentInput,
  type OrderDocumentView,
  type OrderInput,
  type OrderView,
  NO_VAT_CHOICE,
  vatMessages,
  YOUTH_WELFARE_EXEMPTION,
} from '@hortus/contract/modules/customers';
import { createGroup, createParameter } from '../../../src/seed/factories';
import { userParameterValues } from '../../../src/platform/db/schema';
import {
  customerDocuments,
  customerOrders,
  customerScheduledDocuments,
  customers,
} from '../../../src/modules/customers/schema';
import { defaultCustomerSettings } from '../../../src/modules/customers/settings';
import { runDueDocuments } from '../../../src/modules/customers/document-job';
import { expectInvalid, expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';
import { customerCallsOf, XRECHNUNG_SELLER } from '../../support/customer-calls';
import { openPdf, pageTexts, xmpMetadata, xmpRaw } from '../../support/pdf-reader';
import { BUSINESS_PROCESS } from '../../../src/modules/customers/cii-xml';
import { postMultipart } from '../../support/multipart';
import { facturXSchemaErrors } from '../../support/factur-x';

let server: TestServer;
let admin: { code: string; id: number };
let staff: { code: string; id: number };
let customerGroup: number;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.userWithSession({ rechteSolo: ['x|410|000', 'x|410|set'] });
  staff = await server.userWithSession({ rechteSolo: ['x|410|000'] });
  customerGroup = await createGroup(server.database.db, { name: 'Kunden', rechte: ['x|410|000'] });
  expectStatus(await save(admin.code, { type: 'saveSettings', data: settingsWith({}) }), 'success');
});
afterAll(() => server.close());

const { getSettings, dokument, delDokument } = customerCalls;
const year = new Date().getFullYear();

function settingsWith(change: Partial<CustomerSettings>): CustomerSettings {
  return {
    ...defaultCustomerSettings,
    id_nutzergruppe_kunde: customerGroup,
    firma: {
      ...defaultCustomerSettings.firma,
      name: 'Muster GmbH',
      iban: 'DE02120300000000202051',
      ustId: 'DE123456789',
    },
    ...change,
  };
}
const { save, data } = customerCallsOf(() => server);
async function rows(table: typeof customers | typeof customerOrders | typeof customerDocuments): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

function addCustomer(input: Record<string, unknown> = {}): Promise<number> {
  return customerCallsOf(() => server).addCustomer(staff.code, input);
}

const lines: OrderInput['leistungen'] = [
  { titel: 'Beratung', anzahl: '3', wert: '33,33', mwst: '19' },
  { titel: 'Brötchen', anzahl: '2,5', wert: '0,99', mwst: '7', kosten: '1,00' },
];
async function addOrder(idKunde: number, input: Partial<OrderInput> = {}): Promise<OrderView> {
  const reply = await save(staff.code, {
    type: 'addAuftrag',
    data: {
      id: 0,
      id_kunde: idKunde,
      typ: 'Auftrag',
      titel: 'Auftrag',
      status: 1,
      leistungen: lines,
      adminInfo: 'intern',
      ...input,
    },
  });
  expectStatus(reply, 'success');
  const saved = reply.body.save as CustomerData;
  return saved.auftraege.find((order) => order.id === saved.lastAddedAuftrag) as OrderView;
}
function invoice(idAuftrag: number, input: Partial<DocumentInput> = {}): Promise<Reply> {
  return server.call(dokument, staff.code, {
    dokument: { id_auftrag: idAuftrag, dokumentart: 1, datum: `${year}-03-15`, ...input },
  });
}
async function download(code: string, file: string) {
  return server.app.inject({
    method: 'POST',
    url: platformCalls.download.url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ code, file }).toString(),
  });
}

describe('getSettings: load and rights', () => {
  it('needs a session and x|410|000 (or the settings right)', async () => {
    expectStatus(await server.call(getSettings, 'x'.repeat(43)), 'accessError');
    const stranger = await server.userWithSession({ rechteSolo: ['x|150'] });
    expectStatus(await server.call(getSettings, stranger.code), 'noRight', 403);
    const loaded = await data(staff.code);
    expect(loaded.istKunde).toBe(false);
    expect(loaded.kosten).toEqual([]);
    expect(loaded.lastEditedLeistungenNeuKosten).toEqual([]);
    expect(loaded.settings.firma.name).toBe('Muster GmbH');
  });

  it('saves settings only with x|410|set', async () => {
    expectStatus(await save(staff.code, { type: 'saveSettings', data: settingsWith({}) }), 'noRight', 403);
    const bad = await save(admin.code, {
      type: 'saveSettings',
      data: settingsWith({ leistungstypen: [{ id: 1, name: 'X', mwst: '120', ...NO_VAT_CHOICE }] }),
    });
    expectInvalid(bad, 'dataToSave.data.leistungstypen.0.mwst', 'Bitte einen Steuersatz zwischen 0 und 100 angeben.');
    const settingsOnly = await server.userWithSession({ rechteSolo: ['x|410|set'] });
    expectStatus(await save(settingsOnly.code, { type: 'addKunde', data: { id: 0, firma: 'X' } }), 'noRight', 403);
    expectStatus(await save(settingsOnly.code, { type: 'saveSettings', data: settingsWith({}) }), 'success');
    const ok = await save(admin.code, { type: 'saveSettings', data: settingsWith({ dataOffline: true }) });
    expectStatus(ok, 'success');
    expect((ok.body.save as CustomerData).settings.dataOffline).toBe(true);
  });

  it('refuses a mistyped IBAN and a malformed BIC of the company data in German, changing nothing', async () => {
    const firma = { ...settingsWith({}).firma };
    const mistyped = await save(admin.code, {
      type: 'saveSettings',
      data: settingsWith({ firma: { ...firma, iban: 'DE03 1203 0000 0000 2020 51', bic: 'BYLA1' } }),
    });
    expectInvalid(mistyped, 'dataToSave.data.firma.iban', bankMessages.ibanChecksum);
    expectInvalid(mistyped, 'dataToSave.data.firma.bic', bankMessages.bic);
    const loaded = await data(admin.code);
    expect(loaded.settings.firma.iban).toBe('DE02120300000000202051');
    const grouped = await save(admin.code, {
      type: 'saveSettings',
      data: settingsWith({ firma: { ...firma, iban: 'DE02 1203 0000 0000 2020 51', bic: 'BYLADEM1001' } }),
    });
    expectStatus(grouped, 'success');
    expect((grouped.body.save as CustomerData).settings.firma.iban).toBe('DE02 1203 0000 0000 2020 51');
    expectStatus(await save(admin.code, { type: 'saveSettings', data: settingsWith({}) }), 'success');
  });
});

describe('customers', () => {
  it('adds with the next number, derives the name, keeps contacts and addresses with ids', async () => {
    const id = await addCustomer();
    const customer = (await data(staff.code)).kunden.find((k) => k.id === id);
    expect(customer?.ident).toBe('Bäckerei Müller & Söhne');
    expect(Number(customer?.kundennummer)).toBeGreaterThanOrEqual(10001);
    expect(customer?.ansprechpartner[0]).toMatchObject({ id: 1, anrede: 'Frau', nachname: 'Müller' });
    expect(customer?.anschriften[0]).toMatchObject({ id: 1, ort: 'Dresden' });
    const second = await addCustomer({ firma: '', ansprechpartner: [{ vorname: 'Ute', nachname: 'Lange' }] });
    const list = (await data(staff.code)).kunden;
    expect(list.find((k) => k.id === second)?.ident).toBe('Ute Lange');
    // sorted by number descending
    expect(list.map((k) => Number(k.kundennummer))).toEqual(
      [...list.map((k) => Number(k.kundennummer))].sort((a, b) => b - a),
    );
  });

  it('refuses a taken number, bad names, mails and salutations with German messages and writes nothing', async () => {
    const id = await addCustomer({ kundennummer: '555' });
    const before = await rows(customers);
    expectInvalid(
      await save(staff.code, { type: 'addKunde', data: { id: 0, kundennummer: '555' } }),
      'dataToSave.data.kundennummer',
      customerMessages.customerNumberTaken,
    );
    expectInvalid(
      await save(staff.code, { type: 'addKunde', data: { id: 0, kundennummer: '12a' } }),
      'dataToSave.data.kundennummer',
    );
    expectInvalid(
      await save(staff.code, { type: 'addKunde', data: { id: 0, firma: '<script>' } }),
      'dataToSave.data.firma',
    );
    expectInvalid(
      await save(staff.code, {
        type: 'addKunde',
        data: { id: 0, ansprechpartner: [{ mail: 'kein-mail', anrede: 'Divers' }] },
      }),
      'dataToSave.data.ansprechpartner.0.mail',
    );
    expectInvalid(
      await save(staff.code, { type: 'addKunde', data: { id: 0, ansprechpartner: [{ anrede: 'Divers' }] } }),
      'dataToSave.data.ansprechpartner.0.anrede',
      'Bitte Herr oder Frau wählen.',
    );
    expect(await rows(customers)).toBe(before);
    const edited = await save(staff.code, { type: 'saveKunde', data: { id, kundennummer: '555', firma: 'Neu GmbH' } });
    expectStatus(edited, 'success');
    expect((edited.body.save as CustomerData).lastEditedKunde).toBe(id);
    expectStatus(await save(staff.code, { type: 'saveKunde', data: { id: 999999, firma: 'X' } }), 'notFound', 404);
  });

  // Issue 45 (Art. 17 DSGVO): an order without vouchers goes with its customer; orders with vouchers are held
  // for their legal period (retention-holds.test.ts).
  it('deletes a customer with its orders that hold no voucher', async () => {
    const id = await addCustomer();
    const order = await addOrder(id);
    const deleted = await save(staff.code, { type: 'delKunde', data: { id } });
    expectStatus(deleted, 'success');
    const after = deleted.body.save as CustomerData;
    expect(after.lastDeletedKunde).toBe(id);
    expect(after.kunden.some((k) => k.id === id)).toBe(false);
    expect(after.auftraege.some((o) => o.id === order.id)).toBe(false);
    expect(deleted.body.hinweis).toBe(
      'Der Kunde wurde gelöscht. Es gibt keine Belege, die aufbewahrt werden müssen. Ein Auftrag ohne Belege wurde mit gelöscht.',
    );
    expectStatus(await save(staff.code, { type: 'delKunde', data: { id } }), 'notFound', 404);
  });
});

describe('orders and contracts', () => {
  it('computes line net, gross and totals in exact cents', async () => {
    const order = await addOrder(await addCustomer());
    expect(order.leistungen.map((l) => [l.wert, l.netto, l.wertBrutto, l.mwst, l.anzahl])).toEqual([
      [3333, 9999, 11899, '19', '3'],
      [99, 248, 265, '7', '2.5'], // 2.475 → 2.48 net; 2.48 × 1.07 = 2.6536 → 2.65
    ]);
    expect(order.umsatz).toBe(9999 + 248);
    expect(order.kosten).toBe(100);
    expect(order.gewinn).toBe(9999 + 248 - 93); // 1,00 gross at 7 % = 0,93 net
    expect(order.adminInfo).toBe('intern');
    expect(order.offeneRechnungen).toEqual({ betrag: 0 });
  });

  it('refuses bad amounts, quantities and rates with German messages and writes nothing', async () => {
    const kunde = await addCustomer();
    const before = await rows(customerOrders);
    const bad = async (line: Record<string, unknown>, field: string, message: string) =>
      expectInvalid(
        await save(staff.code, {
          type: 'addAuftrag',
          data: {
            id: 0,
            id_kunde: kunde,
            typ: 'Auftrag',
            titel: 'X',
            status: 1,
            leistungen: [{ titel: 'L', anzahl: '1', wert: '1', mwst: '19', ...line }],
          },
        }),
        `dataToSave.data.leistungen.0.${field}`,
        message,
      );
    await bad({ wert: '12,345' }, 'wert', 'Bitte einen Betrag angeben, z. B. 12,50.');
    await bad({ wert: 'zwölf' }, 'wert', 'Bitte einen Betrag angeben, z. B. 12,50.');
    await bad({ wert: '1e9' }, 'wert', 'Bitte einen Betrag angeben, z. B. 12,50.');
    await bad({ wert: '99999999999' }, 'wert', 'Der Betrag ist zu groß.');
    await bad({ anzahl: '0' }, 'anzahl', 'Bitte eine Anzahl angeben, z. B. 1 oder 2,5.');
    await bad({ mwst: '-7' }, 'mwst', 'Bitte einen Steuersatz zwischen 0 und 100 angeben.');
    await bad({ kosten: '-1' }, 'kosten', 'Bitte einen Betrag angeben, z. B. 12,50.');
    await bad({ titel: '' }, 'titel', 'Bitte angeben.');
    expectStatus(
      await save(staff.code, {
        type: 'addAuftrag',
        data: { id: 0, id_kunde: 999999, typ: 'Auftrag', titel: 'X', status: 1 },
      }),
      'notFound',
      404,
    );
    expect(await rows(customerOrders)).toBe(before);
  });

  it('a new contract ends one year after its start; the notice deadline is 28 days before', async () => {
    const order = await addOrder(await addCustomer(), {
      typ: 'Vertrag',
      status: 4,
      vertrag_beginn: '2024-02-29',
      vertrag_zahlungJaehrlich: 1,
    });
    expect(order).toMatchObject({
      vertrag_ende: '2025-02-28',
      vertrag_endeKuendigungsfrist: '2025-01-31',
      vertrag_zahlungJaehrlich: 1,
    });
    const missing = await save(staff.code, {
      type: 'addAuftrag',
      data: { id: 0, id_kunde: order.id_kunde, typ: 'Vertrag', titel: 'V', status: 4 },
    });
    expectInvalid(missing, 'dataToSave.data.vertrag_beginn', customerMessages.contractBeginRequired);
    const reversed = await save(staff.code, {
      type: 'saveAuftrag',
      data: {
        ...order,
        id: order.id,
        typ: 'Vertrag',
        titel: 'V',
        vertrag_beginn: '2025-01-01',
        vertrag_ende: '2024-01-01',
        leistungen: [],
      },
    });
    expectInvalid(reversed, 'dataToSave.data.vertrag_ende', customerMessages.contractEndBeforeBegin);
  });

  it('saves and deletes; numbers are unique', async () => {
    const order = await addOrder(await addCustomer());
    const saved = await save(staff.code, {
      type: 'saveAuftrag',
      data: {
        id: order.id,
        id_kunde: order.id_kunde,
        typ: 'Auftrag',
        titel: 'Neu',
        status: 8,
        auftragsnummer: order.auftragsnummer,
        leistungen: [],
      },
    });
    expectStatus(saved, 'success');
    const after = (saved.body.save as CustomerData).auftraege.find((o) => o.id === order.id);
    expect(after).toMatchObject({ titel: 'Neu', status: 8, leistungen: [], umsatz: 0 });
    const other = await addOrder(order.id_kunde);
    expectInvalid(
      await save(staff.code, {
        type: 'saveAuftrag',
        data: {
          id: other.id,
          id_kunde: order.id_kunde,
          typ: 'Auftrag',
          titel: 'X',
          status: 1,
          auftragsnummer: order.auftragsnummer,
        },
      }),
      'dataToSave.data.auftragsnummer',
      customerMessages.orderNumberTaken,
    );
    // An order with an issued invoice keeps it (issue 45); one with an offer only can go.
    const invoiced = await addOrder(order.id_kunde);
    expectStatus(await invoice(invoiced.id), 'success');
    expectInvalid(
      await save(staff.code, { type: 'delAuftrag', data: { id: invoiced.id } }),
      'dataToSave.data.id',
      customerMessages.orderHasIssuedDocuments,
    );
    const offered = await addOrder(order.id_kunde);
    expectStatus(await invoice(offered.id, { dokumentart: 2 }), 'success');
    expectStatus(await save(staff.code, { type: 'delAuftrag', data: { id: offered.id } }), 'success');
    const deleted = await save(staff.code, { type: 'delAuftrag', data: { id: other.id } });
    expect((deleted.body.save as CustomerData).auftraege.some((o) => o.id === other.id)).toBe(false);
    expectStatus(await save(staff.code, { type: 'delAuftrag', data: { id: other.id } }), 'notFound', 404);
  });
});

/** Values of one CII element, in document order. */
function values(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => m[1] as string);
}
const cents = (value: string | undefined) => Math.round(Number(value) * 100);

describe('documents: invoices and offers', () => {
  it('numbers invoices per year, writes the PDF with the embedded Factur-X XML whose totals rules hold', async () => {
    const kunde = await addCustomer();
    const order = await addOrder(kunde);
    const first = await invoice(order.id, {
      textbloecke: [1],
      ansprechpartnerId: 1,
      anzahlung: '10,00',
      lieferdatum: `${year}-03-01`,
    });
    expectStatus(first, 'success');
    const doc = first.body.neuDokument as OrderDocumentView;
    expect(doc.name).toMatch(new RegExp(`^RE-${year}-\\d{4}$`));
    const totals = documentTotals([
      { netCents: 9999, rate: '19' },
      { netCents: 248, rate: '7' },
    ]);
    expect(doc.wert).toBe(totals.grossCents);
    const second = await invoice(order.id);
    const next = Number(doc.name.slice(-4)) + 1;
    expect((second.body.neuDokument as OrderDocumentView).name).toBe(`RE-${year}-${String(next).padStart(4, '0')}`);
    const offer = await invoice(order.id, { dokumentart: 2 });
    expect((offer.body.neuDokument as OrderDocumentView).name).toMatch(new RegExp(`^AN-${year}-\\d{4}$`));

    const file = await download(staff.code, doc.pfad);
    expect(file.statusCode).toBe(200);
    const bytes = file.rawPayload;
    const text = (await pageTexts(bytes)).join('\n');
    expect(text).toContain(`Rechnung ${doc.name}`);
    expect(text).toContain('Sehr geehrte Frau Müller,');
    expect(text).toContain('Bäckerei Müller & Söhne');
    expect(text).toContain('Beratung');
    expect(text).toContain('99,99 €');
    expect(text).toContain(`USt. 19 % auf 99,99 €`);
    expect(text).toContain('Vielen Dank für Ihren Auftrag!');
    expect(text).toContain('Leistungsdatum: 01.03.');
    expect(text).toContain('Abzüglich Anzahlung');

    const pdf = await openPdf(bytes);
    const attachments = Object.values(
      (await pdf.getAttachments()) as Record<string, { filename: string; content: Uint8Array }>,
    );
    expect(attachments.map((a) => a.filename)).toEqual(['factur-x.xml']);
    const xml = Buffer.from(attachments[0]?.content ?? []).toString('utf8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice')).toBe(true);
    expect(values(xml, 'ram:ID').slice(0, 2)).toEqual([BUSINESS_PROCESS, 'urn:cen.eu:en16931:2017']);
    expect(values(xml, 'ram:ID')).toContain(doc.name);
    // BT-49: the invoice e-mail of the chosen contact as the buyer's electronic address.
    expect(xml).toContain('<ram:URIID schemeID="EM">anna@example.org</ram:URIID>');
    // Factur-X 1.07 XMP extension (fx:) with its PDF/A extension schema description, still PDF/A-3b.
    const xmp = await xmpMetadata(bytes);
    expect(xmp).toMatchObject({
      'pdfaid:part': '3',
      'pdfaid:conformance': 'B',
      'fx:documenttype': 'INVOICE',
      'fx:documentfilename': 'factur-x.xml',
      'fx:version': '1.0',
      'fx:conformancelevel': 'EN 16931',
    });
    expect(await xmpRaw(bytes)).toMatch(
      /<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#<\/pdfaSchema:namespaceURI><pdfaSchema:prefix>fx<\/pdfaSchema:prefix>/,
    );
    expect(values(xml, 'ram:TypeCode')[0]).toBe('380');
    expect(await facturXSchemaErrors(xml)).toEqual([]);
    // BT-72 delivery date
    expect(xml).toMatch(
      new RegExp(
        `<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format="102">${year}0301<`,
      ),
    );
    // BR-CO-10: sum of line net amounts = BT-106
    const lineTotals = values(xml, 'ram:LineTotalAmount').map(cents);
    const headerLineTotal = lineTotals.pop() as number;
    expect(lineTotals.reduce((a, b) => a + b, 0)).toBe(headerLineTotal);
    const basis = values(xml, 'ram:BasisAmount').map(cents);
    const calculated = values(xml, 'ram:CalculatedAmount').map(cents);
    const taxBasis = cents(values(xml, 'ram:TaxBasisTotalAmount')[0]);
    const taxTotal = cents(values(xml, 'ram:TaxTotalAmount')[0]);
    const grand = cents(values(xml, 'ram:GrandTotalAmount')[0]);
    const prepaid = cents(values(xml, 'ram:TotalPrepaidAmount')[0]);
    const due = cents(values(xml, 'ram:DuePayableAmount')[0]);
    // BR-CO-13 (no allowances/charges), BR-CO-14, BR-CO-15, BR-CO-16, BR-CO-17 per category
    expect(taxBasis).toBe(headerLineTotal);
    expect(basis.reduce((a, b) => a + b, 0)).toBe(taxBasis);
    expect(calculated.reduce((a, b) => a + b, 0)).toBe(taxTotal);
    expect(grand).toBe(taxBasis + taxTotal);
    expect(due).toBe(grand - prepaid);
    expect(prepaid).toBe(1000);
    const rates = values(xml, 'ram:RateApplicablePercent').slice(-basis.length);
    basis.forEach((b, i) => expect(calculated[i]).toBe(Math.round((b * Number(rates[i])) / 100)));
    expect(grand).toBe(doc.wert);
  });

  it('a credit note (GS-) credits an issued invoice as it was, refers to it in the XML and lowers the open amount', async () => {
    const order = await addOrder(await addCustomer());
    const issued = (await invoice(order.id)).body.neuDokument as OrderDocumentView;
    expectInvalid(
      await invoice(order.id, { dokumentart: 3 }),
      'dokument.rechnungId',
      customerMessages.creditNoteInvoice,
    );
    const other = await addOrder(order.id_kunde);
    expectInvalid(await invoice(other.id, { dokumentart: 3, rechnungId: issued.id }), 'dokument.rechnungId');
    // The order changes after the invoice: the credit note still credits the invoice's lines.
    expectStatus(
      await save(staff.code, {
        type: 'saveAuftrag',
        data: {
          id: order.id,
          id_kunde: order.id_kunde,
          typ: 'Auftrag',
          titel: 'X',
          status: 1,
          auftragsnummer: order.auftragsnummer,
          leistungen: [{ titel: 'Neu', anzahl: '1', wert: '1', mwst: '19' }],
        },
      }),
      'success',
    );
    const reply = await invoice(order.id, { dokumentart: 3, rechnungId: issued.id });
    expectStatus(reply, 'success');
    const credit = reply.body.neuDokument as OrderDocumentView;
    expect(credit.name).toMatch(new RegExp(`^GS-${year}-\\d{4}$`));
    expect(credit.wert).toBe(issued.wert);
    const bytes = (await download(staff.code, credit.pfad)).rawPayload;
    const text = (await pageTexts(bytes)).join('\n');
    // 'Gutschrift' is self-billing in § 14 UStG: the correction says what it is, and refunds nothing unpaid.
    expect(text).toContain(`Rechnungskorrektur ${credit.name}`);
    expect(text).not.toContain('Gutschrift');
    expect(text).toContain(`Zur Rechnung ${issued.name}`);
    expect(text).toContain('Beratung');
    expect(text).not.toContain('erstatten wir Ihnen');
    expect(text).toContain(`wird mit der Rechnung ${issued.name} vom`);
    expect(text).not.toContain('Bitte überweisen Sie');
    expect(text).toContain('Sehr geehrte Damen und Herren,');
    const pdf = await openPdf(bytes);
    const [attached] = Object.values((await pdf.getAttachments()) as Record<string, { content: Uint8Array }>);
    const xml = Buffer.from(attached?.content ?? []).toString('utf8');
    expect(values(xml, 'ram:TypeCode')[0]).toBe('381');
    expect(values(xml, 'ram:IssuerAssignedID')).toEqual([issued.name]);
    expect(await facturXSchemaErrors(xml)).toEqual([]);
    // Refund terms: no due date, no 'Zahlbar innerhalb', no seller IBAN as the customer's payment means.
    expect(xml).not.toMatch(/DueDateDateTime|Zahlbar innerhalb|IBANID/);
    expect(values(xml, 'ram:Description').join(' ')).toContain(`wird mit der Rechnung ${issued.name} vom`);
    expect(await xmpMetadata(bytes)).toMatchObject({ 'fx:documenttype': 'INVOICE' });
    const after = (await data(staff.code)).auftraege.find((o) => o.id === order.id);
    expect(after?.offeneRechnungen?.betrag).toBe(0);
  });

  it('a credit note refunds what was paid on the invoice (down payment, payments) and sets off the rest', async () => {
    const settled = async (anzahlung: string, paid: string | null) => {
      const order = await addOrder(await addCustomer());
      const issued = (await invoice(order.id, { anzahlung })).body.neuDokument as OrderDocumentView;
      if (paid)
        await postMultipart(
          server.app,
          customerCalls.upload.url,
          { code: staff.code, id_a: String(order.id), dokumentart: '20', wert: paid, datum: `${year}-03-20` },
          { filename: 'Zahlung.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') },
        );
      const credit = (await invoice(order.id, { dokumentart: 3, rechnungId: issued.id })).body
        .neuDokument as OrderDocumentView;
      const text = (await pageTexts((await download(staff.code, credit.pfad)).rawPayload))
        .join(' ')
        .replace(/\s+/g, ' ');
      return { text, gross: credit.wert, issued };
    };
    const euro = (cents: number) => formatEuro(cents);
    const partly = await settled('50,00', null);
    expect(partly.text).toContain(
      `erstatten wir Ihnen die bereits gezahlten 50,00 € in den nächsten Tagen per Überweisung auf Ihr Konto; die übrigen ${euro(partly.gross - 5000)} verrechnen wir mit dem offenen Betrag der Rechnung ${partly.issued.name}`,
    );
    expect(partly.text).not.toContain(`Den Betrag von ${euro(partly.gross)} erstatten`);
    const all = await settled('0', euro(partly.gross).replace(' €', ''));
    expect(all.gross).toBe(partly.gross);
    expect(all.text).toContain(`Den Betrag von ${euro(all.gross)} erstatten wir Ihnen`);
  });

  it('a payment reminder (ZE-) only after the due date and while an amount is open', async () => {
    const order = await addOrder(await addCustomer());
    const issued = (await invoice(order.id, { datum: `${year}-03-01` })).body.neuDokument as OrderDocumentView;
    const remind = (datum: string) => invoice(order.id, { dokumentart: 4, rechnungId: issued.id, datum });
    expectInvalid(await invoice(order.id, { dokumentart: 4 }), 'dokument.rechnungId', customerMessages.reminderInvoice);
    // Payment term 14 days: due on 15.03.
    expectInvalid(
      await remind(`${year}-03-15`),
      'dokument.rechnungId',
      `Die Rechnung ist erst am 15.03.${year} fällig.`,
    );
    const reply = await remind(`${year}-03-20`);
    expectStatus(reply, 'success');
    const reminder = reply.body.neuDokument as OrderDocumentView;
    expect(reminder.name).toMatch(new RegExp(`^ZE-${year}-\\d{4}$`));
    expect(reminder.wert).toBe(issued.wert);
    const text = (await pageTexts((await download(staff.code, reminder.pfad)).rawPayload)).join('\n');
    expect(text).toContain(`Zahlungserinnerung ${reminder.name}`);
    expect(text).toContain('Sehr geehrte Damen und Herren, sicher ist es Ihrer Aufmerksamkeit entgangen');
    const withContact = (
      await invoice(order.id, { dokumentart: 4, rechnungId: issued.id, datum: `${year}-03-20`, ansprechpartnerId: 1 })
    ).body.neuDokument as OrderDocumentView;
    expect((await pageTexts((await download(staff.code, withContact.pfad)).rawPayload)).join('\n')).toContain(
      'Sehr geehrte Frau Müller,',
    );
    expect(text).toContain(`Unsere Rechnung ${issued.name} vom 01.03.${year}`);
    // The reminder's value is not counted as invoiced.
    const view = (await data(staff.code)).auftraege.find((o) => o.id === order.id);
    expect(view?.offeneRechnungen?.betrag).toBe(issued.wert);
    await invoice(order.id, { dokumentart: 3, rechnungId: issued.id });
    expectInvalid(await remind(`${year}-03-21`), 'dokument.rechnungId', customerMessages.reminderNothingOpen);
  });

  it('a typed existing offer number is refused with the warning, then overwritten when confirmed', async () => {
    const order = await addOrder(await addCustomer());
    const name = `AN-${year}-X1`;
    const offer = (input: Partial<DocumentInput>) =>
      invoice(order.id, { dokumentart: 2, automatischeReAnNummer: false, reAnNummer: name, ...input });
    expectStatus(await offer({}), 'success');
    const before = await rows(customerDocuments);
    expectInvalid(await offer({}), 'dokument.reAnNummer', customerMessages.documentNumberExists);
    expectInvalid(
      await invoice(order.id, { automatischeReAnNummer: false, reAnNummer: 'AN-1' }),
      'dokument.reAnNummer',
    );
    const again = await offer({ ueberschreiben: true });
    expectStatus(again, 'success');
    expect(again.body.ueberschrieben).toBe(true);
    expect(await rows(customerDocuments)).toBe(before);
  });

  it('an issued invoice is never overwritten, even when confirmed (GoBD, issue 45)', async () => {
    const order = await addOrder(await addCustomer());
    const name = `RE-${year}-X1`;
    const made = (await invoice(order.id, { automatischeReAnNummer: false, reAnNummer: name })).body
      .neuDokument as OrderDocumentView;
    expect(made.status).toBe('ausgestellt');
    const before = await rows(customerDocuments);
    for (const ueberschreiben of [false, true])
      expectInvalid(
        await invoice(order.id, { automatischeReAnNummer: false, reAnNummer: name, ueberschreiben }),
        'dokument.reAnNummer',
        customerMessages.documentIssued('Rechnung'),
      );
    expect(await rows(customerDocuments)).toBe(before);
    const [row] = await server.database.db.select().from(customerDocuments).where(eq(customerDocuments.id, made.id));
    expect(row?.fileId).toBeGreaterThan(0);
    expect((await download(staff.code, made.pfad)).statusCode).toBe(200);
  });

  it('refuses orders without lines, unknown orders and addresses, and bad dates', async () => {
    const kunde = await addCustomer();
    const empty = await addOrder(kunde, { leistungen: [] });
    expectInvalid(await invoice(empty.id), 'dokument.id_auftrag', customerMessages.noLines);
    expectStatus(await invoice(999999), 'notFound', 404);
    const order = await addOrder(kunde);
    expectInvalid(
      await invoice(order.id, { anschriftId: 77 }),
      'dokument.anschriftId',
      customerMessages.unknownAddress,
    );
    expectInvalid(await invoice(order.id, { datum: '2026-02-30' }), 'dokument.datum');
    expectInvalid(await invoice(order.id, { anzahlung: '1,234' }), 'dokument.anzahlung');
    const noAddress = await addOrder(await addCustomer({ anschriften: [] }));
    expectInvalid(await invoice(noAddress.id), 'dokument.individuelleAnschrift', customerMessages.noAddress);
    const individual = await invoice(noAddress.id, {
      useIndividuelleAnschrift: true,
      individuelleAnschrift: 'Stadt X\nAmt 3\n01234 Irgendwo',
    });
    expectStatus(individual, 'success');
  });

  it('XRechnung (CII) for customers with a Leitweg-ID; small businesses charge no VAT', async () => {
    const order = await addOrder(await addCustomer({ leitwegId: '991-12345-73' }));
    // The test seller has no address, phone or e-mail: an XRechnung could not be valid, so nothing is written.
    const before = await rows(customerDocuments);
    expectInvalid(
      await invoice(order.id),
      'dokument.id_auftrag',
      customerMessages.xrechnungIncomplete([
        'Postleitzahl der Firma (Einstellungen)',
        'Ort der Firma (Einstellungen)',
        'E-Mail-Adresse der Firma (Einstellungen)',
        'Telefonnummer der Firma (Einstellungen)',
      ]),
    );
    const firma = { ...settingsWith({}).firma, ...XRECHNUNG_SELLER, bank: 'Ostsächsische Sparkasse Dresden' };
    expectStatus(await save(admin.code, { type: 'saveSettings', data: settingsWith({ firma }) }), 'success');
    // A customer without any contact e-mail: the buyer's electronic address (BT-49) is missing.
    const noMail = await addOrder(
      await addCustomer({ leitwegId: '991-12345-73', ansprechpartner: [{ anrede: 'Herr', nachname: 'Ohne' }] }),
    );
    expectInvalid(
      await invoice(noMail.id),
      'dokument.ansprechpartnerId',
      customerMessages.xrechnungIncomplete(['E-Mail-Adresse des Ansprechpartners beim Kunden']),
    );
    expect(await rows(customerDocuments)).toBe(before);
    const normal = await invoice(order.id);
    expectStatus(normal, 'success');
    const normalXml = (await download(staff.code, (normal.body.neuDokument as OrderDocumentView).pfadXml)).body;
    const contact = /<ram:DefinedTradeContact>(.*?)<\/ram:DefinedTradeContact>/s.exec(normalXml)?.[1] ?? '';
    expect(values(contact, 'ram:CompleteNumber')).toEqual(['0351 123456']);
    expect(values(contact, 'ram:URIID')).toEqual(['rechnung@muster.example']);
    expect(values(normalXml, 'ram:TypeCode')).toContain('58');
    const normalText = (
      await pageTexts((await download(staff.code, (normal.body.neuDokument as OrderDocumentView).pfad)).rawPayload)
    ).join('\n');
    expect(normalText).toContain('bei der Ostsächsischen Sparkasse Dresden');
    expect(normalText).toContain('Sehr geehrte Damen und Herren, für unsere Leistungen berechnen wir Ihnen:');
    expectStatus(
      await save(admin.code, {
        type: 'saveSettings',
        data: settingsWith({ firma: { ...firma, kleinunternehmer: true } }),
      }),
      'success',
    );
    try {
      const reply = await invoice(order.id);
      const doc = reply.body.neuDokument as OrderDocumentView;
      expect(doc.wert).toBe(9999 + 248);
      expect(doc.pfadXml).toMatch(/-xrechnung\.xml$/);
      const xml = (await download(staff.code, doc.pfadXml)).body;
      expect(values(xml, 'ram:ID').slice(0, 2)).toEqual([
        BUSINESS_PROCESS,
        'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
      ]);
      expect(values(xml, 'ram:BuyerReference')).toEqual(['991-12345-73']);
      expect(values(xml, 'ram:CategoryCode')).toEqual(['E', 'E', 'E']);
      expect(values(xml, 'ram:TaxTotalAmount')).toEqual(['0.00']);
      expect(xml).toContain('<ram:URIID schemeID="EM">anna@example.org</ram:URIID>');
      expect(xml).toContain('<ram:URIID schemeID="EM">rechnung@muster.example</ram:URIID>');
      // XRechnung 3.0 CII is CII D16B like Factur-X; the Factur-X XSD leaves the guideline id (BT-24) free.
      expect(await facturXSchemaErrors(xml)).toEqual([]);
      const text = (await pageTexts((await download(staff.code, doc.pfad)).rawPayload)).join('\n');
      expect(text).toContain('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.');
      // The credit note's XRechnung needs no seller IBAN and has refund terms.
      const credit = await invoice(order.id, { dokumentart: 3, rechnungId: doc.id });
      expectStatus(credit, 'success');
      const creditXml = (await download(staff.code, (credit.body.neuDokument as OrderDocumentView).pfadXml)).body;
      expect(values(creditXml, 'ram:TypeCode')).toEqual(['381', 'VAT', 'VAT', '1', 'VAT']);
      expect(creditXml).not.toMatch(/DueDateDateTime|IBANID/);
      expect(await facturXSchemaErrors(creditXml)).toEqual([]);
    } finally {
      expectStatus(await save(admin.code, { type: 'saveSettings', data: settingsWith({}) }), 'success');
    }
  });

  it('auftragDelDokument deletes an offer and its file; an issued invoice or credit note answers why not', async () => {
    const order = await addOrder(await addCustomer());
    const del = (id: number, pfad = '') =>
      server.call(delDokument, staff.code, { dataToSave: { type: 'auftragDelDokument', data: { id, pfad } } });
    const issued = (await invoice(order.id)).body.neuDokument as OrderDocumentView;
    const credit = (await invoice(order.id, { dokumentart: 3, rechnungId: issued.id })).body
      .neuDokument as OrderDocumentView;
    expectInvalid(await del(issued.id, issued.pfad), 'dataToSave.data.id', customerMessages.documentIssued('Rechnung'));
    expectInvalid(await del(credit.id), 'dataToSave.data.id', customerMessages.documentIssued('Rechnungskorrektur'));
    expect((await download(staff.code, issued.pfad)).statusCode).toBe(200);
    expect((await data(staff.code)).auftraege.find((o) => o.id === order.id)?.dokumente).toHaveLength(2);
    const offerOrder = await addOrder(await addCustomer());
    const doc = (await invoice(offerOrder.id, { dokumentart: 2 })).body.neuDokument as OrderDocumentView;
    expectStatus(await del(doc.id, 'falscher/pfad.pdf'), 'notFound', 404);
    expectStatus(await del(doc.id, doc.pfad), 'success');
    expect((await data(staff.code)).auftraege.find((o) => o.id === offerOrder.id)?.dokumente).toEqual([]);
    expect((await download(staff.code, doc.pfad)).statusCode).toBe(404);
    expectStatus(await del(doc.id), 'notFound', 404);
    expectStatus(await server.call(delDokument, staff.code, { dataToSave: '' }), 'success');
  });
});

describe('VAT categories of service types and lines (EN 16931)', () => {
  it('a line of an exempt service type is written E with its reason on the PDF and in the XML; bad choices name their field', async () => {
    const hort = { id: 1, name: 'Hort', mwst: '0', ...YOUTH_WELFARE_EXEMPTION };
    const trip = { id: 2, name: 'Ausflug', mwst: '19', ...NO_VAT_CHOICE };
    const types: CustomerSettings['leistungstypen'] = [hort, trip];
    expectInvalid(
      await save(admin.code, {
        type: 'saveSettings',
        data: settingsWith({ leistungstypen: [{ ...hort, befreiungsgrund: '', befreiungsgrundCode: '' }] }),
      }),
      'dataToSave.data.leistungstypen.0.befreiungsgrund',
      vatMessages.reasonRequired,
    );
    expectInvalid(
      await save(admin.code, {
        type: 'saveSettings',
        data: settingsWith({ leistungstypen: [{ ...trip, ustKategorie: 'E', befreiungsgrund: 'frei' }] }),
      }),
      'dataToSave.data.leistungstypen.0.ustKategorie',
      vatMessages.zeroRate('E'),
    );
    expectStatus(
      await save(admin.code, { type: 'saveSettings', data: settingsWith({ leistungstypen: types }) }),
      'success',
    );
    try {
      const customer = await addCustomer();
      const before = await rows(customerOrders);
      expectInvalid(
        await save(staff.code, {
          type: 'addAuftrag',
          data: {
            id: 0,
            id_kunde: customer,
            typ: 'Auftrag',
            titel: 'X',
            status: 1,
            leistungen: [{ titel: 'X', anzahl: '1', wert: '1', mwst: '0', ustKategorie: 'S' }],
          },
        }),
        'dataToSave.data.leistungen.0.ustKategorie',
        vatMessages.standardRate,
      );
      expect(await rows(customerOrders)).toBe(before);
      const order = await addOrder(customer, {
        leistungen: [
          { titel: 'Hortbetreuung März', anzahl: '1', wert: '62,50', mwst: '0', id_leistungstyp: 1 },
          // The type's exemption never lands on a line someone gave another rate.
          { titel: 'Ausflug', anzahl: '1', wert: '20,00', mwst: '19', id_leistungstyp: 1 },
          { titel: 'Bauleistung', anzahl: '1', wert: '50,00', mwst: '0', ustKategorie: 'AE' },
        ],
      });
      expect(order.leistungen.map((l) => [l.ustKategorie, l.befreiungsgrundCode])).toEqual([
        ['E', 'VATEX-EU-132-1H'],
        ['', ''],
        ['AE', ''],
      ]);
      const document = (await invoice(order.id)).body.neuDokument as OrderDocumentView;
      const bytes = (await download(staff.code, document.pfad)).rawPayload;
      const text = (await pageTexts(bytes)).join(' ').replace(/\s+/g, ' ');
      // § 14 Abs. 4 Nr. 8 UStG: the exemption and the buyer owing the tax are said, not 'USt. 0 %'.
      expect(text).toContain('Steuerfrei auf 62,50 €');
      expect(text).toContain(`Steuerfrei: ${YOUTH_WELFARE_EXEMPTION.befreiungsgrund}.`);
      expect(text).toContain('Steuerschuldnerschaft des Leistungsempfängers auf 50,00 €');
      expect(text).not.toContain('USt. 0 %');
      const pdf = await openPdf(bytes);
      const [attached] = Object.values((await pdf.getAttachments()) as Record<string, { content: Uint8Array }>);
      const xml = Buffer.from(attached?.content ?? []).toString('utf8');
      expect(await facturXSchemaErrors(xml)).toEqual([]);
      expect(values(xml, 'ram:ExemptionReasonCode')).toEqual(['VATEX-EU-132-1H', 'VATEX-EU-AE']);
    } finally {
      expectStatus(await save(admin.code, { type: 'saveSettings', data: settingsWith({}) }), 'success');
    }
  });
});

describe("the spec's entity fields (business.md 3.2)", () => {
  it('orders carry dateVertrag_ende, lines id_auftrag and betrag, documents dateUpload2, upload, json_leistungen, geplanteRechnung', async () => {
    const contract = await addOrder(await addCustomer(), {
      typ: 'Vertrag',
      vertrag_beginn: '2026-02-01',
      vertrag_ende: '2027-01-31',
    });
    expect(contract.dateVertrag_ende).toBe('31.01.2027');
    expect(contract.leistungen.map((line) => line.id_auftrag)).toEqual([contract.id, contract.id]);
    expect(contract.leistungen.map((line) => line.betrag)).toEqual([0, 0]);
    const plain = await addOrder(await addCustomer());
    expect(plain.dateVertrag_ende).toBe('');

    const doc = (await invoice(contract.id, { datum: `${year}-03-15` })).body.neuDokument as OrderDocumentView;
    expect(doc).toMatchObject({ dateUpload2: `15.03.${year}`, upload: false, geplanteRechnung: false });
    expect(JSON.parse(doc.json_leistungen)).toEqual([
      expect.objectContaining({ pos: expect.any(Number), titel: 'Beratung', anzahl: '3', wert: 3333, mwst: '19' }),
      expect.objectContaining({ titel: 'Brötchen', anzahl: '2.5', wert: 99, netto: 248, mwst: '7' }),
    ]);
    const loaded = (await data(staff.code)).auftraege.find((o) => o.id === contract.id) as OrderView;
    expect(loaded.dokumente[0]).toEqual(doc);

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const uploaded = await postMultipart(
      server.app,
      customerCalls.upload.url,
      { code: staff.code, id_a: String(contract.id), dokumentart: '100', datum: `${year}-04-01` },
      { filename: 'Plan.pdf', bytes: pdf },
    );
    expect(uploaded.body.neuDokument).toMatchObject({
      upload: true,
      json_leistungen: '[]',
      dateUpload2: `01.04.${year}`,
    });

    // A line booked as a cost record carries that record's amount.
    const booked = await save(staff.code, {
      type: 'saveAuftrag',
      data: {
        id: contract.id,
        id_kunde: contract.id_kunde,
        typ: 'Vertrag',
        titel: 'Auftrag',
        status: 1,
        vertrag_beginn: '2026-02-01',
        vertrag_ende: '2027-01-31',
        leistungen: [
          {
            titel: 'Material',
            anzahl: '1',
            wert: '10,00',
            mwst: '19',
            kosten: '11,90',
            id_kosten: 0,
            neuKosten: { datum: `${year}-03-01`, betrag: '11,90', mwst: '19', titel: 'Material' },
          },
        ],
      },
    });
    expectStatus(booked, 'success');
    const line = (booked.body.save as CustomerData).auftraege.find((o) => o.id === contract.id)?.leistungen[0];
    expect(line?.id_kosten).toBeGreaterThan(0);
    expect(line?.betrag).toBe(1190);
  });
});

describe('customers (members of the customer group) see only their own orders, public information only', () => {
  it('no adminInfo, costs, profit, receipts or other customers; no changes', async () => {
    const login = await server.userWithSession({ groupIds: [customerGroup] });
    const other = await server.userWithSession({ groupIds: [customerGroup] });
    const own = await addCustomer({ id_login: login.id });
    const foreign = await addCustomer({ id_login: other.id });
    const ownOrder = await addOrder(own, { beschreibung: 'Öffentlich', adminInfo: 'Geheim' });
    const foreignOrder = await addOrder(foreign, { adminInfo: 'Fremd geheim' });
    const ownInvoice = (await invoice(ownOrder.id)).body.neuDokument as OrderDocumentView;
    const foreignInvoice = (await invoice(foreignOrder.id)).body.neuDokument as OrderDocumentView;

    const reply = await server.call(getSettings, login.code);
    expectStatus(reply, 'success');
    expect(reply.raw).not.toContain('Geheim');
    expect(reply.raw).not.toContain('Fremd');
    const seen = reply.body.save as CustomerData;
    expect(seen.istKunde).toBe(true);
    expect(seen.kunden.map((k) => k.id)).toEqual([own]);
    expect(seen.auftraege.map((o) => o.id)).toEqual([ownOrder.id]);
    const order = seen.auftraege[0] as OrderView & Record<string, unknown>;
    expect(order.beschreibung).toBe('Öffentlich');
    for (const hidden of ['adminInfo', 'kosten', 'kosten_mwst', 'gewinn', 'offeneRechnungen'])
      expect(order).not.toHaveProperty(hidden);
    for (const line of order.leistungen) {
      expect(line).not.toHaveProperty('kosten');
      expect(line).not.toHaveProperty('id_kosten');
    }
    expect(seen.settings.kostenstellen).toEqual([]);
    expect(seen.kundenLogins).toEqual([]);
    expect(order.dokumente.map((d) => d.name)).toEqual([ownInvoice.name]);

    expect((await download(login.code, ownInvoice.pfad)).statusCode).toBe(200);
    expect((await download(login.code, foreignInvoice.pfad)).statusCode).toBe(403);

    // Types 1 and 2 only (docs/api.md): a credit note of the customer's own order is neither listed nor downloadable.
    const credit = (await invoice(ownOrder.id, { dokumentart: 3, rechnungId: ownInvoice.id })).body
      .neuDokument as OrderDocumentView;
    const offer = (await invoice(ownOrder.id, { dokumentart: 2 })).body.neuDokument as OrderDocumentView;
    const again = (await data(login.code)).auftraege[0] as OrderView;
    expect(again.dokumente.map((d) => d.dokumentart).sort()).toEqual([1, 2]);
    expect(again.dokumente.map((d) => d.name)).toContain(offer.name);
    expect((await download(login.code, credit.pfad)).statusCode).toBe(403);
    expect((await data(staff.code)).auftraege.find((o) => o.id === ownOrder.id)?.dokumente).toHaveLength(3);

    const before = await rows(customerOrders);
    expectStatus(await save(login.code, { type: 'addKunde', data: { id: 0, firma: 'Ich' } }), 'noRight', 403);
    expectStatus(
      await save(login.code, {
        type: 'saveAuftrag',
        data: { id: ownOrder.id, id_kunde: own, typ: 'Auftrag', titel: 'X', status: 1 },
      }),
      'noRight',
      403,
    );
    expectStatus(await save(login.code, { type: 'delAuftrag', data: { id: foreignOrder.id } }), 'noRight', 403);
    expectStatus(
      await server.call(dokument, login.code, {
        dokument: { id_auftrag: ownOrder.id, dokumentart: 1, datum: `${year}-01-01` },
      }),
      'noRight',
      403,
    );
    expectStatus(
      await server.call(delDokument, login.code, {
        dataToSave: { type: 'auftragDelDokument', data: { id: ownInvoice.id } },
      }),
      'noRight',
      403,
    );
    expect(await rows(customerOrders)).toBe(before);
  });

  it('a customer login must be a member of the customer group', async () => {
    const stranger = await server.userWithSession();
    expectInvalid(
      await save(staff.code, { type: 'addKunde', data: { id: 0, id_login: stranger.id } }),
      'dataToSave.data.id_login',
      customerMessages.unknownLogin,
    );
  });
});

describe('user parameters of customer logins (f200)', () => {
  const everyone = { alle: true, gruppen: [] };
  const nobody = { alle: false, gruppen: [] };
  const f200 = (sehen: typeof everyone, bearbeiten: typeof everyone) => ({
    f010: { sehen: everyone, bearbeiten: everyone },
    f100: { sehen: nobody, bearbeiten: nobody },
    f200: { sehen, bearbeiten },
  });
  type LoginView = NonNullable<CustomerData['kunden'][number]['nutzer']>;

  async function setup() {
    const db = server.database.db;
    const editable = await createParameter(db, { name: 'Vorname', ident: true, bedingungen: f200(nobody, everyone) });
    const shown = await createParameter(db, { name: 'Kundenart', bedingungen: f200(everyone, nobody) });
    const hidden = await createParameter(db, { name: 'Intern', bedingungen: f200(nobody, nobody) });
    const mail = await createParameter(db, { name: 'E-Mail', typ: 4, bedingungen: f200(nobody, everyone) });
    const parameterGroup = await createGroup(db, {
      parameterIds: [editable.id, shown.id, hidden.id, mail.id],
    });
    const login = await server.userWithSession({
      groupIds: [customerGroup, parameterGroup],
      values: { [editable.id]: 'Anna', [shown.id]: 'Stammkunde', [hidden.id]: 'geheim' },
    });
    const other = await server.userWithSession({
      groupIds: [customerGroup, parameterGroup],
      values: { [editable.id]: 'Otto', [hidden.id]: 'fremd geheim' },
    });
    const own = await addCustomer({ id_login: login.id });
    const foreign = await addCustomer({ id_login: other.id });
    return { editable, shown, hidden, mail, login, other, own, foreign };
  }
  async function storedWert(userId: number, parameterId: number): Promise<string | undefined> {
    const rows = await server.database.db
      .select()
      .from(userParameterValues)
      .where(eq(userParameterValues.userId, userId));
    return rows.find((row) => row.parameterId === parameterId)?.wert;
  }
  function saveValues(code: string, id: number, idLogin: number, werte: Record<number, string>): Promise<Reply> {
    return save(code, {
      type: 'saveKunde',
      data: { id, id_login: idLogin, firma: 'Mit Login', nutzer: { nutzerparameterwerte: werte } },
    });
  }

  it('staff see the login parameters f200 lets them see, with edit flags; customers and settings-only see none', async () => {
    const { editable, shown, hidden, mail, login, own } = await setup();
    const view = (await data(staff.code)).kunden.find((k) => k.id === own)?.nutzer as LoginView;
    expect(view.nutzerparameter.map((p) => [p.id, p.bearbeiten])).toEqual([
      [editable.id, true],
      [shown.id, false],
      [mail.id, true],
    ]);
    expect(view.nutzerparameterwerte).toEqual({ [editable.id]: 'Anna', [shown.id]: 'Stammkunde', [mail.id]: '' });
    expect(JSON.stringify(view)).not.toContain('geheim');
    expect(view.nutzerparameter.map((p) => p.id)).not.toContain(hidden.id);

    // A customer without a login has no parameters.
    const plain = await addCustomer();
    expect((await data(staff.code)).kunden.find((k) => k.id === plain)?.nutzer).toBeNull();

    // The customer sees no parameter values at all, neither his own through 410 nor another customer's.
    const reply = await server.call(getSettings, login.code);
    expect(reply.raw).not.toContain('Otto');
    expect((reply.body.save as CustomerData).kunden.map((k) => k.nutzer)).toEqual([null]);

    // The settings right alone does not show them.
    const settingsOnly = await server.userWithSession({ rechteSolo: ['x|410|set'] });
    const settingsView = await data(settingsOnly.code);
    expect(settingsView.kunden.every((k) => k.nutzer === null)).toBe(true);
  });

  it('saveKunde writes the editable values with the customer, renames the login and the hot cache shows it', async () => {
    const { editable, shown, login, own } = await setup();
    const settings = () => server.call(platformCalls.getSettings, login.code);
    expectStatus(await settings(), 'success'); // fills the cache
    const reply = await save(staff.code, {
      type: 'saveKunde',
      data: {
        id: own,
        id_login: login.id,
        firma: 'Umbenannt',
        // The visible, non-editable value comes unchanged (forms send every field).
        nutzer: { nutzerparameterwerte: { [editable.id]: 'Berta', [shown.id]: 'Stammkunde' } },
      },
    });
    expectStatus(reply, 'success');
    const saved = (reply.body.save as CustomerData).kunden.find((k) => k.id === own);
    expect(saved?.firma).toBe('Umbenannt');
    expect(saved?.nutzer?.nutzerparameterwerte[editable.id]).toBe('Berta');
    expect(saved?.login_ident).toBe('Berta');
    expect(await storedWert(login.id, editable.id)).toBe('Berta');
    const user = ((await settings()).body.data as { user: { ident: string } }).user;
    expect(user.ident).toBe('Berta');
  });

  it('refuses values f200 does not allow, bad values and foreign rights with German messages; nothing is written', async () => {
    const { editable, shown, hidden, mail, login, other, own, foreign } = await setup();
    const firmaBefore = (await data(staff.code)).kunden.find((k) => k.id === own)?.firma;

    expectInvalid(
      await saveValues(staff.code, own, login.id, { [editable.id]: 'Neu', [shown.id]: 'geändert' }),
      `dataToSave.data.nutzer.nutzerparameterwerte.${shown.id}`,
      'Dieser Wert kann nicht bearbeitet werden.',
    );
    expectInvalid(
      await saveValues(staff.code, own, login.id, { [hidden.id]: 'x' }),
      `dataToSave.data.nutzer.nutzerparameterwerte.${hidden.id}`,
      'Dieser Wert kann nicht bearbeitet werden.',
    );
    expectInvalid(
      await saveValues(staff.code, own, login.id, { [editable.id]: 'Neu', [mail.id]: 'keine-mail' }),
      `dataToSave.data.nutzer.nutzerparameterwerte.${mail.id}`,
    );
    // Without a login nothing is editable.
    expectInvalid(
      await saveValues(staff.code, own, 0, { [editable.id]: 'Neu' }),
      `dataToSave.data.nutzer.nutzerparameterwerte.${editable.id}`,
    );
    // A login outside the customer group is refused before any value.
    const stranger = await server.userWithSession({ rechteSolo: ['x|410|000'] });
    expectInvalid(
      await saveValues(staff.code, own, stranger.id, { [editable.id]: 'Neu' }),
      'dataToSave.data.id_login',
      customerMessages.unknownLogin,
    );
    // A customer may not write, neither his own login's nor another customer's values.
    expectStatus(await saveValues(login.code, own, login.id, { [editable.id]: 'Ich' }), 'noRight', 403);
    expectStatus(await saveValues(login.code, foreign, other.id, { [editable.id]: 'Du' }), 'noRight', 403);
    // Without x|410|000 neither.
    const settingsOnly = await server.userWithSession({ rechteSolo: ['x|410|set'] });
    expectStatus(await saveValues(settingsOnly.code, own, login.id, { [editable.id]: 'X' }), 'noRight', 403);
    const nobodyRight = await server.userWithSession();
    expectStatus(await saveValues(nobodyRight.code, own, login.id, { [editable.id]: 'X' }), 'noRight', 403);

    expect(await storedWert(login.id, editable.id)).toBe('Anna');
    expect(await storedWert(other.id, editable.id)).toBe('Otto');
    expect(await storedWert(login.id, mail.id)).toBeUndefined();
    expect((await data(staff.code)).kunden.find((k) => k.id === own)?.firma).toBe(firmaBefore);
  });

  it('choosing and unlinking a login', async () => {
    const { editable, login, own } = await setup();
    const unlinked = await save(staff.code, { type: 'saveKunde', data: { id: own, id_login: 0, firma: 'Ohne' } });
    expectStatus(unlinked, 'success');
    const withoutLogin = (unlinked.body.save as CustomerData).kunden.find((k) => k.id === own);
    expect(withoutLogin).toMatchObject({ id_login: 0, login_ident: '', nutzer: null });
    // The former login no longer sees the customer.
    expect((await data(login.code)).kunden).toEqual([]);
    // Linked again, its values show; the login select offers the members of the customer group.
    const loaded = await data(staff.code);
    expect(loaded.kundenLogins.map((l) => l.id)).toContain(login.id);
    const linked = await save(staff.code, { type: 'saveKunde', data: { id: own, id_login: login.id, firma: 'Mit' } });
    expectStatus(linked, 'success');
    const withLogin = (linked.body.save as CustomerData).kunden.find((k) => k.id === own);
    expect(withLogin?.id_login).toBe(login.id);
    expect(withLogin?.nutzer?.nutzerparameterwerte[editable.id]).toBe('Anna');
    expect((await data(login.code)).kunden.map((k) => k.id)).toEqual([own]);
  });
});

describe('scheduled documents (server job)', () => {
  it('the document call plans instead of making a document with terminPlanen, in the future only', async () => {
    const order = await addOrder(await addCustomer());
    const plan = (input: Partial<DocumentInput>) =>
      invoice(order.id, { datum: `${year + 1}-01-15`, terminPlanen: true, ...input });
    expectInvalid(await plan({}), 'dokument.terminPlanen', customerMessages.planningOff);
    expectStatus(
      await save(admin.code, { type: 'saveSettings', data: settingsWith({ rechnungen_planenCronjobsMoeglich: true }) }),
      'success',
    );
    try {
      const planned = await plan({
        terminPlanenWiederholen: '1',
        terminPlanenSenden: true,
        ansprechpartnerId: 1,
        terminPlanenSendenText: 'Ihre Rechnung',
      });
      expectStatus(planned, 'success');
      expect(planned.body.neuDokument).toBeUndefined();
      const geplant = planned.body.geplant as { id: number; zeitpunkt: number };
      expect(new Date(geplant.zeitpunkt).toISOString()).toBe(`${year + 1}-01-15T05:00:00.000Z`); // 06:00 Berlin
      const [row] = await server.database.db
        .select()
        .from(customerScheduledDocuments)
        .where(eq(customerScheduledDocuments.id, geplant.id));
      expect(row).toMatchObject({ repeat: 1, sendTo: 'anna@example.org', sendText: 'Ihre Rechnung' });
      expect(row?.input).toMatchObject({ dokumentart: 1, automatischeReAnNummer: true });
      expectInvalid(
        await plan({ datum: `${year - 1}-01-15` }),
        'dokument.terminPlanenUhrzeit',
        customerMessages.planningPast,
      );
      expectInvalid(await plan({ terminPlanenUhrzeit: 24 }), 'dokument.terminPlanenUhrzeit');
      expectInvalid(
        await plan({ terminPlanenSenden: true, ansprechpartnerId: 0 }),
        'dokument.terminPlanenSenden',
        customerMessages.planningNoMail,
      );
      expect((await data(staff.code)).auftraege.find((o) => o.id === order.id)?.dokumente).toEqual([]);
      await server.database.db.delete(customerScheduledDocuments).where(eq(customerScheduledDocuments.id, geplant.id));
    } finally {
      expectStatus(await save(admin.code, { type: 'saveSettings', data: settingsWith({}) }), 'success');
    }
  });

  it('creates each due document once even when two servers run the job at the same time', async () => {
    const order = await addOrder(await addCustomer());
    const db = server.database.db;
    const now = new Date();
    const due = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    await db.insert(customerScheduledDocuments).values([
      {
        orderId: order.id,
        input: { dokumentart: 1 },
        dueAt: due(-3),
        sendTo: 'kunde@example.org',
        sendText: 'Ihre Rechnung',
      },
      { orderId: order.id, input: { dokumentart: 1 }, dueAt: due(-2) },
      { orderId: order.id, input: { dokumentart: 2 }, dueAt: due(-1) },
      { orderId: order.id, input: { dokumentart: 1 }, dueAt: due(60) },
    ]);
    // Two servers: two job runs side by side on the same database (separate connections on PostgreSQL).
    const second = { ...server.context };
    const [a, b] = await Promise.all([runDueDocuments(server.context, now), runDueDocuments(second, now)]);
    expect(a + b).toBe(3);
    const docs = (await data(staff.code)).auftraege.find((o) => o.id === order.id)?.dokumente ?? [];
    expect(docs).toHaveLength(3);
    expect(new Set(docs.map((d) => d.name)).size).toBe(3);
    // The spec's geplanteRechnung: made by the job from a plan (a document made at once says false).
    expect(docs.map((d) => d.geplanteRechnung)).toEqual([true, true, true]);
    const left = await db
      .select()
      .from(customerScheduledDocuments)
      .where(eq(customerScheduledDocuments.orderId, order.id));
    expect(left.map((row) => row.dueAt.getTime())).toEqual([due(60).getTime()]);
    expect(await runDueDocuments(server.context, now)).toBe(0);
  });

  it('re-plans a repeating document at the contract payment interval and records failures', async () => {
    const contract = await addOrder(await addCustomer(), {
      typ: 'Vertrag',
      status: 4,
      vertrag_beginn: '2026-01-31',
      vertrag_zahlungJaehrlich: 2,
    });
    const broken = await addOrder(await addCustomer({ anschriften: [] }));
    const db = server.database.db;
    const due = new Date('2026-01-31T05:00:00Z');
    await db.insert(customerScheduledDocuments).values([
      { orderId: contract.id, input: { dokumentart: 1 }, dueAt: due, repeat: 1 },
      { orderId: broken.id, input: { dokumentart: 1 }, dueAt: due },
    ]);
    expect(await runDueDocuments(server.context, new Date('2026-01-31T06:00:00Z'))).toBe(1);
    const [replanned] = await db
      .select()
      .from(customerScheduledDocuments)
      .where(eq(customerScheduledDocuments.orderId, contract.id));
    expect(replanned?.dueAt.toISOString()).toBe('2026-04-30T04:00:00.000Z'); // 06:00 Berlin, summer time
    const [failed] = await db
      .select()
      .from(customerScheduledDocuments)
      .where(eq(customerScheduledDocuments.orderId, broken.id));
    expect(failed?.lastError).toContain(customerMessages.noAddress);
    const names = (await data(staff.code)).auftraege.find((o) => o.id === contract.id)?.dokumente.map((d) => d.name);
    expect(names).toHaveLength(1);
    expect(names?.[0]).toMatch(/^RE-2026-\d{4}$/);
  });
});

describe('auftragUpload: booking receipts and files', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const upload = (code: string, fields: Record<string, string>, file?: { filename: string; bytes: Buffer }) =>
    postMultipart(server.app, customerCalls.upload.url, { code, ...fields }, file);

  it('a receipt lowers the open invoice amount; too much paid shows negative; only PDFs and images', async () => {
    const order = await addOrder(await addCustomer());
    const doc = (await invoice(order.id)).body.neuDokument as OrderDocumentView;
    const open = async () =>
      (await data(staff.code)).auftraege.find((o) => o.id === order.id)?.offeneRechnungen?.betrag;
    expect(await open()).toBe(doc.wert);
    const receipt = await upload(
      staff.code,
      { id_a: String(order.id), dokumentart: '20', wert: '100,00', datum: `${year}-04-01` },
      { filename: 'Kontoauszug April.pdf', bytes: pdf },
    );
    expect(receipt.status, JSON.stringify(receipt.body)).toBe('success');
    expect(receipt.body.neuDokument).toMatchObject({ dokumentart: 20, name: 'Kontoauszug April.pdf', wert: 10000 });
    expect(await open()).toBe(doc.wert - 10000);
    await upload(
      staff.code,
      { id_a: String(order.id), dokumentart: '20', wert: '1.000,00', datum: `${year}-04-02` },
      { filename: 'b.pdf', bytes: pdf },
    );
    expect(await open()).toBe(doc.wert - 110000);

    const before = await rows(customerDocuments);
    const exe = await upload(
      staff.code,
      { id_a: String(order.id), dokumentart: '100', datum: `${year}-04-01` },
      { filename: 'rechnung.pdf', bytes: Buffer.from('MZ\u0090\u0000 not a pdf') },
    );
    expect(exe.status).toBe('validationError');
    expect(exe.body.errors).toEqual({ file: [customerMessages.wrongFileType] });
    expect(
      (
        await upload(
          staff.code,
          { id_a: String(order.id), dokumentart: '20', wert: '1,234', datum: `${year}-04-01` },
          { filename: 'a.pdf', bytes: pdf },
        )
      ).status,
    ).toBe('validationError');
    expect(
      (
        await upload(
          staff.code,
          { id_a: String(order.id), dokumentart: '7', datum: `${year}-04-01` },
          { filename: 'a.pdf', bytes: pdf },
        )
      ).status,
    ).toBe('validationError');
    expect(
      (
        await upload(
          staff.code,
          { id_a: '999999', dokumentart: '100', datum: `${year}-04-01` },
          { filename: 'a.pdf', bytes: pdf },
        )
      ).statusCode,
    ).toBe(404);
    expect(await rows(customerDocuments)).toBe(before);

    const login = await server.userWithSession({ groupIds: [customerGroup] });
    expect(
      (
        await upload(
          login.code,
          { id_a: String(order.id), dokumentart: '100', datum: `${year}-04-01` },
          { filename: 'a.pdf', bytes: pdf },
        )
      ).statusCode,
    ).toBe(403);
    const stranger = await server.userWithSession({ rechteSolo: ['x|150'] });
    expect(
      (
        await upload(
          stranger.code,
          { id_a: String(order.id), dokumentart: '100', datum: `${year}-04-01` },
          { filename: 'a.pdf', bytes: pdf },
        )
      ).statusCode,
    ).toBe(403);
  });
  it('takes the session code in the query as key (business.md 7.2), checked before the file is read', async () => {
    const order = await addOrder(await addCustomer());
    const viaKey = (key: string) =>
      postMultipart(
        server.app,
        `${customerCalls.upload.url}&key=${encodeURIComponent(key)}&id_a=${order.id}`,
        { dokumentart: '100', datum: `${year}-04-01` },
        { filename: 'Scan.pdf', bytes: pdf },
      );
    const ok = await viaKey(staff.code);
    expect(ok.status, JSON.stringify(ok.body)).toBe('success');
    expect(ok.body.neuDokument).toMatchObject({ name: 'Scan.pdf', dokumentart: 100 });
    const before = await rows(customerDocuments);
    expect((await viaKey('x'.repeat(43))).status).toBe('accessError');
    const login = await server.userWithSession({ groupIds: [customerGroup] });
    expect((await viaKey(login.code)).statusCode).toBe(403);
    expect(await rows(customerDocuments)).toBe(before);
  });
});
