import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCalls } from '@hortus/contract';
import { count, eq, like } from 'drizzle-orm';
import {
  customerCalls,
  customerMessages,
  type CustomerData,
  type CustomerSettings,
  type OrderDocumentView,
} from '@hortus/contract/modules/customers';
import { createGroup } from '../../../src/seed/factories';
import { customerDocuments } from '../../../src/modules/customers/schema';
import { defaultCustomerSettings } from '../../../src/modules/customers/settings';
import { expectInvalid, expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';
import { customerCallsOf, XRECHNUNG_SELLER } from '../../support/customer-calls';
import { pageTexts } from '../../support/pdf-reader';
import { fetchStored } from '../../support/download';
import { facturXSchemaErrors } from '../../support/factur-x';

// Issue 45 (GoBD): an issued invoice is final; a correction is a Stornorechnung (next number of the same
// gapless sequence, the invoice negated, naming it) plus a new invoice, under the right x|410|sto.

let server: TestServer;
let clerk: { code: string; id: number };
let staff: { code: string; id: number };
let customerLogin: { code: string; id: number };
let orderId: number;
let publicOrderId: number;
const { save, data, addCustomer } = customerCallsOf(() => server);
const year = new Date().getFullYear();

const settings = (customerGroup: number): CustomerSettings => ({
  ...defaultCustomerSettings,
  id_nutzergruppe_kunde: customerGroup,
  firma: {
    ...defaultCustomerSettings.firma,
    ...XRECHNUNG_SELLER,
    name: 'Muster GmbH',
    iban: 'DE02120300000000202051',
    ustId: 'DE123456789',
  },
});

async function addOrder(customer: Record<string, unknown>): Promise<number> {
  const customerId = await addCustomer(staff.code, customer);
  const order = await save(staff.code, {
    type: 'addAuftrag',
    data: {
      id: 0,
      id_kunde: customerId,
      typ: 'Auftrag',
      titel: 'Auftrag',
      status: 1,
      leistungen: [
        { titel: 'Beratung', anzahl: '3', wert: '33,33', mwst: '19' },
        { titel: 'Brötchen', anzahl: '2,5', wert: '0,99', mwst: '7' },
      ],
      adminInfo: '',
    },
  });
  expectStatus(order, 'success');
  return (order.body.save as CustomerData).lastAddedAuftrag;
}

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.userWithSession({ rechteSolo: ['x|410|000', 'x|410|set', 'x|410|sto'] });
  clerk = await server.userWithSession({ rechteSolo: ['x|410|000', 'x|410|sto'] });
  staff = await server.userWithSession({ rechteSolo: ['x|410|000'] });
  const customerGroup = await createGroup(server.database.db, { name: 'Kunden', rechte: ['x|410|000', 'x|410|sto'] });
  customerLogin = await server.userWithSession({ groupIds: [customerGroup] });
  expectStatus(await save(admin.code, { type: 'saveSettings', data: settings(customerGroup) }), 'success');
  orderId = await addOrder({});
  publicOrderId = await addOrder({ leitwegId: '991-12345-73', id_login: customerLogin.id });
});
afterAll(() => server.close());

function issue(input: Record<string, unknown> = {}, order = orderId): Promise<Reply> {
  return server.call(customerCalls.dokument, staff.code, {
    dokument: { id_auftrag: order, dokumentart: 1, datum: `${year}-03-15`, ...input },
  });
}
async function issued(input: Record<string, unknown> = {}, order = orderId): Promise<OrderDocumentView> {
  const reply = await issue(input, order);
  expectStatus(reply, 'success');
  return reply.body.neuDokument as OrderDocumentView;
}
function cancel(id: number | string, datum = `${year}-03-20`, code = clerk.code): Promise<Reply> {
  return server.call(customerCalls.stornieren, code, { storno: { id, datum } });
}
async function documentCount(): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(customerDocuments);
  return row?.n ?? 0;
}
const values = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => m[1] as string);
const serial = (name: string) => Number(name.slice(-4));

