import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { eachCsvRecord, fieldMessages, platformCalls, todayIsoDay } from '@hortus/contract';
import {
  auditCalls,
  centsOfGdpdu,
  customerCalls,
  EUER_TAX_FREE_LABEL,
  gobdMessages,
  type CustomerData,
  type EuerSummary,
} from '@hortus/contract/modules/customers';
import { protokoll } from '../../../src/platform/db/schema';
import { euerOf } from '../../../src/modules/customers/euer';
import { GDPDU_DTD } from '../../../src/modules/customers/gdpdu';
import { readCustomerSettings } from '../../../src/modules/customers/settings';
import { createGroup } from '../../../src/seed/factories';
import { expectInvalid, expectStatus, startTestServer, type TestServer } from '../../support/helper';
import { customerCallsOf } from '../../support/customer-calls';
import { fetchStored } from '../../support/download';
import { pageTexts } from '../../support/pdf-reader';
import { readZip } from '../../support/zip-reader';

let demo: TestServer;
let staff: string;
let settingsOnly: string;
let customer: string;
/** The demo's year: the year of its first payment received (its data are dated relative to today). */
let year: number;

beforeAll(async () => {
  demo = await startTestServer({ seed: 'demo' });
  staff = await demo.login('leitung', 'Leitung#2026');
  const loaded = await customerCallsOf(() => demo).data(staff);
  const payments = loaded.auftraege
    .flatMap((order) => order.dokumente)
    .filter((document) => document.dokumentart === 20);
  year = Number([...payments.map((payment) => payment.dateUpload)].sort()[0]?.slice(0, 4) ?? todayIsoDay().slice(0, 4));
  settingsOnly = (await demo.userWithSession({ rechteSolo: ['x|410|set'] })).code;
  const settings = await readCustomerSettings(demo.database.db);
  const customerGroup =
    settings.id_nutzergruppe_kunde ||
    (await createGroup(demo.database.db, { name: 'Kunden GoBD', rechte: ['x|410|000'] }));
  customer = (await demo.userWithSession({ groupIds: [customerGroup] })).code;
}, 120_000);
afterAll(() => demo.close());

const exportOf = (code: string, zeitraum: Record<string, unknown> | string) =>
  demo.call(auditCalls.gobdExport, code, { zeitraum });

async function exportedZip(zeitraum: Record<string, unknown>): Promise<Map<string, Buffer>> {
  const reply = await exportOf(staff, zeitraum);
  expectStatus(reply, 'success');
  expect(reply.body.name).toMatch(/^GoBD-Datenexport .+\.zip$/);
  return readZip(await fetchStored(demo.app, staff, reply.body.file as string));
}

/** The element content models of a DTD, as regular expressions over the children's names ('<A><B>'). */
function dtdModels(dtd: string): Map<string, RegExp | 'text' | 'empty'> {
  const models = new Map<string, RegExp | 'text' | 'empty'>();
  for (const [, name, model] of dtd.matchAll(/<!ELEMENT (\w+) ([^>]+)>/g)) {
    const trimmed = (model as string).trim();
    if (trimmed === '(#PCDATA)') models.set(name as string, 'text');
    else if (trimmed === 'EMPTY') models.set(name as string, 'empty');
    else
      models.set(
        name as string,
        new RegExp(`^${trimmed.replace(/\w+/g, (child) => `(?:<${child}>)`).replace(/[\s,]/g, '')}$`),
      );
  }
  return models;
}

type OrderedNode = Record<string, unknown>;
const tagOf = (node: OrderedNode) => Object.keys(node).find((key) => key !== ':@') as string;

