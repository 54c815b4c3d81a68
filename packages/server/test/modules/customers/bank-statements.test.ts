import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankMessages, customerCalls, receivablesCalls, type BankLineView } from '@hortus/contract/modules/customers';
import { customerBankLines, customerDocuments } from '../../../src/modules/customers/schema';
import { expectInvalid, expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';
import { customerCallsOf, receivablesWorld } from '../../support/customer-calls';
import { postMultipart } from '../../support/multipart';
import { pageTexts } from '../../support/pdf-reader';
import { fetchStored } from '../../support/download';

// Issue 45: bank statements (CAMT.053, Sparkasse CSV-CAMT V2, DKB CSV) are read, credits matched to open
// invoices for confirmation; confirmed matches become receipts; nothing is booked twice.

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../../fixtures/bank', name));
const camt = fixture('camt053-v08.xml').toString('utf8');
const sparkasse = fixture('sparkasse-csv-camt-v2.csv').toString('utf8');
const dkb = fixture('dkb.csv').toString('utf8');

let server: TestServer;
let staff: { code: string; id: number };
let settingsOnly: { code: string; id: number };
let outsider: { code: string; id: number };
let customerLogin: { code: string; id: number };
const invoiceIds: Record<string, number> = {};
const { data, addCustomer, addOrder } = customerCallsOf(() => server);

/** An order of a customer named `firma` with one line of `net` euros at 19 %, invoiced on 1 March 2025. */
async function invoiceFor(firma: string, net: string): Promise<void> {
  const customerId = await addCustomer(staff.code, {
    firma,
    anschriften: [{ firma, strasse: 'Weg', hausnummer: '1', plz: '01099', ort: 'Dresden' }],
  });
  const orderId = await addOrder(staff.code, customerId, [{ titel: 'Leistung', anzahl: '1', wert: net, mwst: '19' }]);
  const reply = await server.call(customerCalls.dokument, staff.code, {
    dokument: { id_auftrag: orderId, dokumentart: 1, datum: '2025-03-01' },
  });
  expectStatus(reply, 'success');
  const document = reply.body.neuDokument as { id: number; name: string };
  invoiceIds[document.name] = document.id;
}

beforeAll(async () => {
  server = await startTestServer();
  ({ staff, settingsOnly, outsider, customerLogin } = await receivablesWorld(server, {
    iban: 'DE02120300000000202051',
  }));
  await invoiceFor('Bäckerei Müller & Söhne', '100,00'); // RE-2025-0001, 119,00 €
  await invoiceFor('Gärtnerei Grün GmbH', '200,00'); // RE-2025-0002, 238,00 €
  await invoiceFor('Kita Sonnenschein e.V.', '300,00'); // RE-2025-0003, 357,00 €
  await invoiceFor('Jugendfeuerwehr Nord', '400,00'); // RE-2025-0004, 476,00 €
});
afterAll(() => server.close());

const preview = (inhalt: string, code = staff.code): Promise<Reply> =>
  server.call(receivablesCalls.kontoauszugVorschau, code, { inhalt });
const confirm = (inhalt: string, zuordnungen: unknown, code = staff.code): Promise<Reply> =>
  server.call(receivablesCalls.kontoauszugUebernehmen, code, { inhalt, zuordnungen });
const linesOf = (reply: Reply) => reply.body.zeilen as BankLineView[];
async function invoiceOpen(name: string): Promise<number | undefined> {
  const orders = (await data(staff.code)).auftraege;
  return orders.flatMap((o) => o.dokumente).find((d) => d.name === name)?.offen;
}
async function rowCounts() {
  const [documents] = await server.database.db.select({ n: count() }).from(customerDocuments);
  const [lines] = await server.database.db.select({ n: count() }).from(customerBankLines);
  return { documents: documents?.n ?? 0, lines: lines?.n ?? 0 };
}

describe('CAMT.053', () => {
  it('reads booked entries (a batch as its transfers, pending left out) and proposes the open invoices', async () => {
    const reply = await preview(camt);
    expectStatus(reply, 'success');
    expect(reply.body).toMatchObject({ format: 'CAMT.053 (camt.053.001.08)', konto: 'DE02120300000000202051' });
    const lines = linesOf(reply);
    expect(lines.map((l) => l.betrag)).toEqual([11900, 23800, -4520, 500, 750]);
    expect(lines[0]).toMatchObject({
      schluessel: 'ref:DE02120300000000202051:2025033100012345',
      datum: '2025-03-31',
      name: 'Baeckerei Mueller und Soehne',
      iban: 'DE89370400440532013000',
      verwendungszweck: 'Rechnung RE-2025-0001 Kundennr. 1',
      art: 'Gutschrift',
      bereitsGebucht: false,
      vorschlag: { rechnung: 'RE-2025-0001', grund: 'Rechnungsnummer', offen: 11900 },
    });
    expect(lines[1]?.vorschlag).toMatchObject({ rechnung: 'RE-2025-0002', grund: 'Betrag und Name' });
    expect(lines[2]).toMatchObject({ art: 'Lastschrift', vorschlag: null, hinweis: bankMessages.debit });
    expect(lines[3]).toMatchObject({ vorschlag: null, hinweis: bankMessages.noMatch });
    expect(lines[3]?.schluessel).toBe('ref:DE02120300000000202051:2025033100012349/1');
    expect(await rowCounts()).toMatchObject({ lines: 0 });
  });

  it('takes over the confirmed matches as receipts: the invoices are paid; read again, nothing is booked twice', async () => {
    const lines = linesOf(await preview(camt));
    const chosen = lines
      .filter((l) => l.vorschlag)
      .map((l) => ({ schluessel: l.schluessel, rechnungId: l.vorschlag?.rechnungId }));
    const reply = await confirm(camt, chosen);
    expectStatus(reply, 'success');
    expect(reply.body).toMatchObject({ gebucht: 2, bereitsGebucht: 0 });
    const receipt = (reply.body.belege as { neuDokument: { dokumentart: number; wert: number; pfad: string } }[])[0];
    expect(receipt?.neuDokument).toMatchObject({ dokumentart: 20, wert: 11900, upload: true });
    expect(
      (await pageTexts(await fetchStored(server.app, staff.code, receipt?.neuDokument.pfad ?? ''))).join(' '),
    ).toContain('Buchungsbeleg Zahlungseingang');
    expect(await invoiceOpen('RE-2025-0001')).toBe(0);
    expect(await invoiceOpen('RE-2025-0002')).toBe(0);
    const order = (await data(staff.code)).auftraege.find((o) => o.dokumente.some((d) => d.name === 'RE-2025-0001'));
    expect(order?.offeneRechnungen?.betrag).toBe(0);
    const before = await rowCounts();

    const again = linesOf(await preview(camt));
    expect(again.filter((l) => l.bereitsGebucht).map((l) => l.schluessel)).toEqual(chosen.map((c) => c.schluessel));
    expect(again[0]).toMatchObject({ vorschlag: null, hinweis: bankMessages.alreadyBooked });
    const twice = await confirm(camt, chosen);
    expectStatus(twice, 'success');
    expect(twice.body).toMatchObject({ gebucht: 0, bereitsGebucht: 2 });
    expect(await rowCounts()).toEqual(before);
  });

  it('takes an uploaded file (multipart) as well', async () => {
    const reply = await postMultipart(
      server.app,
      receivablesCalls.kontoauszugVorschau.url,
      { code: staff.code },
      { filename: 'auszug.xml', bytes: fixture('camt053-v08.xml') },
    );
    expect(reply.status).toBe('success');
    expect((reply.body.zeilen as BankLineView[]).length).toBe(5);
  });

  it('reads camt.053.001.02 (party names without Pty, status as text)', async () => {
    const v02 = camt
      .replace('camt.053.001.08', 'camt.053.001.02')
      .replaceAll('<Sts><Cd>BOOK</Cd></Sts>', '<Sts>BOOK</Sts>')
      .replaceAll('<Sts><Cd>PDNG</Cd></Sts>', '<Sts>PDNG</Sts>')
      .replace(/<(Dbtr|Cdtr)><Pty><Nm>([^<]*)<\/Nm><\/Pty><\/\1>/g, '<$1><Nm>$2</Nm></$1>');
    const reply = await preview(v02);
    expectStatus(reply, 'success');
    expect(reply.body.format).toBe('CAMT.053 (camt.053.001.02)');
    expect(linesOf(reply).map((l) => l.name)).toEqual([
      'Baeckerei Mueller und Soehne',
      'Gaertnerei Gruen GmbH',
      'Stadtwerke Musterstadt',
      'Erika Mustermann',
      'Max Mustermann',
    ]);
  });
});

describe('bank CSV exports', () => {
  it('Sparkasse CSV-CAMT V2: the number written with spaces; pending left out; the debit listed', async () => {
    const reply = await preview(sparkasse);
    expectStatus(reply, 'success');
    expect(reply.body).toMatchObject({ format: 'Sparkasse CSV-CAMT V2', konto: 'DE02120300000000202051' });
    const lines = linesOf(reply);
    expect(lines.map((l) => [l.datum, l.betrag])).toEqual([
      ['2025-04-02', 35700],
      ['2025-04-02', -125000],
    ]);
    expect(lines[0]?.vorschlag).toMatchObject({ rechnung: 'RE-2025-0003', grund: 'Rechnungsnummer' });
    expect(lines[0]?.schluessel).toMatch(/^sha:[0-9a-f]{40}$/);
    const booked = await confirm(sparkasse, [
      { schluessel: lines[0]?.schluessel, rechnungId: invoiceIds['RE-2025-0003'] },
    ]);
    expect(booked.body).toMatchObject({ gebucht: 1 });
    expect(await invoiceOpen('RE-2025-0003')).toBe(0);
  });

  it('DKB: account lines above the header; matched by amount and payer', async () => {
    const reply = await preview(dkb);
    expectStatus(reply, 'success');
    expect(reply.body).toMatchObject({ format: 'DKB CSV', konto: 'DE02120300000000202051' });
    const lines = linesOf(reply);
    expect(lines.map((l) => [l.name, l.betrag])).toEqual([
      ['Jugendfeuerwehr Nord', 47600],
      ['Papier Paul', -2390],
    ]);
    expect(lines[0]?.vorschlag).toMatchObject({ rechnung: 'RE-2025-0004', grund: 'Betrag und Name' });
  });

  it('ING: the header after the account lines', async () => {
    const ing = [
      'Umsatzanzeige;Datei erstellt am: 20.04.2025 10:00',
      'IBAN;DE02 1203 0000 0000 2020 51',
      'Kontoname;Girokonto',
      '',
      'Buchung;Wertstellungsdatum;Auftraggeber/Empfänger;Buchungstext;Verwendungszweck;Saldo;Währung;Betrag;Währung',
      '18.04.2025;18.04.2025;Jugendfeuerwehr Nord;Gutschrift;RE-2025-0004;1.000,00;EUR;476,00;EUR',
    ].join('\n');
    const reply = await preview(ing);
    expectStatus(reply, 'success');
    expect(reply.body).toMatchObject({ format: 'ING CSV', konto: 'DE02120300000000202051' });
    expect(linesOf(reply)[0]?.vorschlag).toMatchObject({ rechnung: 'RE-2025-0004', grund: 'Rechnungsnummer' });
  });
});

describe('refused statements and confirmations', () => {
  it('broken XML, DOCTYPE, other XML, an unknown CSV layout, bad cells, nothing sent: German messages', async () => {
    expectInvalid(
      await preview('<Document><BkToCstmrStmt><Stmt></BkToCstmrStmt>'),
      'inhalt',
      bankMessages.brokenXml(1),
    );
    expectInvalid(
      await preview('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'),
      'inhalt',
      bankMessages.doctype,
    );
    expectInvalid(await preview('<Document><Other/></Document>'), 'inhalt', bankMessages.notCamt);
    expectInvalid(await preview('Name;Wert\nA;1\n'), 'inhalt', bankMessages.unknownLayout);
    expectInvalid(
      await preview(sparkasse.replace('"02.04.25"', '"kein Datum"')),
      'inhalt',
      bankMessages.badLine(1, 'Das Buchungsdatum'),
    );
    expectInvalid(await preview(camt.replace('119.00', '119.001')), 'inhalt', bankMessages.badLine(1, 'Der Betrag'));
    expectInvalid(await preview(camt.replaceAll('BOOK', 'PDNG')), 'inhalt', bankMessages.noLines);
    expectInvalid(
      await server.call(receivablesCalls.kontoauszugVorschau, staff.code, {}),
      'file',
      bankMessages.noInput,
    );
    const tooMany = [sparkasse.split('\r\n')[0], ...Array.from({ length: 2001 }, () => sparkasse.split('\r\n')[1])];
    expectInvalid(await preview(tooMany.join('\n')), 'inhalt', bankMessages.tooManyLines(2000));
  });

  it('a confirmation naming no line of the statement, a debit or an invoice that is not open changes nothing', async () => {
    const before = await rowCounts();
    const lines = linesOf(await preview(camt));
    const debit = lines.find((l) => l.art === 'Lastschrift');
    const unmatched = lines.find((l) => l.verwendungszweck === 'Spende Sommerfest');
    expectInvalid(
      await confirm(camt, [{ schluessel: 'ref:xyz', rechnungId: invoiceIds['RE-2025-0004'] }]),
      'zuordnungen',
      bankMessages.unknownLine,
    );
    expectInvalid(
      await confirm(camt, [{ schluessel: debit?.schluessel, rechnungId: invoiceIds['RE-2025-0004'] }]),
      'zuordnungen',
      bankMessages.notACredit,
    );
    expectInvalid(
      await confirm(camt, [{ schluessel: unmatched?.schluessel, rechnungId: invoiceIds['RE-2025-0001'] }]),
      'zuordnungen',
      bankMessages.invoiceNotOpen('RE-2025-0001'),
    );
    expectInvalid(await confirm(camt, []), 'zuordnungen');
    expect(await rowCounts()).toEqual(before);
  });

  it('only staff of 410: no right, the settings right alone and customers are refused', async () => {
    for (const code of [outsider.code, settingsOnly.code, customerLogin.code]) {
      expectStatus(await preview(camt, code), 'noRight', 403);
      expectStatus(await confirm(camt, [{ schluessel: 'x', rechnungId: 1 }], code), 'noRight', 403);
    }
  });
});