describe('Stornorechnung (issue 45)', () => {
  it('cancels an invoice: next number, the invoice negated and named on the PDF, the invoice storniert', async () => {
    const invoice = await issued();
    const reply = await cancel(invoice.id);
    expectStatus(reply, 'success');
    const storno = reply.body.neuDokument as OrderDocumentView;
    const cancelled = reply.body.storniert as OrderDocumentView;
    expect(serial(storno.name)).toBe(serial(invoice.name) + 1);
    expect(storno).toMatchObject({
      dokumentart: 1,
      wert: -invoice.wert,
      netto: -invoice.netto,
      dateUpload: `${year}-03-20`,
      status: 'ausgestellt',
      stornoZu: invoice.name,
      storniertDurch: '',
    });
    expect(cancelled).toMatchObject({ id: invoice.id, status: 'storniert', storniertDurch: storno.name, stornoZu: '' });
    const order = (await data(staff.code)).auftraege.find((o) => o.id === orderId);
    expect(order?.dokumente.find((d) => d.id === invoice.id)?.status).toBe('storniert');
    expect(order?.dokumente.find((d) => d.id === storno.id)?.stornoZu).toBe(invoice.name);
    const text = (await pageTexts(await fetchStored(server.app, staff.code, storno.pfad))).join('\n');
    expect(text).toContain(`Stornorechnung ${storno.name}`);
    expect(text).toContain(`Storno zur Rechnung Nr. ${invoice.name} vom 15.03.${year}`);
    expect(text).toContain('hiermit stornieren wir die oben genannte Rechnung vollständig');
    expect(text).toContain('-99,99 €');
    // The original stays as it was issued.
    await fetchStored(server.app, staff.code, invoice.pfad);
    // The Stornorechnung is final too, and is not cancelled again; the invoice not twice.
    const before = await documentCount();
    expectInvalid(await cancel(invoice.id), 'storno.id', customerMessages.alreadyCancelled(storno.name));
    expectInvalid(await cancel(storno.id), 'storno.id', customerMessages.cancelCancellation);
    expectInvalid(
      await server.call(customerCalls.delDokument, staff.code, {
        dataToSave: { type: 'auftragDelDokument', data: { id: storno.id } },
      }),
      'dataToSave.data.id',
      customerMessages.documentIssued('Stornorechnung'),
    );
    expectInvalid(
      await issue({ automatischeReAnNummer: false, reAnNummer: storno.name, ueberschreiben: true }),
      'dokument.reAnNummer',
      customerMessages.documentIssued('Stornorechnung'),
    );
    // Neither a reminder nor a Rechnungskorrektur for a cancelled invoice.
    expectInvalid(
      await issue({ dokumentart: 3, rechnungId: invoice.id }),
      'dokument.rechnungId',
      customerMessages.invoiceCancelled,
    );
    expectInvalid(
      await issue({ dokumentart: 4, rechnungId: invoice.id, datum: `${year}-12-30` }),
      'dokument.rechnungId',
      customerMessages.invoiceCancelled,
    );
    expect(await documentCount()).toBe(before);
  });

  it('the XRechnung of a Stornorechnung is TypeCode 384 and names the invoice (BT-25, BT-26)', async () => {
    const invoice = await issued({}, publicOrderId);
    expect(invoice.pfadXml).not.toBe('');
    const reply = await cancel(invoice.id);
    expectStatus(reply, 'success');
    const storno = reply.body.neuDokument as OrderDocumentView;
    const xml = (await fetchStored(server.app, staff.code, storno.pfadXml)).toString('utf8');
    expect(values(xml, 'ram:TypeCode')[0]).toBe('384');
    expect(xml).toContain(
      `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${invoice.name}</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${year}0315</qdt:DateTimeString>`,
    );
    expect(values(xml, 'ram:GrandTotalAmount')).toEqual([(-invoice.wert / 100).toFixed(2)]);
    expect(values(xml, 'ram:BuyerReference')).toEqual(['991-12345-73']);
    expect(await facturXSchemaErrors(xml)).toEqual([]);
  });

  it('refuses without the storno right, for customers, on bad input and on documents that are no invoice', async () => {
    const invoice = await issued();
    const before = await documentCount();
    expectStatus(await cancel(invoice.id, `${year}-03-20`, staff.code), 'noRight', 403);
    // A customer login whose group even holds x|410|sto: customers only load.
    const own = (await data(staff.code)).auftraege.find((o) => o.id === publicOrderId)?.dokumente[0];
    expectStatus(await cancel(own?.id ?? 0, `${year}-03-20`, customerLogin.code), 'noRight', 403);
    const stranger = await server.userWithSession({ rechteSolo: ['x|410|sto'] });
    expectStatus(await cancel(invoice.id, `${year}-03-20`, stranger.code), 'noRight', 403);
    expectInvalid(await cancel('abc'), 'storno.id');
    expectInvalid(await cancel(invoice.id, '2026-02-30'), 'storno.datum');
    expectInvalid(await cancel(invoice.id, `${year}-03-14`), 'storno.datum', customerMessages.cancelBeforeInvoice);
    expectStatus(await cancel(999999), 'notFound', 404);
    const offer = await issued({ dokumentart: 2 });
    expectInvalid(await cancel(offer.id), 'storno.id', customerMessages.cancelOnlyInvoices);
    const credit = await issued({ dokumentart: 3, rechnungId: invoice.id });
    expectInvalid(await cancel(credit.id), 'storno.id', customerMessages.cancelOnlyInvoices);
    expect(await documentCount()).toBe(before + 2);
    const [row] = await server.database.db.select().from(customerDocuments).where(eq(customerDocuments.id, invoice.id));
    expect(row?.status).toBe('ausgestellt');
  });

  it('parallel cancellations of one invoice make one Stornorechnung; issuing alongside stays gapless', async () => {
    const invoice = await issued({ datum: '2031-01-10' });
    const replies = await Promise.all([
      ...Array.from({ length: 3 }, () => cancel(invoice.id, '2031-01-11')),
      ...Array.from({ length: 3 }, () => issue({ datum: '2031-01-12' })),
    ]);
    const cancels = replies.slice(0, 3);
    expect(cancels.filter((reply) => reply.body.status === 'success')).toHaveLength(1);
    for (const reply of cancels.filter((r) => r.body.status !== 'success'))
      expect(Object.values(reply.body.errors as Record<string, string[]>).flat()[0]).toMatch(/bereits storniert/);
    const names = await namesOf(2031);
    expect(names.map(serial)).toEqual([1, 2, 3, 4, 5]);
  });
});

