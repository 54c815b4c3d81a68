import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerCalls,
  customerMessages,
  dunningMessages,
  receivablesCalls,
  type OpenItemView,
  type OrderDocumentView,
} from '@hortus/contract/modules/customers';
import { expectInvalid, expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';
import { customerCallsOf, receivablesWorld } from '../../support/customer-calls';
import { pageTexts } from '../../support/pdf-reader';
import { fetchStored } from '../../support/download';

// Issue 45: dunning levels (Zahlungserinnerung, 1. and 2. Mahnung) with fees and default interest, each only
// after the previous one's period, and the overdue list 'Offene Posten / Mahnwesen'.

let server: TestServer;
let staff: { code: string; id: number };
let settingsOnly: { code: string; id: number };
let outsider: { code: string; id: number };
let customerLogin: { code: string; id: number };
const { addCustomer, addOrder } = customerCallsOf(() => server);

async function invoice(customer: Record<string, unknown>, datum: string): Promise<OrderDocumentView> {
  const customerId = await addCustomer(staff.code, customer);
  const orderId = await addOrder(staff.code, customerId, [{ titel: 'Miete', anzahl: '1', wert: '100,00', mwst: '19' }]);
  const reply = await server.call(customerCalls.dokument, staff.code, {
    dokument: { id_auftrag: orderId, dokumentart: 1, datum },
  });
  expectStatus(reply, 'success');
  return reply.body.neuDokument as OrderDocumentView;
}

const dun = (rechnungId: number, datum: string, code = staff.code): Promise<Reply> =>
  server.call(receivablesCalls.mahnen, code, { mahnung: { rechnungId, datum } });
async function items(stichtag: string, code = staff.code): Promise<OpenItemView[]> {
  const reply = await server.call(receivablesCalls.offenePosten, code, { stichtag });
  expectStatus(reply, 'success');
  return reply.body.posten as OpenItemView[];
}

beforeAll(async () => {
  server = await startTestServer();
  ({ staff, settingsOnly, outsider, customerLogin } = await receivablesWorld(server, {
    iban: 'DE02120300000000202051',
    zahlungszielTage: 14,
  }));
});
afterAll(() => server.close());

describe('dunning levels', () => {
  it('Zahlungserinnerung, 1. and 2. Mahnung in order, each after its period, with fees and interest (business)', async () => {
    const bill = await invoice({}, '2025-01-10'); // due 24.01.2025, 119,00 €, a business (firm name)
    let [item] = await items('2025-01-20');
    expect(item).toMatchObject({
      rechnungId: bill.id,
      faellig: '2025-01-24',
      tageUeberfaellig: -4,
      offen: 11900,
      stufe: 0,
      kundeArt: 'Unternehmer',
      letzteMahnung: null,
      naechsteStufe: { stufe: 1, name: 'Zahlungserinnerung', ab: '2025-01-25', moeglich: false, summe: 11900 },
    });
    expectInvalid(
      await dun(bill.id, '2025-01-24'),
      'mahnung.datum',
      dunningMessages.notBefore('Zahlungserinnerung', '25.01.2025'),
    );
    const first = await dun(bill.id, '2025-01-25');
    expectStatus(first, 'success');
    expect(first.body).toMatchObject({ stufe: 1, neuDokument: { name: 'ZE-2025-0001', dokumentart: 4, wert: 11900 } });

    expectInvalid(
      await dun(bill.id, '2025-02-07'),
      'mahnung.datum',
      dunningMessages.notBefore('1. Mahnung', '08.02.2025'),
    );
    [item] = await items('2025-02-08');
    // 10,27 % (1,27 + 9) for 15 days on 119,00 €: 0,50 €; fees 0 + 5 €.
    expect(item).toMatchObject({
      stufe: 1,
      stufeName: 'Zahlungserinnerung',
      tageUeberfaellig: 15,
      letzteMahnung: { name: 'ZE-2025-0001', datum: '2025-01-25' },
      naechsteStufe: { stufe: 2, name: '1. Mahnung', moeglich: true, gebuehren: 500, zinsen: 50, summe: 12450 },
    });
    const second = await dun(bill.id, '2025-02-08');
    expectStatus(second, 'success');
    const mahnung = second.body.neuDokument as OrderDocumentView;
    expect(mahnung).toMatchObject({ name: 'MA-2025-0001', wert: 12450, mahnstufe: 2 });
    const text = (await pageTexts(await fetchStored(server.app, staff.code, mahnung.pfad))).join(' ');
    expect(text).toContain('1. Mahnung MA-2025-0001');
    expect(text).toContain('Verzugszinsen 10,27 % p. a. für 15 Tage seit 24.01.2025');
    expect(text).toContain('124,50 €');

    const third = await dun(bill.id, '2025-02-22');
    expectStatus(third, 'success');
    // 29 days: 0,97 €; fees 0 + 5 + 10 €.
    expect(third.body).toMatchObject({ stufe: 3, neuDokument: { name: 'MA-2025-0002', wert: 11900 + 1500 + 97 } });
    expectInvalid(await dun(bill.id, '2025-03-30'), 'mahnung.rechnungId', dunningMessages.lastLevelSent);
    [item] = await items('2025-03-01');
    expect(item).toMatchObject({ stufe: 3, stufeName: '2. Mahnung', naechsteStufe: null });
    expect(item?.letzteMahnung?.pfad).toBe(mahnung.pfad.replace('MA-2025-0001', 'MA-2025-0002'));
  });

  it('a consumer pays 5 points above the base rate; the document call reminder counts as the first level', async () => {
    const bill = await invoice(
      { firma: '', anschriften: [{ strasse: 'Weg', hausnummer: '2', plz: '01099', ort: 'Dresden' }] },
      '2025-06-02',
    );
    const item = (await items('2025-07-10')).find((i) => i.rechnungId === bill.id);
    expect(item?.kundeArt).toBe('Verbraucher');
    const viaDocument = await server.call(customerCalls.dokument, staff.code, {
      dokument: { id_auftrag: item?.id_auftrag, dokumentart: 4, rechnungId: bill.id, datum: '2025-06-20' },
    });
    expectStatus(viaDocument, 'success');
    expect(viaDocument.body.neuDokument).toMatchObject({ name: 'ZE-2025-0002', wert: 11900 });
    const after = (await items('2025-07-10')).find((i) => i.rechnungId === bill.id);
    // 6,27 % for 24 days (16.06. to 10.07.) on 119,00 €: 0,49 €.
    expect(after).toMatchObject({ stufe: 1, naechsteStufe: { stufe: 2, ab: '2025-07-04', zinsen: 49 } });
  });

  it('a settled, a cancelled or no invoice is not dunned; an unknown id is notFound', async () => {
    const paid = await invoice({}, '2025-04-01');
    const item = (await items('2025-05-01')).find((i) => i.rechnungId === paid.id);
    // A credit note settles it in full.
    const credit = await server.call(customerCalls.dokument, staff.code, {
      dokument: { id_auftrag: item?.id_auftrag, dokumentart: 3, rechnungId: paid.id, datum: '2025-04-10' },
    });
    expectStatus(credit, 'success');
    expect((await items('2025-05-01')).some((i) => i.rechnungId === paid.id)).toBe(false);
    expectInvalid(await dun(paid.id, '2025-05-01'), 'mahnung.rechnungId', dunningMessages.nothingOpen);
    expectInvalid(
      await dun((credit.body.neuDokument as OrderDocumentView).id, '2025-05-01'),
      'mahnung.rechnungId',
      dunningMessages.notAnInvoice,
    );
    const cancelled = await invoice({}, '2025-04-01');
    const admin = await server.userWithSession({ rechteSolo: ['x|410|000', 'x|410|sto'] });
    expectStatus(
      await server.call(customerCalls.stornieren, admin.code, { storno: { id: cancelled.id, datum: '2025-04-02' } }),
      'success',
    );
    expectInvalid(await dun(cancelled.id, '2025-05-01'), 'mahnung.rechnungId', customerMessages.invoiceCancelled);
    expectStatus(await dun(999_999, '2025-05-01'), 'notFound', 404);
    expectInvalid(await dun(0, '2025-05-01'), 'mahnung.rechnungId');
    expectInvalid(await dun(paid.id, '01.05.2025'), 'mahnung.datum');
  });

  it('only staff of 410: no right, the settings right alone and customers are refused', async () => {
    for (const code of [outsider.code, settingsOnly.code, customerLogin.code]) {
      expectStatus(await server.call(receivablesCalls.offenePosten, code, {}), 'noRight', 403);
      expectStatus(await dun(1, '2025-05-01', code), 'noRight', 403);
    }
  });
});