/** Every element of the document against its DTD model: the children in order, text only where declared. */
function dtdErrors(xml: string, dtd: string): string[] {
  const models = dtdModels(dtd);
  const errors: string[] = [];
  const walk = (node: OrderedNode, path: string) => {
    const tag = tagOf(node);
    const children = (node[tag] as OrderedNode[]).filter((child) => tagOf(child) !== '#text');
    const hasText = (node[tag] as OrderedNode[]).some((child) => tagOf(child) === '#text');
    const model = models.get(tag);
    if (model === undefined) errors.push(`${path}/${tag}: not declared`);
    else if (model === 'text' && children.length > 0) errors.push(`${path}/${tag}: text only`);
    else if (model === 'empty' && (children.length > 0 || hasText)) errors.push(`${path}/${tag}: empty`);
    else if (model instanceof RegExp) {
      const sequence = children.map((child) => `<${tagOf(child)}>`).join('');
      if (!model.test(sequence) || hasText) errors.push(`${path}/${tag}: ${sequence} does not match ${String(model)}`);
    }
    for (const child of children) walk(child, `${path}/${tag}`);
  };
  const parsed = new XMLParser({ preserveOrder: true, ignoreDeclaration: true }).parse(xml) as OrderedNode[];
  for (const root of parsed) walk(root, '');
  return errors;
}

interface IndexTable {
  URL: string;
  Name: string;
  VariableLength: Record<string, unknown>;
}
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The tables of index.xml with their column names in file order (primary keys first). */
function indexTables(xml: string): { url: string; name: string; columns: string[] }[] {
  const parsed = new XMLParser({ ignoreDeclaration: true }).parse(xml) as {
    DataSet: { Media: { Table: IndexTable | IndexTable[] } };
  };
  return asList(parsed.DataSet.Media.Table).map((table) => ({
    url: table.URL,
    name: table.Name,
    columns: [
      ...asList(table.VariableLength.VariablePrimaryKey as { Name: string }[] | undefined),
      ...asList(table.VariableLength.VariableColumn as { Name: string }[] | undefined),
    ].map((column) => column.Name),
  }));
}

/** A table's records (header dropped) as objects by column name. */
function records(zip: Map<string, Buffer>, url: string): Record<string, string>[] {
  const text = zip.get(url)?.toString('utf8') ?? '';
  const [header, ...rows] = [...eachCsvRecord(text, ';')].map((record) => record.cells);
  return rows.map((cells) => Object.fromEntries((header ?? []).map((name, index) => [name, cells[index] ?? ''])));
}
const sum = (rows: readonly Record<string, string>[], column: string) =>
  rows.reduce((total, row) => total + centsOfGdpdu(row[column] ?? '0'), 0);
const line = (summary: EuerSummary, label: string) =>
  [...summary.receipts, ...summary.expenses].find((entry) => entry.label === label)?.cents ?? 0;