function issueDraft(id: number | string, datum = `${year}-03-18`, code = staff.code): Promise<Reply> {
  return server.call(customerCalls.ausstellen, code, { ausstellen: { id, datum } });
}

describe('invoice drafts (issue 45, opt-in)', () => {
  it('a draft has no invoice number, can be overwritten and deleted, and is issued with the next number', async () => {
    const draft = await issued({ entwurf: true });
    expect(draft).toMatchObject({ dokumentart: 5, status: 'entwurf', pfadXml: '' });
    expect(draft.name).toMatch(new RegExp(`^ENTWURF-${year}-\\d{4}$`));
    const text = (await pageTexts(await fetchStored(server.app, staff.code, draft.pfad))).join('\n');
    expect(text).toContain(`Rechnungsentwurf ${draft.name}`);
    expect(text).not.toContain('Bitte überweisen Sie');
    // Changed as the specification overwrites a document: its name again, confirmed.
    const again = { entwurf: true, automatischeReAnNummer: false, reAnNummer: draft.name };
    expectInvalid(await issue(again), 'dokument.reAnNummer', customerMessages.documentNumberExists);
    const changed = await issue({ ...again, ueberschreiben: true, individuellerTextblock: 'Geändert' });
    expectStatus(changed, 'success');
    expect(changed.body.ueberschrieben).toBe(true);
    const current = changed.body.neuDokument as OrderDocumentView;
    expectInvalid(
      await issue({ entwurf: true, automatischeReAnNummer: false, reAnNummer: 'RE-1' }),
      'dokument.reAnNummer',
      customerMessages.draftNumberFormat,
    );
    // Not an invoice: no credit note, reminder or cancellation for it; customers do not see it.
    expectInvalid(await cancel(current.id), 'storno.id', customerMessages.cancelOnlyInvoices);
    expectInvalid(
      await issue({ dokumentart: 3, rechnungId: current.id }),
      'dokument.rechnungId',
      customerMessages.creditNoteInvoice,
    );

    const last = await issued();
    const reply = await issueDraft(current.id);
    expectStatus(reply, 'success');
    const invoice = reply.body.neuDokument as OrderDocumentView;
    expect(invoice).toMatchObject({ dokumentart: 1, status: 'ausgestellt', dateUpload: `${year}-03-18` });
    expect(serial(invoice.name)).toBe(serial(last.name) + 1);
    const issuedText = (await pageTexts(await fetchStored(server.app, staff.code, invoice.pfad))).join('\n');
    expect(issuedText).toContain(`Rechnung ${invoice.name}`);
    expect(issuedText).toContain('Geändert');
    const documents = (await data(staff.code)).auftraege.find((o) => o.id === orderId)?.dokumente ?? [];
    expect(documents.some((d) => d.id === current.id)).toBe(false);
    expectStatus(await issueDraft(current.id), 'notFound', 404);
    expectInvalid(await issueDraft(invoice.id), 'ausstellen.id', customerMessages.notADraft);
    expectInvalid(await issueDraft(current.id, 'gestern'), 'ausstellen.datum');

    // Another draft is simply deleted.
    const other = await issued({ entwurf: true });
    expectStatus(
      await server.call(customerCalls.delDokument, staff.code, {
        dataToSave: { type: 'auftragDelDokument', data: { id: other.id } },
      }),
      'success',
    );
  });

  it('only invoices made now are drafts; customers neither issue nor see them; an XRechnung only when issued', async () => {
    expectInvalid(
      await issue({ entwurf: true, dokumentart: 2 }),
      'dokument.entwurf',
      customerMessages.draftOnlyInvoices,
    );
    expectInvalid(
      await issue({ entwurf: true, terminPlanen: true }),
      'dokument.entwurf',
      customerMessages.draftNotPlanned,
    );
    const draft = await issued({ entwurf: true }, publicOrderId);
    expect(draft.pfadXml).toBe('');
    expectStatus(await issueDraft(draft.id, `${year}-03-18`, customerLogin.code), 'noRight', 403);
    const own = (await data(customerLogin.code)).auftraege.find((o) => o.id === publicOrderId);
    expect(own?.dokumente.some((d) => d.id === draft.id)).toBe(false);
    const download = await server.app.inject({
      method: 'POST',
      url: platformCalls.download.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code: customerLogin.code, file: draft.pfad }).toString(),
    });
    expect(download.statusCode).toBe(403);
    const reply = await issueDraft(draft.id);
    expectStatus(reply, 'success');
    expect((reply.body.neuDokument as OrderDocumentView).pfadXml).toMatch(/-xrechnung\.xml$/);
  });
});

