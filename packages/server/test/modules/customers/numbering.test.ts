import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import {
  customerCalls,
  type CustomerData,
  type CustomerSettings,
  type OrderDocumentView,
} from '@hortus/contract/modules/customers';
import { customerDocuments } from '../../../src/modules/customers/schema';
import { defaultCustomerSettings } from '../../../src/modules/customers/settings';
import { issueNumbered } from '../../../src/modules/customers/numbering';
import { expectStatus, startTestServer, type TestServer } from '../../support/helper';
import { customerCallsOf } from '../../support/customer-calls';
import { pageTexts } from '../../support/pdf-reader';
import { fetchStored } from '../../support/download';

// Documents are rendered outside the numbering lock (numbering.ts): numbers must still be gapless and unique,
// and every PDF must carry the number its row was stored under.

let server: TestServer;
let staff: { code: string; id: number };
let orderId: number;
const { save } = customerCallsOf(() => server);
const year = new Date().getFullYear();

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.userWithSession({ rechteSolo: ['x|410|000', 'x|410|set'] });
  staff = await server.userWithSession({ rechteSolo: ['x|410|000'] });
  const settings: CustomerSettings = {
    ...defaultCustomerSettings,
    firma: {
      ...defaultCustomerSettings.firma,
      name: 'Muster GmbH',
      iban: 'DE02120300000000202051',
      ustId: 'DE123456789',
    },
  };
  expectStatus(await save(admin.code, { type: 'saveSettings', data: settings }), 'success');
  const customer = await save(staff.code, {
    type: 'addKunde',
    data: {
      id: 0,
      firma: 'Bäckerei Müller',
      anschriften: [
        { firma: 'Bäckerei Müller', strasse: 'Hauptstraße', hausnummer: '1', plz: '01099', ort: 'Dresden' },
      ],
    },
  });
  expectStatus(customer, 'success');
  const order = await save(staff.code, {
    type: 'addAuftrag',
    data: {
      id: 0,
      id_kunde: (customer.body.save as CustomerData).lastAddedKunde,
      typ: 'Auftrag',
      titel: 'Auftrag',
      status: 1,
      leistungen: [{ titel: 'Beratung', anzahl: '1', wert: '100,00', mwst: '19' }],
      adminInfo: '',
    },
  });
  expectStatus(order, 'success');
  orderId = (order.body.save as CustomerData).lastAddedAuftrag;
});
afterAll(() => server.close());

function issue(input: Record<string, unknown>): Promise<OrderDocumentView> {
  return server
    .call(customerCalls.dokument, staff.code, {
      dokument: { id_auftrag: orderId, dokumentart: 1, datum: `${year}-03-15`, ...input },
    })
    .then((reply) => {
      expectStatus(reply, 'success');
      return reply.body.neuDokument as OrderDocumentView;
    });
}

async function pdfText(pfad: string): Promise<string> {
  return (await pageTexts(await fetchStored(server.app, staff.code, pfad))).join('\n');
}

const serial = (name: string) => Number(name.slice(-4));

describe('document numbers under parallel issuing', () => {
  it('invoices, offers and reminders issued at once get gapless, unique numbers, each printed on its own PDF', async () => {
    const first = await issue({});
    const [invoices, offers, reminders] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => issue({}))),
      Promise.all(Array.from({ length: 3 }, () => issue({ dokumentart: 2 }))),
      Promise.all(
        Array.from({ length: 3 }, () => issue({ dokumentart: 4, rechnungId: first.id, datum: `${year}-06-01` })),
      ),
    ]);
    const runs: [OrderDocumentView[], string, number][] = [
      [[first, ...invoices], 'RE', serial(first.name)],
      [offers, 'AN', 1],
      [reminders, 'ZE', 1],
    ];
    for (const [documents, prefix, from] of runs) {
      const numbers = documents.map((d) => serial(d.name)).sort((a, b) => a - b);
      expect(numbers).toEqual(numbers.map((_, index) => from + index));
      for (const document of documents) expect(document.name.startsWith(`${prefix}-${year}-`)).toBe(true);
    }
    const texts = await Promise.all(
      [...invoices, ...offers, ...reminders].map(async (d) => ({ d, text: await pdfText(d.pfad) })),
    );
    for (const { d, text } of texts) expect(text).toContain(d.name);
  });

  it('holds no lock while rendering: another document is stored meanwhile and the slow one renders again', async () => {
    const db = server.database.db;
    const names = async (tx: typeof db) =>
      (
        await tx
          .select({ name: customerDocuments.name })
          .from(customerDocuments)
          .where(like(customerDocuments.name, 'ZZ-%'))
      )
        .map((row) => row.name)
        .sort();
    const nextName = async (tx: typeof db) => ({ name: `ZZ-${String((await names(tx)).length + 1).padStart(4, '0')}` });
    const issueZZ = (label: string, render: (plan: { name: string }) => Promise<Buffer>) =>
      issueNumbered(server.context, {
        plan: nextName,
        render,
        store: async (tx, files, plan, bytes) => {
          const stored = await files.store({
            path: `f400-410/auftraege/${orderId}/${plan.name}.pdf`,
            area: 'f400-410',
            ownerUserId: null,
            originalName: `${plan.name}.pdf`,
            mime: 'application/pdf',
            bytes,
          });
          await tx.insert(customerDocuments).values({
            orderId,
            dokumentart: 2,
            name: plan.name,
            fileId: stored.id,
            wertCents: 0,
            datum: `${year}-01-01`,
          });
          return `${label}:${plan.name}:${bytes.toString()}`;
        },
      });

    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const rendered: string[] = [];
    const slow = issueZZ('slow', async (plan) => {
      rendered.push(plan.name);
      if (rendered.length === 1) await held;
      return Buffer.from(plan.name);
    });
    while (rendered.length === 0) await new Promise((resolve) => setImmediate(resolve));
    // The slow document is rendering with ZZ-0001; a second one is issued to the end meanwhile.
    expect(await issueZZ('fast', async (plan) => Buffer.from(plan.name))).toBe('fast:ZZ-0001:ZZ-0001');
    release();
    expect(await slow).toBe('slow:ZZ-0002:ZZ-0002');
    expect(rendered).toEqual(['ZZ-0001', 'ZZ-0002']);
    expect(await names(db)).toEqual(['ZZ-0001', 'ZZ-0002']);
  });
});