describe('GoBD data export (Z3)', () => {
  it('writes index.xml valid against the DTD beside it, and every table it names with its columns', async () => {
    const zip = await exportedZip({ jahr: String(year) });
    const xml = zip.get('index.xml')?.toString('utf8') ?? '';
    expect(xml).toContain('<!DOCTYPE DataSet SYSTEM "gdpdu-01-09-2004.dtd">');
    expect(zip.get('gdpdu-01-09-2004.dtd')?.toString('utf8')).toBe(GDPDU_DTD);
    expect(dtdErrors(xml, GDPDU_DTD)).toEqual([]);
    const tables = indexTables(xml);
    expect(tables.map((table) => table.url)).toEqual([
      'rechnungen.csv',
      'rechnungspositionen.csv',
      'zahlungseingaenge.csv',
      'kosten.csv',
      'kostenbelege.csv',
      'mahnungen.csv',
      'bankumsaetze.csv',
    ]);
    for (const table of tables) {
      expect(zip.has(table.url), table.url).toBe(true);
      const text = zip.get(table.url)?.toString('utf8') ?? '';
      expect(text.startsWith('\uFEFF')).toBe(false);
      expect(text.endsWith('\r\n')).toBe(true);
      // One record per line (CRLF), each with as many cells as index.xml declares columns.
      const lines = text.slice(0, -2).split('\r\n');
      const parsed = [...eachCsvRecord(text, ';')];
      expect(parsed.length, table.url).toBe(lines.length);
      expect(parsed[0]?.cells).toEqual(table.columns);
      for (const record of parsed)
        expect(record.cells.length, `${table.url} line ${record.line}`).toBe(table.columns.length);
    }
    expect(xml).toContain(`<Validity><Range><From>01.01.${year}</From><To>31.12.${year}</To></Range>`);
  });

  it('holds the demo year with the EÜR’s figures: receipts, VAT, tax-free part and costs', async () => {
    const zip = await exportedZip({ jahr: String(year) });
    const { summary } = await euerOf(demo.database.db, year, []);
    const receipts = records(zip, 'zahlungseingaenge.csv');
    const costs = records(zip, 'kosten.csv');
    expect(receipts.length).toBeGreaterThan(0);
    expect(costs.length).toBeGreaterThan(0);
    expect(sum(receipts, 'Brutto')).toBe(summary.receiptsTotal);
    expect(sum(receipts, 'Umsatzsteuer')).toBe(line(summary, 'Vereinnahmte Umsatzsteuer'));
    expect(sum(receipts, 'Steuerfrei')).toBe(line(summary, EUER_TAX_FREE_LABEL));
    expect(sum(receipts, 'Netto') + sum(receipts, 'Umsatzsteuer')).toBe(summary.receiptsTotal);
    expect(sum(costs, 'Brutto')).toBe(summary.expensesTotal);
    expect(sum(costs, 'Vorsteuer')).toBe(line(summary, 'Gezahlte Vorsteuerbeträge'));
    expect(sum(costs, 'Netto') + sum(costs, 'Vorsteuer')).toBe(summary.expensesTotal);
  });

  it('lists the issued invoices with their lines and keeps each one’s PDF (and XRechnung XML) as issued', async () => {
    const data = await customerCallsOf(() => demo).data(staff);
    const issued = data.auftraege
      .flatMap((order) => order.dokumente)
      .filter((document) => [1, 3].includes(document.dokumentart) && document.dateUpload.startsWith(`${year}-`));
    const zip = await exportedZip({ jahr: String(year) });
    const invoices = records(zip, 'rechnungen.csv');
    expect(invoices.map((row) => row.Belegnummer).sort()).toEqual(issued.map((document) => document.name).sort());
    const lines = records(zip, 'rechnungspositionen.csv');
    for (const invoice of invoices) {
      const own = lines.filter((row) => row.Belegnummer === invoice.Belegnummer);
      expect(own.length, invoice.Belegnummer).toBeGreaterThan(0);
      expect(sum(own, 'Netto'), invoice.Belegnummer).toBe(centsOfGdpdu(invoice.Netto ?? ''));
      const [pdf] = (invoice.Datei ?? '').split(', ');
      expect(
        zip
          .get(pdf ?? '')
          ?.subarray(0, 5)
          .toString(),
        invoice.Belegnummer,
      ).toBe('%PDF-');
    }
    expect(invoices.every((row) => /^\d{2}\.\d{2}\.\d{4}$/.test(row.Belegdatum ?? ''))).toBe(true);
  });

  it('takes a period of days: only what is dated inside it', async () => {
    const von = `${year}-01-01`;
    const bis = `${year}-10-31`;
    const zip = await exportedZip({ von, bis });
    const dates = [...records(zip, 'rechnungen.csv'), ...records(zip, 'mahnungen.csv')].map((row) => row.Belegdatum);
    const iso = (german: string) => german.split('.').reverse().join('-');
    for (const date of dates) expect(iso(date ?? '') >= von && iso(date ?? '') <= bis).toBe(true);
    expect(zip.get('index.xml')?.toString('utf8')).toContain('<Name>');
  });

  it('records who took the data out in the Protokoll', async () => {
    await exportedZip({ jahr: String(year - 1) });
    const entries = await demo.database.db
      .select({ objektId: protokoll.objektId })
      .from(protokoll)
      .where(and(eq(protokoll.modul, '410'), eq(protokoll.objektTyp, 'GoBD-Export')));
    expect(entries.map((entry) => entry.objektId)).toContain(String(year - 1));
  });

  it('refuses a period it cannot read, with the message on its field', async () => {
    expectInvalid(await exportOf(staff, { jahr: '20x5' }), 'zeitraum.jahr', gobdMessages.year);
    expectInvalid(await exportOf(staff, { jahr: '1066' }), 'zeitraum.jahr', gobdMessages.year);
    expectInvalid(await exportOf(staff, {}), 'zeitraum.von', fieldMessages.required);
    expectInvalid(await exportOf(staff, { von: '2025-01-01' }), 'zeitraum.bis', fieldMessages.required);
    expectInvalid(await exportOf(staff, { von: '2025-02-30', bis: '2025-03-01' }), 'zeitraum.von', fieldMessages.date);
    expectInvalid(
      await exportOf(staff, { von: '2025-05-01', bis: '2025-04-30' }),
      'zeitraum.bis',
      fieldMessages.dayRange,
    );
    expectInvalid(
      await exportOf(staff, { von: '2015-01-01', bis: '2025-01-01' }),
      'zeitraum.bis',
      gobdMessages.periodTooLong,
    );
    expectStatus(await exportOf(staff, { von: '2015-01-02', bis: '2025-01-01' }), 'success');
    expectStatus(await exportOf(staff, '{"jahr":'), 'validationError', 400);
  });

  it('is for staff with the module’s right only: not the settings right, not a customer, not without a session', async () => {
    expectStatus(await exportOf(settingsOnly, { jahr: String(year) }), 'noRight', 403);
    expectStatus(await exportOf(customer, { jahr: String(year) }), 'noRight', 403);
    expectStatus(await exportOf('', { jahr: String(year) }), 'accessError', 401);
    const made = await exportOf(staff, { jahr: String(year) });
    for (const code of [customer, settingsOnly]) {
      const response = await demo.app.inject({
        method: 'POST',
        url: platformCalls.download.url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ code, file: made.body.file as string }).toString(),
      });
      expect(response.statusCode).not.toBe(200);
    }
  });
});