describe('an order and its issued invoices (issue 45)', () => {
  it('deleting an order while invoices are issued for it never takes an issued invoice with it', async () => {
    for (let round = 0; round < 3; round += 1) {
      const order = await addOrder({});
      const replies = await Promise.all([
        issue({}, order),
        save(staff.code, { type: 'delAuftrag', data: { id: order } }),
        issue({}, order),
      ]);
      // A document call that lost to the deletion says so in German (never a 500).
      for (const reply of replies) expect(['success', 'notFound', 'validationError']).toContain(reply.body.status);
      const made = [replies[0], replies[2]]
        .filter((reply): reply is Reply => reply?.body.status === 'success')
        .map((reply) => (reply.body.neuDokument as OrderDocumentView).id);
      for (const id of made) {
        const [row] = await server.database.db.select().from(customerDocuments).where(eq(customerDocuments.id, id));
        expect(row?.orderId).toBe(order);
      }
    }
  });
});

async function namesOf(documentYear: number): Promise<string[]> {
  return (
    await server.database.db
      .select({ name: customerDocuments.name })
      .from(customerDocuments)
      .where(like(customerDocuments.name, `RE-${documentYear}-%`))
  )
    .map((row) => row.name)
    .sort();
}

describe('numbers under issuing, cancelling and failing (issue 45)', () => {
  type Step =
    | { kind: 'issue' }
    | { kind: 'cancel'; pick: number }
    | { kind: 'fail' }
    | { kind: 'failCancel' }
    | { kind: 'draft' }
    | { kind: 'issueDraft'; pick: number };
  const step: fc.Arbitrary<Step> = fc.oneof(
    { arbitrary: fc.constant<Step>({ kind: 'issue' }), weight: 3 },
    { arbitrary: fc.nat(20).map<Step>((pick) => ({ kind: 'cancel', pick })), weight: 3 },
    { arbitrary: fc.constant<Step>({ kind: 'fail' }), weight: 1 },
    { arbitrary: fc.constant<Step>({ kind: 'failCancel' }), weight: 1 },
    { arbitrary: fc.constant<Step>({ kind: 'draft' }), weight: 2 },
    { arbitrary: fc.nat(20).map<Step>((pick) => ({ kind: 'issueDraft', pick })), weight: 2 },
  );
  let run = 0;
  let cancelledAtAll = 0;

  it('issuing, cancelling and re-issuing never leaves a gap or a duplicate', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(step, { minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 5 }),
        async (generated) => {
          // One invoice first, so that the steps have something to cancel.
          const batches: Step[][] = [[{ kind: 'issue' }], ...generated];
          // Each run numbers its own year, so every run's sequence starts at 1.
          run += 1;
          const documentYear = 2100 + run;
          const datum = `${documentYear}-05-02`;
          const invoices: OrderDocumentView[] = [];
          let drafts: Pick<OrderDocumentView, 'id'>[] = [];
          let stornos = 0;
          for (const batch of batches) {
            // A batch runs at once (parallel requests); batches one after another.
            const replies = await Promise.all(
              batch.map((next) => {
                if (next.kind === 'issue') return issue({ datum });
                if (next.kind === 'fail') return issue({ datum, anschriftId: 77 });
                if (next.kind === 'draft') return issue({ datum, entwurf: true });
                if (next.kind === 'issueDraft')
                  return drafts.length === 0
                    ? issueDraft(999999, datum)
                    : issueDraft((drafts[next.pick % drafts.length] as { id: number }).id, datum);
                const open = invoices.filter((d) => d.status === 'ausgestellt');
                if (next.kind === 'failCancel' || open.length === 0) return cancel(999999, datum);
                return cancel((open[next.pick % open.length] as OrderDocumentView).id, datum);
              }),
            );
            for (const reply of replies) {
              if (reply.body.status !== 'success') continue;
              const storniert = reply.body.storniert as OrderDocumentView | undefined;
              if (storniert) {
                stornos += 1;
                cancelledAtAll += 1;
                const index = invoices.findIndex((d) => d.id === storniert.id);
                invoices[index] = storniert;
              } else {
                const made = reply.body.neuDokument as OrderDocumentView;
                if (made.dokumentart === 1) invoices.push(made);
              }
            }
            drafts = await server.database.db
              .select()
              .from(customerDocuments)
              .where(like(customerDocuments.name, `ENTWURF-${documentYear}-%`))
              .then((rows) => rows.map((row) => ({ id: row.id })));
          }
          const names = await namesOf(documentYear);
          expect(new Set(names).size).toBe(names.length);
          expect(names.map(serial)).toEqual(names.map((_, index) => index + 1));
          expect(names).toHaveLength(invoices.length + stornos);
          // Every cancelled invoice has exactly one Stornorechnung that names it.
          const rows = await server.database.db
            .select()
            .from(customerDocuments)
            .where(like(customerDocuments.name, `RE-${documentYear}-%`));
          for (const row of rows.filter((r) => r.status === 'storniert'))
            expect(rows.filter((r) => r.snapshot.storno?.id === row.id)).toHaveLength(1);
          expect(rows.filter((r) => r.status === 'storniert')).toHaveLength(stornos);
        },
      ),
      { numRuns: 10 },
    );
    // The runs did cancel (not only issue and fail).
    expect(cancelledAtAll).toBeGreaterThan(0);
  });
});
