import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCalls } from '@hortus/contract';
import {
  customerCalls,
  customerMessages,
  receivablesCalls,
  revenueOverview,
  type BankLineView,
  type CustomerData,
} from '@hortus/contract/modules/customers';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { euerOf } from '../../../src/modules/customers/euer';
import { applyCustomerRetention, customersRetentionJob } from '../../../src/modules/customers/holds';
import { customersProcessing } from '../../../src/modules/customers/processing';
import { customerBankLines, customerDocuments, customerOrders, customers } from '../../../src/modules/customers/schema';
import { files, protokoll } from '../../../src/platform/db/schema';
import { expectInvalid, expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';
import { customerCallsOf, receivablesWorld } from '../../support/customer-calls';

// Issue 45 (GoBD vs DSGVO): deleting a customer erases them, but the vouchers the law keeps (invoices, offers,
// receipts and the bank bookings that paid them) stay blocked and hidden for 8 years after their calendar year;
// their amounts still count; the retention job deletes them when the period ends.

const camt = fs.readFileSync(path.join(__dirname, '../../fixtures/bank/camt053-v08.xml')).toString('utf8');

let server: TestServer;
let staff: { code: string; id: number };
let settingsOnly: { code: string; id: number };
let outsider: { code: string; id: number };
let customerLogin: { code: string; id: number };
let auditor: { code: string; id: number };
const { data, save, addCustomer, addOrder } = customerCallsOf(() => server);
const db = () => server.database.db;

/** The erased customer's orders: invoiced and paid, offered only, and one without any document. */
const erased = { customer: 0, invoiced: 0, offered: 0, empty: 0, invoice: 0, invoicePath: '' };
let kept = { customer: 0, order: 0 };

async function document(orderId: number, dokumentart: 1 | 2, datum: string) {
  const reply = await server.call(customerCalls.dokument, staff.code, {
    dokument: { id_auftrag: orderId, dokumentart, datum },
  });
  expectStatus(reply, 'success');
  return reply.body.neuDokument as { id: number; name: string; pfad: string };
}

const line = (wert: string) => [{ titel: 'Leistung', anzahl: '1', wert, mwst: '19' }];

beforeAll(async () => {
  server = await startTestServer();
  ({ staff, settingsOnly, outsider, customerLogin } = await receivablesWorld(server, {
    iban: 'DE02120300000000202051',
  }));
  auditor = await server.userWithSession({ rechteSolo: ['x|005|030', 'x|410|000'] });
  erased.customer = await addCustomer(staff.code, { id_login: customerLogin.id });
  erased.invoiced = await addOrder(staff.code, erased.customer, line('100,00'));
  const invoice = await document(erased.invoiced, 1, '2025-03-01'); // RE-2025-0001, 119,00 €
  erased.invoice = invoice.id;
  erased.invoicePath = invoice.pfad;
  erased.offered = await addOrder(staff.code, erased.customer, line('50,00'));
  await document(erased.offered, 2, '2025-04-01');
  erased.empty = await addOrder(staff.code, erased.customer, line('10,00'));
  kept.customer = await addCustomer(staff.code, {
    firma: 'Gärtnerei Grün GmbH',
    ansprechpartner: [{ anrede: 'Herr', vorname: 'Gustav', nachname: 'Grün', mail: 'gustav@example.org' }],
    anschriften: [{ firma: 'Gärtnerei Grün GmbH', strasse: 'Weg', hausnummer: '2', plz: '01099', ort: 'Dresden' }],
  });
  kept = { ...kept, order: await addOrder(staff.code, kept.customer, line('200,00')) };
  await document(kept.order, 1, '2025-03-01'); // RE-2025-0002, 238,00 €
  // The erased customer's invoice is paid from a bank statement (a receipt and a bank booking).
  const preview = await server.call(receivablesCalls.kontoauszugVorschau, staff.code, { inhalt: camt });
  const paid = (preview.body.zeilen as BankLineView[]).find((l) => l.vorschlag?.rechnungId === erased.invoice);
  const confirmed = await server.call(receivablesCalls.kontoauszugUebernehmen, staff.code, {
    inhalt: camt,
    zuordnungen: [{ schluessel: paid?.schluessel, rechnungId: erased.invoice }],
  });
  expectStatus(confirmed, 'success');
});
afterAll(() => server.close());

const erase = (code: string, id: unknown): Promise<Reply> => save(code, { type: 'delKunde', data: { id } });
const revenue2025 = (loaded: CustomerData) =>
  revenueOverview(
    loaded.auftraege,
    loaded.kosten,
    loaded.settings,
    { year: 2025, centres: null },
    loaded.fremdeinnahmen,
    loaded.gesperrt,
  );

describe('erasing a customer (delKunde)', () => {
  it('is refused to the settings right alone, customers and users without the module; bad ids change nothing', async () => {
    expectStatus(await erase(settingsOnly.code, erased.customer), 'noRight', 403);
    expectStatus(await erase(customerLogin.code, erased.customer), 'noRight', 403);
    expectStatus(await erase(outsider.code, erased.customer), 'noRight', 403);
    expectInvalid(await erase(staff.code, 'abc'), 'dataToSave.data.id');
    expectStatus(await erase(staff.code, 999_999), 'notFound', 404);
    const [still] = await db().select().from(customers).where(eq(customers.id, erased.customer));
    expect(still?.id).toBe(erased.customer);
  });

  it('erases the customer, holds the orders with vouchers, deletes the others and says what is kept until when', async () => {
    const before = await data(staff.code);
    const euerBefore = (await euerOf(db(), 2025, [])).summary;
    // The customer's own login saw their orders before.
    expect((await data(customerLogin.code)).auftraege.map((o) => o.id).sort()).toEqual(
      [erased.invoiced, erased.offered, erased.empty].sort(),
    );

    const reply = await erase(staff.code, erased.customer);
    expectStatus(reply, 'success', 200);
    const hinweis = customerMessages.customerErased({
      auftraege: 2,
      belege: 3,
      geloeschteAuftraege: 1,
      bis: '2033-12-31',
    });
    expect(reply.body.hinweis).toBe(hinweis);
    expect(hinweis).toContain('bis 31.12.2033');

    const after = reply.body.save as CustomerData;
    expect(after.lastDeletedKunde).toBe(erased.customer);
    expect(after.kunden.map((k) => k.id)).toEqual([kept.customer]);
    // Shown nowhere: no held order in the list, in a cost's links or in the customer's own load.
    expect(after.auftraege.map((o) => o.id)).toEqual([kept.order]);
    expect(JSON.stringify(after)).not.toMatch(/Bäckerei|Müller|Baeckerei/);
    expect((await data(customerLogin.code)).auftraege).toEqual([]);
    // The amounts still count: the revenue overview (anonymous rows) and the EÜR are as they were.
    expect(after.gesperrt.map((g) => g.id).sort()).toEqual([erased.invoiced, erased.offered].sort());
    const overviewBefore = revenue2025(before);
    const overviewAfter = revenue2025(after);
    expect(overviewAfter.revenue).toEqual(overviewBefore.revenue);
    expect(overviewAfter.byIncomeCentre).toEqual(overviewBefore.byIncomeCentre);
    expect(overviewAfter.heldDocuments).toBe(1);
    expect(overviewAfter.invoices.map((i) => i.name)).toEqual(['RE-2025-0002']);
    expect((await euerOf(db(), 2025, [])).summary).toEqual(euerBefore);

    // The order without vouchers is gone; the held ones are blocked until 31.12.2033.
    const rows = await db()
      .select({ id: customerOrders.id, blockedAt: customerOrders.blockedAt, heldUntil: customerOrders.heldUntil })
      .from(customerOrders)
      .where(inArray(customerOrders.id, [erased.invoiced, erased.offered, erased.empty]))
      .orderBy(customerOrders.id);
    expect(rows.map((r) => [r.id, r.heldUntil, r.blockedAt !== null])).toEqual([
      [erased.invoiced, '2033-12-31', true],
      [erased.offered, '2033-12-31', true],
    ]);
    expect(await db().select().from(customers).where(eq(customers.id, erased.customer))).toEqual([]);
    // The customer's Protokoll history is erased; one entry 'gelöscht' stays.
    const trail = await db()
      .select({ aktion: protokoll.aktion, details: protokoll.details })
      .from(protokoll)
      .where(
        and(eq(protokoll.modul, '410'), eq(protokoll.objektTyp, 'Kunde'), eq(protokoll.objektId, `${erased.customer}`)),
      );
    expect(trail).toEqual([{ aktion: 'gelöscht', details: [] }]);
  });

  it('answers the deletion of a customer without orders with what is kept: nothing', async () => {
    const id = await addCustomer(staff.code, { firma: 'Ohne Aufträge' });
    const reply = await erase(staff.code, id);
    expectStatus(reply, 'success');
    expect(reply.body.hinweis).toBe('Der Kunde wurde gelöscht. Es gibt keine Belege, die aufbewahrt werden müssen.');
  });
});

describe('a held order', () => {
  it('is changed, documented, cancelled, dunned and downloaded by nobody', async () => {
    const edit = await save(staff.code, {
      type: 'saveAuftrag',
      data: { id: erased.invoiced, id_kunde: kept.customer, typ: 'Auftrag', titel: 'X', status: 1, leistungen: [] },
    });
    expectStatus(edit, 'notFound', 404);
    expectStatus(await save(staff.code, { type: 'delAuftrag', data: { id: erased.invoiced } }), 'notFound', 404);
    const made = await server.call(customerCalls.dokument, staff.code, {
      dokument: { id_auftrag: erased.invoiced, dokumentart: 1, datum: '2025-05-01' },
    });
    expectStatus(made, 'notFound', 404);
    const open = await server.call(receivablesCalls.offenePosten, staff.code, {});
    expectStatus(open, 'success');
    expect(JSON.stringify(open.body)).not.toContain('RE-2025-0001');
    const download = await server.app.inject({
      method: 'POST',
      url: platformCalls.download.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code: staff.code, file: erased.invoicePath }).toString(),
    });
    expect(download.statusCode).not.toBe(200);
  });

  it('keeps its Protokoll entries with the details withheld', async () => {
    const reply = await server.call(userAdminCalls.getProtokoll, auditor.code, {
      modul: '410',
      objekt: `Auftrag ${erased.invoiced}`,
    });
    expectStatus(reply, 'success');
    const entries = reply.body.eintraege as { details: string; bezeichnung: string }[];
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(entry.details).toBe('Details ausgeblendet (keine Berechtigung für diesen Datensatz)');
      expect(entry.bezeichnung).toBe('');
    }
    const visible = await server.call(userAdminCalls.getProtokoll, auditor.code, {
      modul: '410',
      objekt: `Auftrag ${kept.order}`,
    });
    expect((visible.body.eintraege as { details: string }[])[0]?.details).not.toMatch(/ausgeblendet/);
  });

  it('keeps its bank booking: the statement read again books nothing twice', async () => {
    const preview = await server.call(receivablesCalls.kontoauszugVorschau, staff.code, { inhalt: camt });
    const lines = preview.body.zeilen as BankLineView[];
    const first = lines.find((l) => l.verwendungszweck.includes('RE-2025-0001'));
    expect(first).toMatchObject({ bereitsGebucht: true, vorschlag: null });
    const [booking] = await db()
      .select()
      .from(customerBankLines)
      .where(eq(customerBankLines.invoiceId, erased.invoice));
    expect(booking?.name).toBe('Baeckerei Mueller und Soehne');
  });
});

