import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  YOUTH_WELFARE_EXEMPTION,
  type CustomerData,
  type OrderView,
} from '@hortus/contract/modules/customers';
import { customerScheduledDocuments } from '../../../src/modules/customers/schema';
import { writeDemoDocuments } from '../../../src/modules/customers/demo-documents';
import { startTestServer, type TestServer } from '../../support/helper';
import { customerCallsOf } from '../../support/customer-calls';
import { fetchStored } from '../../support/download';
import { openPdf, pageTexts } from '../../support/pdf-reader';
import { facturXSchemaErrors } from '../../support/factur-x';

let demo: TestServer;
let code: string;
let loaded: CustomerData;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  demo = await startTestServer({ seed: 'demo' });
  code = await demo.login('leitung', 'Leitung#2026');
  loaded = await customerCallsOf(() => demo).data(code);
}, 120_000);
afterAll(() => demo.close());

const download = (file: string) => fetchStored(demo.app, code, file);

function orderTitled(titel: string): OrderView {
  const order = loaded.auftraege.find((o) => o.titel === titel);
  expect(order, titel).toBeDefined();
  return order as OrderView;
}

const ofKind = (order: OrderView, dokumentart: number) => order.dokumente.filter((d) => d.dokumentart === dokumentart);
const paid = (order: OrderView) => ofKind(order, 20).reduce((sum, d) => sum + d.wert, 0);

/** The embedded factur-x.xml of an invoice or credit note PDF, checked against the Factur-X schema. */
async function facturX(pdfBytes: Buffer): Promise<string> {
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = await openPdf(pdfBytes);
  const attachments = Object.values(
    (await pdf.getAttachments()) as Record<string, { filename: string; content: Uint8Array }>,
  );
  expect(attachments.map((a) => a.filename)).toEqual(['factur-x.xml']);
  const xml = Buffer.from(attachments[0]?.content ?? []).toString('utf8');
  expect(await facturXSchemaErrors(xml)).toEqual([]);
  return xml;
}