describe('Verfahrensdokumentation', () => {
  it('is a German PDF made from the settings: groups with rights, numbering, retention, backups', async () => {
    const reply = await demo.call(auditCalls.verfahrensdokumentation, staff, {});
    expectStatus(reply, 'success');
    expect(reply.body.name).toBe('Verfahrensdokumentation.pdf');
    const bytes = await fetchStored(demo.app, staff, reply.body.file as string);
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    const text = (await pageTexts(bytes)).join('\n').replace(/\s+/g, ' ');
    const settings = await readCustomerSettings(demo.database.db);
    expect(text).toContain('Verfahrensdokumentation');
    expect(text).toContain('Verwaltung');
    expect(text).toContain(`RE-${todayIsoDay().slice(0, 4)}-0001`);
    expect(text).toContain('Stornorechnung');
    expect(text).toContain('mindestens 8 Jahre');
    expect(text).toContain('Bücher und Aufzeichnungen 10 Jahre');
    expect(text).toContain('nächtliche Sicherung');
    expect(text).toContain(`Zahlungsziel: ${settings.firma.zahlungszielTage} Tage`);
    if (settings.firma.name) expect(text).toContain(settings.firma.name);
  });

  it('is refused to the settings right alone and to customers', async () => {
    expectStatus(await demo.call(auditCalls.verfahrensdokumentation, settingsOnly, {}), 'noRight', 403);
    expectStatus(await demo.call(auditCalls.verfahrensdokumentation, customer, {}), 'noRight', 403);
  });
});

describe('the document call still makes its EÜR after the ZIP helpers moved', () => {
  it('answers the EÜR ZIP', async () => {
    const reply = await demo.call(customerCalls.dokument, staff, {
      dokument: { dokumentart: 'EueR', jahr: String(year) },
    });
    expectStatus(reply, 'success');
    const zip = readZip(await fetchStored(demo.app, staff, reply.body.file as string));
    expect([...zip.keys()]).toContain(`EÜR ${year}.pdf`);
    const data: CustomerData = await customerCallsOf(() => demo).data(staff);
    expect(data.auftraege.length).toBeGreaterThan(0);
  });
});