describe('the retention job', () => {
  it('keeps held orders through 31.12.2033 and deletes them, their files and bookings from 1.1.2034', async () => {
    expect(await applyCustomerRetention(server.context, Date.UTC(2033, 11, 31, 12))).toEqual({
      auftraege: 0,
      buchungen: 0,
    });
    const documents = await db()
      .select({ fileId: customerDocuments.fileId })
      .from(customerDocuments)
      .where(inArray(customerDocuments.orderId, [erased.invoiced, erased.offered]));
    expect(documents.length).toBe(3);
    expect(await applyCustomerRetention(server.context, Date.UTC(2034, 0, 1, 12))).toEqual({
      auftraege: 2,
      buchungen: 1,
    });
    expect(
      await db()
        .select()
        .from(customerOrders)
        .where(inArray(customerOrders.id, [erased.invoiced, erased.offered])),
    ).toEqual([]);
    expect(
      await db().select().from(customerBankLines).where(eq(customerBankLines.name, 'Baeckerei Mueller und Soehne')),
    ).toEqual([]);
    expect(
      await db()
        .select()
        .from(files)
        .where(
          inArray(
            files.id,
            documents.map((d) => d.fileId),
          ),
        ),
    ).toEqual([]);
    const trail = await db()
      .select({ aktion: protokoll.aktion })
      .from(protokoll)
      .where(
        and(
          eq(protokoll.modul, '410'),
          eq(protokoll.objektTyp, 'Auftrag'),
          eq(protokoll.objektId, `${erased.invoiced}`),
        ),
      );
    expect(trail).toEqual([{ aktion: 'gelöscht' }]);
    // The other customer's order and the anonymous rows: as they were, none held any more.
    const loaded = await data(staff.code);
    expect(loaded.auftraege.map((o) => o.id)).toEqual([kept.order]);
    expect(loaded.gesperrt).toEqual([]);
  });

  it('is listed on the Datenschutz page and described in the compliance papers', async () => {
    expect(customersRetentionJob.datenschutz).toBe('Gesperrte Belege gelöschter Kunden löschen');
    expect(server.context.retentionJobs.map((job) => job.name)).toContain('customers-retention');
    const [activity] = await customersProcessing(db());
    expect(activity?.loeschfrist).toContain('bleiben gesperrt');
    expect(activity?.loeschfrist).toContain('Gesperrte Belege gelöschter Kunden löschen');
  });
});