describe('demo organisation, module 410', () => {
  it('has a paid, a partly paid and an overdue invoice with its payment reminder, dated before today', async () => {
    const ferien = orderTitled('Ferienbetreuung Sommer');
    const [paidInvoice] = ofKind(ferien, 1);
    expect(paidInvoice?.name).toMatch(/^RE-\d{4}-\d{4}$/);
    expect(paidInvoice?.dateUpload).toBe(addDays(today, -60));
    expect(paid(ferien)).toBe(paidInvoice?.wert);
    expect(ferien.offeneRechnungen?.betrag).toBe(0);

    const halle = orderTitled('Hallennutzung dienstags');
    const [partly] = ofKind(halle, 1);
    expect(paid(halle)).toBe(10_000);
    expect(halle.offeneRechnungen?.betrag).toBe((partly?.wert ?? 0) - 10_000);
    expect(halle.offeneRechnungen?.betrag).toBeGreaterThan(0);

    const vorspiel = orderTitled('Raummiete Vorspielabend');
    const [overdue] = ofKind(vorspiel, 1);
    const [reminder] = ofKind(vorspiel, 4);
    expect(paid(vorspiel)).toBe(0);
    expect(reminder?.name).toMatch(/^ZE-\d{4}-\d{4}$/);
    expect(reminder?.wert).toBe(overdue?.wert);
    const reminderText = (await pageTexts(await download(reminder?.pfad ?? ''))).join('\n');
    expect(reminderText).toContain(`Unsere Rechnung ${overdue?.name}`);
    expect(reminderText).toContain('Sehr geehrte Frau Hoffmann,');

    // Every booking receipt is a stored PDF the staff can download.
    for (const receipt of [...ofKind(ferien, 20), ...ofKind(halle, 20)])
      expect((await download(receipt.pfad)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('has an offer and a credit note of a cancelled invoice; invoices and the credit note carry Factur-X', async () => {
    const [offer] = ofKind(orderTitled('Sommerfest Catering'), 2);
    expect(offer?.name).toMatch(/^AN-\d{4}-\d{4}$/);
    expect((await pageTexts(await download(offer?.pfad ?? ''))).join('\n')).toContain(`Angebot ${offer?.name}`);

    const probentag = orderTitled('Raummiete Probentag');
    const [invoice] = ofKind(probentag, 1);
    const [credit] = ofKind(probentag, 3);
    expect(credit?.name).toMatch(/^GS-\d{4}-\d{4}$/);
    expect(credit?.wert).toBe(invoice?.wert);
    expect(probentag.offeneRechnungen?.betrag).toBe(0);
    const creditXml = await facturX(await download(credit?.pfad ?? ''));
    expect(creditXml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(creditXml).toContain(invoice?.name);

    const xml = await facturX(await download(invoice?.pfad ?? ''));
    expect(xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
  });

  it('invoices the customer with a Leitweg-ID as XRechnung next to the PDF', async () => {
    const stadt = loaded.kunden.find((k) => k.leitwegId !== '');
    expect(stadt?.firma).toBe('Landeshauptstadt Dresden');
    const [invoice] = ofKind(orderTitled('Ganztagsangebot Schulhort'), 1);
    expect(invoice?.pfadXml).toMatch(/-xrechnung\.xml$/);
    const xrechnung = (await download(invoice?.pfadXml ?? '')).toString('utf8');
    expect(xrechnung).toContain(`<ram:BuyerReference>${stadt?.leitwegId}</ram:BuyerReference>`);
    expect(xrechnung).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
    // After-care by the non-profit provider is exempt (§ 4 Nr. 25 UStG): category E with its reason, not Z.
    expect(xrechnung).toContain('<ram:CategoryCode>E</ram:CategoryCode>');
    expect(xrechnung).not.toContain('<ram:CategoryCode>Z</ram:CategoryCode>');
    expect(xrechnung).toContain(
      `<ram:ExemptionReason>${YOUTH_WELFARE_EXEMPTION.befreiungsgrund}</ram:ExemptionReason>`,
    );
    const pdf = await download(invoice?.pfad ?? '');
    await facturX(pdf);
    const text = (await pageTexts(new Uint8Array(pdf))).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Steuerfrei auf 4.500,00 €');
    expect(text).toContain(`Steuerfrei: ${YOUTH_WELFARE_EXEMPTION.befreiungsgrund}.`);
    expect(orderTitled('Ganztagsangebot Schulhort').leistungen[0]?.ustKategorie).toBe('E');
  });

  it("plans the hall contract's monthly invoice for the first of next month; no demo plan is left", async () => {
    const halle = orderTitled('Hallennutzung dienstags');
    expect(halle.typ).toBe('Vertrag');
    expect(halle.vertrag_zahlungJaehrlich).toBe(0);
    const plans = await demo.database.db.select().from(customerScheduledDocuments);
    expect(plans).toHaveLength(1);
    const [plan] = plans;
    expect(plan?.orderId).toBe(halle.id);
    expect(plan?.repeat).toBe(1);
    expect(plan?.input).toMatchObject({ dokumentart: 1 });
    expect(plan?.dueAt.getTime()).toBeGreaterThan(Date.now());
    expect(plan?.dueAt.getTime()).toBeLessThan(Date.now() + 32 * 24 * 3600_000);
    // Made before the server took its first request: nothing is left for a later run.
    expect(await writeDemoDocuments(demo.context)).toBe(0);
  });

  it('has costs with booking receipts stored in the file store', async () => {
    const withReceipt = loaded.kosten.filter((c) => c.dokumente.some((d) => d.dokumentart === 20));
    expect(withReceipt.length).toBeGreaterThan(10);
    const receipt = withReceipt[0]?.dokumente.find((d) => d.dokumentart === 20);
    expect((await download(receipt?.pfad ?? '')).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
