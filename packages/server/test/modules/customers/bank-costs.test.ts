import fs from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bankMessages,
  customerCalls,
  receivablesCalls,
  type BankLineView,
  type CostView,
  type CustomerData,
  type EInvoiceReading,
} from '@hortus/contract/modules/customers';
import { stopEInvoiceReader } from '../../../src/modules/customers/e-invoices';
import { periodData } from '../../../src/modules/customers/euer';
import { customerBankLines, customerCostDocuments } from '../../../src/modules/customers/schema';
import { expectInvalid, expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';
import { customerCallsOf, receivablesWorld } from '../../support/customer-calls';
import { postMultipart } from '../../support/multipart';
import { pageTexts } from '../../support/pdf-reader';
import { fetchStored } from '../../support/download';

// Issue 45: a cost read from an e-invoice with a due date and the seller's IBAN is open until paid; a bank
// statement's debits are matched to open costs (invoice number in the reference, else amount and IBAN, else
// amount and name), confirmed in the preview → take-over flow, and paid on the booking day, never twice.

const fixture = (name: string) => fs.readFileSync(new URL(`../../fixtures/e-invoices/${name}`, import.meta.url));

interface Entry {
  betrag: string;
  art: 'DBIT' | 'CRDT';
  ref: string;
  name: string;
  iban: string;
  zweck: string;
}
/** A CAMT.053 statement of 2026-05-20 with these booked entries. */
function camtOf(entries: Entry[]): string {
  const party = (e: Entry) =>
    e.art === 'DBIT'
      ? `<Cdtr><Pty><Nm>${e.name}</Nm></Pty></Cdtr><CdtrAcct><Id><IBAN>${e.iban}</IBAN></Id></CdtrAcct>`
      : `<Dbtr><Pty><Nm>${e.name}</Nm></Pty></Dbtr><DbtrAcct><Id><IBAN>${e.iban}</IBAN></Id></DbtrAcct>`;
  const entry = (e: Entry) => `<Ntry><Amt Ccy="EUR">${e.betrag}</Amt><CdtDbtInd>${e.art}</CdtDbtInd>
    <Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-05-20</Dt></BookgDt><ValDt><Dt>2026-05-20</Dt></ValDt>
    <AcctSvcrRef>${e.ref}</AcctSvcrRef><NtryDtls><TxDtls><Amt Ccy="EUR">${e.betrag}</Amt>
    <RltdPties>${party(e)}</RltdPties><RmtInf><Ustrd>${e.zweck}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>
<GrpHdr><MsgId>T-1</MsgId><CreDtTm>2026-05-21T06:00:00+02:00</CreDtTm></GrpHdr>
<Stmt><Id>S-1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
${entries.map(entry).join('\n')}
</Stmt></BkToCstmrStmt></Document>`;
}

const statement = camtOf([
  // The UBL invoice 2026-117 (284,37 € due) by its number.
  {
    betrag: '284.37',
    art: 'DBIT',
    ref: 'D-1',
    name: 'Jens Lindner',
    iban: 'DE75512108001245126199',
    zweck: 'RG 2026-117',
  },
  // The CII invoice BK-2026-04711 (229,25 €) by amount and IBAN.
  { betrag: '229.25', art: 'DBIT', ref: 'D-2', name: 'Krause', iban: 'DE02120300000000202051', zweck: 'Kundennr 88' },
  // A cost entered by hand and marked open (opt-in `offen`) by amount and name.
  {
    betrag: '45.20',
    art: 'DBIT',
    ref: 'D-3',
    name: 'Stadtwerke Musterstadt',
    iban: 'DE12500105170648489890',
    zweck: 'Abschlag Mai',
  },
  // The same amount and IBAN again: its cost is proposed once only.
  {
    betrag: '284.37',
    art: 'DBIT',
    ref: 'D-4',
    name: 'Jens Lindner',
    iban: 'DE75512108001245126199',
    zweck: 'Sammelzahlung',
  },
  // A credit: never a cost.
  {
    betrag: '45.20',
    art: 'CRDT',
    ref: 'C-1',
    name: 'Stadtwerke Musterstadt',
    iban: 'DE12500105170648489890',
    zweck: 'Gutschrift',
  },
]);

let server: TestServer;
let staff: { code: string; id: number };
let settingsOnly: { code: string; id: number };
let outsider: { code: string; id: number };
let customerLogin: { code: string; id: number };
const { data, save } = customerCallsOf(() => server);
const costs = { ubl: 0, cii: 0, hand: 0, paid: 0 };

async function reading(filename: string, bytes: Buffer): Promise<EInvoiceReading> {
  const reply = await postMultipart(
    server.app,
    customerCalls.kostenEingangsrechnung.url,
    { code: staff.code },
    { filename, bytes },
  );
  expect(reply.statusCode).toBe(200);
  return (reply.body as { eRechnung: EInvoiceReading }).eRechnung;
}
async function addCost(input: Record<string, unknown>): Promise<CostView> {
  const reply = await save(staff.code, {
    type: 'addKosten',
    data: { id: 0, id_kostenstelle: 1, wiederholen: 0, ...input },
  });
  expectStatus(reply, 'success');
  const saved = reply.body.save as CustomerData;
  return saved.kosten.find((c) => c.id === saved.lastAddedKosten) as CostView;
}
const costOf = async (id: number) => (await data(staff.code)).kosten.find((c) => c.id === id) as CostView;

beforeAll(async () => {
  server = await startTestServer();
  ({ staff, settingsOnly, outsider, customerLogin } = await receivablesWorld(server, {
    iban: 'DE89370400440532013000',
  }));
  const ubl = await reading('Rechnung 2026-117.xml', fixture('xrechnung-ubl-rechnung.xml'));
  costs.ubl = (await addCost({ ...ubl.vorschlag, eRechnung: ubl.datei })).id;
  const cii = await reading('BK-2026-04711.xml', fixture('xrechnung-cii-zwei-steuersaetze.xml'));
  costs.cii = (await addCost({ ...cii.vorschlag, eRechnung: cii.datei })).id;
  costs.hand = (
    await addCost({
      datum: '2026-05-15',
      betrag: '45,20',
      titel: 'Strom Mai',
      titel2: 'Stadtwerke Musterstadt',
      offen: true,
    })
  ).id;
  costs.paid = (
    await addCost({ datum: '2026-05-01', betrag: '284,37', titel: 'Schon bezahlt', titel2: 'Jens Lindner' })
  ).id;
});
afterAll(async () => {
  await stopEInvoiceReader();
  await server.close();
});

const preview = (code = staff.code): Promise<Reply> =>
  server.call(receivablesCalls.kontoauszugVorschau, code, { inhalt: statement });
const confirm = (zuordnungen: unknown, code = staff.code): Promise<Reply> =>
  server.call(receivablesCalls.kontoauszugUebernehmen, code, { inhalt: statement, zuordnungen });
const linesOf = (reply: Reply) => reply.body.zeilen as BankLineView[];
const keyOf = (ref: string) => `ref:DE89370400440532013000:${ref}`;

describe('open costs', () => {
  it('a cost from an e-invoice with a due date and IBAN is open; by hand it is paid unless marked open', async () => {
    expect(await costOf(costs.ubl)).toMatchObject({ offen: true, faelligAm: '2026-05-15', bezahltAm: '' });
    expect(await costOf(costs.cii)).toMatchObject({ offen: true, faelligAm: '2026-03-16', bezahltAm: '' });
    expect(await costOf(costs.hand)).toMatchObject({ offen: true, faelligAm: '', bezahltAm: '' });
    expect(await costOf(costs.paid)).toMatchObject({ offen: false, faelligAm: '', bezahltAm: '' });
    expectInvalid(
      await save(staff.code, {
        type: 'addKosten',
        data: { id: 0, datum: '2026-05-01', betrag: '1', titel: 'X', offen: 'ja' },
      }),
      'dataToSave.data.offen',
    );
  });
});

describe('matching debits to open costs', () => {
  it('proposes the open cost by invoice number, by amount and IBAN, by amount and name — each once; writes nothing', async () => {
    const before = await server.database.db.select({ n: count() }).from(customerBankLines);
    const reply = await preview();
    expectStatus(reply, 'success');
    const lines = linesOf(reply);
    expect(
      lines.map((l) => [l.betrag, l.kostenVorschlag?.kostenId ?? 0, l.kostenVorschlag?.grund ?? l.hinweis]),
    ).toEqual([
      [-28_437, costs.ubl, 'Rechnungsnummer'],
      [-22_925, costs.cii, 'Betrag und IBAN'],
      [-4_520, costs.hand, 'Betrag und Name'],
      [-28_437, 0, bankMessages.debit],
      [4_520, 0, bankMessages.noMatch],
    ]);
    expect(lines[0]?.kostenVorschlag).toMatchObject({
      titel: 'Rechnung 2026-117',
      empfaenger: 'Jens Lindner',
      betrag: 28_437,
      faelligAm: '2026-05-15',
    });
    expect(lines.every((l) => l.vorschlag === null)).toBe(true);
    expect(await server.database.db.select({ n: count() }).from(customerBankLines)).toEqual(before);
  });

  it('is refused to the settings right alone, customers and users without the module', async () => {
    for (const caller of [settingsOnly, customerLogin, outsider]) {
      expectStatus(await preview(caller.code), 'noRight', 403);
      expectStatus(await confirm([{ schluessel: keyOf('D-1'), kostenId: costs.ubl }], caller.code), 'noRight', 403);
    }
    expect((await costOf(costs.ubl)).offen).toBe(true);
  });

  it('refuses bad assignments and books nothing', async () => {
    const refused: [unknown, string][] = [
      [[{ schluessel: keyOf('D-1'), kostenId: costs.ubl, rechnungId: 1 }], bankMessages.oneTarget],
      [[{ schluessel: keyOf('D-1') }], bankMessages.oneTarget],
      [[{ schluessel: keyOf('C-1'), kostenId: costs.hand }], bankMessages.notADebit],
      [[{ schluessel: keyOf('D-1'), rechnungId: 1 }], bankMessages.notACredit],
      [[{ schluessel: keyOf('D-1'), kostenId: 999_999 }], bankMessages.unknownCost],
      [[{ schluessel: keyOf('D-4'), kostenId: costs.paid }], bankMessages.costNotOpen('Schon bezahlt')],
      [[{ schluessel: 'ref:gibt-es-nicht', kostenId: costs.ubl }], bankMessages.unknownLine],
    ];
    for (const [zuordnungen, message] of refused) {
      const reply = await confirm(zuordnungen);
      expectStatus(reply, 'validationError', 400);
      expect(JSON.stringify(reply.body.errors)).toContain(message);
    }
    expectInvalid(await confirm([{ schluessel: keyOf('D-1'), kostenId: 'x' }]), 'zuordnungen.0.kostenId');
    const [lines] = await server.database.db.select({ n: count() }).from(customerBankLines);
    expect(lines?.n).toBe(0);
    expect((await costOf(costs.ubl)).offen).toBe(true);
  });

  it('pays the confirmed costs on the booking day with a receipt; read again, nothing is booked twice', async () => {
    const chosen = [
      { schluessel: keyOf('D-1'), kostenId: costs.ubl },
      { schluessel: keyOf('D-2'), kostenId: costs.cii },
      { schluessel: keyOf('D-3'), kostenId: costs.hand },
    ];
    // Cash principle: an open cost is no expense of the EÜR (nor DATEV, the GoBD export) until it is paid.
    const expenseIds = async () => (await periodData(server.database.db, '2026', [])).expenses.map((e) => e.id);
    expect(await expenseIds()).not.toContain(costs.ubl);
    const reply = await confirm(chosen);
    expectStatus(reply, 'success', 200);
    expect(await expenseIds()).toEqual(expect.arrayContaining([costs.ubl, costs.cii, costs.hand]));
    expect(reply.body).toMatchObject({ gebucht: 3, bereitsGebucht: 0, belege: [] });
    expect(reply.body.kosten).toEqual(
      chosen.map((c) => ({ schluessel: c.schluessel, id_kosten: c.kostenId, bezahltAm: '2026-05-20' })),
    );
    const ubl = await costOf(costs.ubl);
    expect(ubl).toMatchObject({ offen: false, bezahltAm: '2026-05-20', datum: '2026-05-20', faelligAm: '2026-05-15' });
    const receipt = ubl.dokumente.find((d) => d.dokumentart === 20);
    expect(receipt?.name).toBe('Zahlungsausgang Rechnung 2026-117 (20.05.2026).pdf');
    expect(receipt?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const text = (await pageTexts(await fetchStored(server.app, staff.code, receipt?.pfad ?? ''))).join(' ');
    expect(text).toContain('Buchungsbeleg Zahlungsausgang');
    expect(text).toContain('Jens Lindner');
    const [booking] = await server.database.db
      .select()
      .from(customerBankLines)
      .where(eq(customerBankLines.schluessel, keyOf('D-1')));
    expect(booking).toMatchObject({ costId: costs.ubl, betragCents: -28_437, invoiceId: null });

    // The same statement again: marked as taken over, the paid cost no longer proposed, nothing booked twice.
    const again = linesOf(await preview());
    expect(again.slice(0, 3).map((l) => [l.bereitsGebucht, l.kostenVorschlag])).toEqual([
      [true, null],
      [true, null],
      [true, null],
    ]);
    expect(again[3]?.kostenVorschlag).toBeNull();
    const [documentsBefore] = await server.database.db.select({ n: count() }).from(customerCostDocuments);
    const twice = await confirm(chosen);
    expectStatus(twice, 'success');
    expect(twice.body).toMatchObject({ gebucht: 0, bereitsGebucht: 3, kosten: [] });
    expect(await server.database.db.select({ n: count() }).from(customerCostDocuments)).toEqual([documentsBefore]);
    const [lines] = await server.database.db.select({ n: count() }).from(customerBankLines);
    expect(lines?.n).toBe(3);
  });
});
