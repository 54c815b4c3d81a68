import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Big from 'big.js';
import { grossFromNet } from '../../platform/money';
import { charsets } from '../../platform/validation';
import {
  costInput,
  costNet,
  costWarnings,
  dueRepeats,
  exportInput,
  filterCosts,
  keepExistingCentres,
  sortCosts,
  sumCosts,
  type CostView,
} from './costs';
import {
  DATEV_COLUMNS,
  DATEV_DEFAULTS,
  datevAmount,
  datevDocumentNumber,
  datevFile,
  datevHeader,
  datevRow,
  datevMessages,
  datevSettings,
  datevWindows1252,
  type DatevBooking,
} from './datev';
import { EUER_TAX_FREE_LABEL, euerSummary, revenueOverview, splitPayment, splitProportionally } from './euer';
import type { OrderView } from './calls';

const isoDay = fc
  .integer({ min: Date.UTC(2020, 0, 1) / 86_400_000, max: Date.UTC(2030, 11, 31) / 86_400_000 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));
const rate = fc.constantFrom('0', '5.5', '7', '16', '19');
const cents = fc.integer({ min: 0, max: 10_000_000_00 });

function cost(partial: Partial<CostView>): CostView {
  return {
    id: 1,
    datum: '2026-03-01',
    id_kostenstelle: 1,
    kostenstelle: '',
    betrag: 11_900,
    netto: 10_000,
    mwst: '19',
    titel: 'Papier',
    titel2: '',
    beschreibung: '',
    wiederholen: 0,
    id_vorlage: 0,
    dokumente: [],
    auftraege: [],
    offen: false,
    faelligAm: '',
    bezahltAm: '',
    ...partial,
  };
}
const costArb = fc.record({
  id: fc.integer({ min: 1, max: 1e6 }),
  datum: isoDay,
  id_kostenstelle: fc.integer({ min: 0, max: 4 }),
  betrag: cents,
  mwst: rate,
  titel: fc.constantFrom('Papier', 'Miete', 'Obst', 'Strom'),
});

describe('cost net and gross', () => {
  it('net = gross / (1 + VAT/100), half-up; net + VAT = gross exactly', () => {
    expect(costNet(11_900, '19')).toBe(10_000);
    expect(costNet(1_000, '7')).toBe(935); // 934.579… → 935
    expect(costNet(100, '0')).toBe(100);
    fc.assert(
      fc.property(cents, rate, (gross, r) => {
        const net = costNet(gross, r);
        const exact = new Big(gross).div(new Big(r).div(100).plus(1));
        expect(new Big(net).minus(exact).abs().lte(0.5)).toBe(true);
        expect(net).toBeLessThanOrEqual(gross);
      }),
    );
  });
  it('the net of a gross made from a net is the net again (within a cent)', () => {
    fc.assert(
      fc.property(cents, rate, (net, r) => {
        expect(Math.abs(costNet(grossFromNet(net, r), r) - net)).toBeLessThanOrEqual(1);
      }),
    );
  });
  it('the cost form refuses bad amounts and rates with German messages; VAT defaults to 19 %', () => {
    const ok = costInput.parse({ id: 0, datum: '2026-03-01', betrag: '119,00', titel: 'Papier' });
    expect(ok.mwst).toBe('19');
    const bad = costInput.safeParse({ id: 0, datum: '2026-02-30', betrag: '-5', mwst: 'x', titel: '' });
    expect(bad.success).toBe(false);
    const fields = Object.fromEntries((bad.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(Object.keys(fields).sort()).toEqual(['betrag', 'datum', 'mwst', 'titel']);
    for (const message of Object.values(fields)) expect(message).toMatch(/[a-zäöü]/);
  });
  it('exports take a year (EueR, DATEV) or a month (monatsbelege)', () => {
    expect(exportInput.safeParse({ dokumentart: 'EueR', jahr: 2026 }).success).toBe(true);
    expect(exportInput.safeParse({ dokumentart: 'monatsbelege', jahr: '2026-04' }).success).toBe(true);
    expect(exportInput.safeParse({ dokumentart: 'monatsbelege', jahr: '2026-13' }).success).toBe(false);
    expect(exportInput.safeParse({ dokumentart: 'EueR', jahr: '26' }).success).toBe(false);
  });
});

describe('costs list: filter, sums, order, warnings', () => {
  it('shows exactly the costs of the year, the chosen centres and the search words', () => {
    fc.assert(
      fc.property(
        fc.array(costArb, { maxLength: 40 }),
        fc.integer({ min: 2020, max: 2030 }),
        fc.option(fc.uniqueArray(fc.integer({ min: 0, max: 4 })), { nil: null }),
        (rows, year, centres) => {
          const costs = rows.map((r) => cost({ ...r, netto: costNet(r.betrag, r.mwst) }));
          const shown = filterCosts(costs, { year, centres, search: '' });
          for (const c of costs) {
            const expected =
              c.datum.startsWith(String(year)) && (centres === null || centres.includes(c.id_kostenstelle));
            expect(shown.includes(c)).toBe(expected);
          }
          const sum = sumCosts(shown);
          expect(sum.gross).toBe(shown.reduce((s, c) => s + c.betrag, 0));
          expect(sum.net + sum.vat).toBe(sum.gross);
          // The sum over all centres splits into the sums per centre.
          const perCentre = [0, 1, 2, 3, 4].map((centre) =>
            sumCosts(filterCosts(costs, { year, centres: [centre], search: '' })),
          );
          const all = sumCosts(filterCosts(costs, { year, centres: null, search: '' }));
          expect(perCentre.reduce((s, x) => s + x.gross, 0)).toBe(all.gross);
          expect(perCentre.reduce((s, x) => s + x.net, 0)).toBe(all.net);
        },
      ),
    );
  });
  it('search needs every word, case-insensitive, in title, description or date', () => {
    const costs = [cost({ id: 1, titel: 'Obst Markt' }), cost({ id: 2, titel: 'Papier', beschreibung: 'Büro' })];
    expect(filterCosts(costs, { year: 2026, centres: null, search: 'obst' }).map((c) => c.id)).toEqual([1]);
    expect(filterCosts(costs, { year: 2026, centres: null, search: 'PAPIER büro' }).map((c) => c.id)).toEqual([2]);
    expect(filterCosts(costs, { year: 2026, centres: null, search: '2026-03' })).toHaveLength(2);
  });
  it('sorts by date descending', () => {
    fc.assert(
      fc.property(fc.array(costArb, { maxLength: 30 }), (rows) => {
        const sorted = sortCosts(rows.map((r) => cost(r)));
        for (let i = 1; i < sorted.length; i++)
          expect((sorted[i - 1] as CostView).datum >= (sorted[i] as CostView).datum).toBe(true);
      }),
    );
  });
  it('red icons: no invoice (1), no booking receipt (20)', () => {
    const doc = (dokumentart: number) => ({
      id: 1,
      dokumentart,
      name: 'a.pdf',
      pfad: 'p',
      dateUpload: '',
      timeUpload: 0,
      sha256: '',
      eRechnung: null,
    });
    expect(costWarnings(cost({}))).toEqual({ noInvoice: true, noReceipt: true });
    expect(costWarnings(cost({ dokumente: [doc(1)] }))).toEqual({ noInvoice: false, noReceipt: true });
    expect(costWarnings(cost({ dokumente: [doc(20), doc(1)] }))).toEqual({ noInvoice: false, noReceipt: false });
  });
  it('drops chosen cost centres the settings no longer have; null stays all', () => {
    expect(keepExistingCentres([1, 2, 5], [1, 5, 7])).toEqual([1, 5]);
    expect(keepExistingCentres(null, [1])).toBeNull();
  });
  it('repeating costs: one day per period after the start, up to today, month ends kept', () => {
    expect(dueRepeats('2026-01-31', 1, '2026-04-30')).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
    expect(dueRepeats('2026-01-15', 2, '2026-12-31')).toEqual(['2026-04-15', '2026-07-15', '2026-10-15']);
    expect(dueRepeats('2025-05-01', 3, '2026-05-01')).toEqual(['2026-05-01']);
    expect(dueRepeats('2026-05-01', 0, '2030-01-01')).toEqual([]);
  });
});

describe('EÜR lines and totals', () => {
  const receipt = fc.record({ datum: isoDay, net: cents, vat: fc.integer({ min: 0, max: 1_000_000 }) });
  const expense = fc.record({
    datum: isoDay,
    centre: fc.integer({ min: 0, max: 3 }),
    net: cents,
    vat: fc.integer({ min: 0, max: 1_000_000 }),
  });
  it('sums are the sums of their lines; profit = receipts − expenses; only the year counts', () => {
    fc.assert(
      fc.property(
        fc.array(receipt, { maxLength: 30 }),
        fc.array(expense, { maxLength: 30 }),
        fc.integer({ min: 2020, max: 2030 }),
        fc.boolean(),
        (receipts, expenses, year, small) => {
          const summary = euerSummary(year, receipts, expenses, [{ nummer: 1, name: 'Material' }], small);
          const lines = (list: typeof summary.receipts) => list.filter((l) => !l.sum).reduce((s, l) => s + l.cents, 0);
          expect(lines(summary.receipts)).toBe(summary.receiptsTotal);
          expect(lines(summary.expenses)).toBe(summary.expensesTotal);
          expect(summary.receipts.at(-1)).toEqual({
            label: 'Summe Betriebseinnahmen',
            cents: summary.receiptsTotal,
            sum: true,
          });
          expect(summary.profit).toBe(summary.receiptsTotal - summary.expensesTotal);
          const inYear = <T extends { datum: string }>(l: T[]) => l.filter((x) => x.datum.startsWith(`${year}-`));
          const gross = (l: { net: number; vat: number }[]) => l.reduce((s, x) => s + x.net + x.vat, 0);
          // With or without VAT lines the profit is the gross cash flow of the year.
          expect(summary.profit).toBe(gross(inYear(receipts)) - gross(inYear(expenses)));
          const labels = [...summary.receipts, ...summary.expenses].map((l) => l.label).join('|');
          expect(/Umsatzsteuer|Vorsteuer/.test(labels)).toBe(!small);
        },
      ),
    );
  });
  it('names the cost centres', () => {
    const summary = euerSummary(
      2026,
      [{ datum: '2026-02-01', net: 10_000, vat: 1_900 }],
      [
        { datum: '2026-03-01', centre: 1, net: 5_000, vat: 950 },
        { datum: '2025-12-31', centre: 1, net: 99_999, vat: 0 },
      ],
      [{ nummer: 1, name: 'Material' }],
      false,
    );
    expect(summary.receipts.map((l) => [l.label, l.cents])).toEqual([
      ['Umsatzsteuerpflichtige Betriebseinnahmen (netto)', 10_000],
      ['Vereinnahmte Umsatzsteuer', 1_900],
      ['Summe Betriebseinnahmen', 11_900],
    ]);
    expect(summary.expenses.map((l) => [l.label, l.cents])).toEqual([
      ['1 Material', 5_000],
      ['Gezahlte Vorsteuerbeträge', 950],
      ['Summe Betriebsausgaben', 5_950],
    ]);
    expect(summary.profit).toBe(5_950);
  });
  it('puts receipts without VAT on their own line (Anlage EÜR), apart from the taxable net', () => {
    const summary = euerSummary(
      2026,
      [
        { datum: '2026-02-01', net: 10_000, vat: 1_900 },
        { datum: '2026-03-01', net: 42_670, vat: 0, taxFree: 42_670 },
      ],
      [],
      [],
      false,
    );
    expect(summary.receipts.map((l) => [l.label, l.cents])).toEqual([
      ['Umsatzsteuerpflichtige Betriebseinnahmen (netto)', 10_000],
      [EUER_TAX_FREE_LABEL, 42_670],
      ['Vereinnahmte Umsatzsteuer', 1_900],
      ['Summe Betriebseinnahmen', 54_570],
    ]);
  });
  it('proportional splits add up exactly; payments split at the invoices ratio', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          const parts = splitProportionally(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        },
      ),
    );
    expect(splitPayment(11_900, { net: 10_000, gross: 11_900 })).toEqual({ net: 10_000, vat: 1_900, gross: 11_900 });
    expect(splitPayment(500, { net: 0, gross: 0 })).toEqual({ net: 500, vat: 0, gross: 500 });
  });
});

/** The characters of the Windows-1252 code page, as the WHATWG decoder reads its 256 bytes. */
type Decoder = new (label: string) => { decode(bytes: Uint8Array): string };
const { TextDecoder: Decoder } = globalThis as unknown as { TextDecoder: Decoder };
const WINDOWS_1252 = new Set([...new Decoder('windows-1252').decode(Uint8Array.from({ length: 256 }, (_, i) => i))]);

describe('DATEV line format', () => {
  const booking = fc.record({
    cents: fc.integer({ min: 1, max: 10_000_000_00 }),
    sollHaben: fc.constantFrom('S' as const, 'H' as const),
    konto: fc.constantFrom('1200', '4900', '8400'),
    gegenkonto: fc.constantFrom('1200', '4250', '8300'),
    datum: isoDay,
    beleg: fc.string({ maxLength: 30 }),
    text: fc.string({ maxLength: 80 }),
  });
  /** Reads a line back: splits at semicolons outside quotes, unquotes. */
  function fields(line: string): string[] {
    const out: string[] = [];
    let current = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i] as string;
      if (quoted) {
        if (ch === '"' && line[i + 1] === '"') {
          current += '"';
          i++;
        } else if (ch === '"') quoted = false;
        else current += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ';') {
        out.push(current);
        current = '';
      } else current += ch;
    }
    out.push(current);
    return out;
  }
  it('amounts with a decimal comma and no thousands separator; DDMM dates; document numbers ≤ 12', () => {
    expect(datevAmount(123_456)).toBe('1234,56');
    expect(datevAmount(-5)).toBe('0,05');
    expect(datevDocumentNumber('RE-2026-0001')).toBe('RE-2026-0001');
    expect(datevDocumentNumber('Beleg Nr. 2026/04 – Ü')).toBe('BelegNr2026/');
    fc.assert(
      fc.property(booking, (b: DatevBooking) => {
        const line = datevRow(b);
        expect(line).not.toMatch(/[\r\n]/);
        const f = fields(line);
        expect(f).toHaveLength(DATEV_COLUMNS.length);
        expect(f[0]).toMatch(/^\d+,\d\d$/);
        expect(Math.round(Number((f[0] as string).replace(',', '.')) * 100)).toBe(b.cents);
        expect(f[1]).toBe(b.sollHaben);
        expect(f[6]).toBe(b.konto);
        expect(f[7]).toBe(b.gegenkonto);
        expect(f[9]).toBe(`${b.datum.slice(8, 10)}${b.datum.slice(5, 7)}`);
        expect((f[10] as string).length).toBeLessThanOrEqual(12);
        expect(f[10]).toMatch(/^[a-zA-Z0-9$&%*+\-/]*$/);
        expect([...(f[13] as string)].length).toBeLessThanOrEqual(60);
      }),
    );
  });
  it('writes the BU-Schlüssel with four digits as the format describes it, none as empty', () => {
    const base = { cents: 100, sollHaben: 'S' as const, konto: '4900', gegenkonto: '1200', datum: '2026-01-02' };
    const keyOf = (buSchluessel?: string) =>
      fields(datevRow({ ...base, beleg: 'K1', text: 'x', ...(buSchluessel === undefined ? {} : { buSchluessel }) }))[8];
    expect(keyOf('9')).toBe('0009');
    expect(keyOf('8')).toBe('0008');
    expect(keyOf('')).toBe('');
    expect(keyOf()).toBe('');
    expect(datevRow({ ...base, beleg: 'K1', text: 'x', buSchluessel: '9' }).split(';')[8]).toMatch(/^"\d{4}"$/);
  });
  it('writes texts Windows-1252 lacks with plain letters and names what has no plain form', () => {
    expect(datevWindows1252('Łódź')).toEqual({ text: 'Lódz', unwritable: [] });
    expect(datevWindows1252('Müller & Söhne – 5 €')).toEqual({ text: 'Müller & Söhne – 5 €', unwritable: [] });
    expect(datevWindows1252('Kraków, Iași, Dvořák')).toEqual({ text: 'Kraków, Iasi, Dvorák', unwritable: [] });
    expect(datevWindows1252('Tee 茶 ☕')).toEqual({ text: 'Tee 茶 ☕', unwritable: ['茶', '☕'] });
    // Every letter a name or title may hold (platform charsets.name) has a form Windows-1252 can write.
    const range = (from: string, to: string) =>
      Array.from({ length: to.charCodeAt(0) - from.charCodeAt(0) + 1 }, (_, i) =>
        String.fromCharCode(from.charCodeAt(0) + i),
      );
    const letters = [...range('À', 'ÿ'), ...range('Ā', 'ž'), 'ẞ'].filter((char) => charsets.name.test(char));
    expect(letters.filter((char) => datevWindows1252(char).unwritable.length > 0)).toEqual([]);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        const { text: written, unwritable } = datevWindows1252(text);
        // Whatever it answers without unwritable characters is made of Windows-1252's own characters.
        if (unwritable.length === 0) for (const char of written) expect(WINDOWS_1252.has(char)).toBe(true);
        else expect(unwritable.every((char) => !WINDOWS_1252.has(char))).toBe(true);
      }),
    );
  });
  it('the header names EXTF 700, Buchungsstapel 21/13, the period and the accounts length', () => {
    const header = datevHeader({
      created: new Date(2026, 0, 2, 3, 4, 5, 6),
      settings: { ...DATEV_DEFAULTS, beraternummer: '1234567', mandantennummer: '12345' },
      from: '2026-01-01',
      to: '2026-12-31',
      bezeichnung: 'Hortus 2026',
    });
    const f = fields(header);
    expect(f.slice(0, 6)).toEqual(['EXTF', '700', '21', 'Buchungsstapel', '13', '20260102030405006']);
    expect(f.slice(10, 16)).toEqual(['1234567', '12345', '20260101', '4', '20260101', '20261231']);
    expect(f).toHaveLength(31);
    // Field 27 'Sachkontenrahmen' follows settings.datev.kontenrahmen (it was always 03).
    expect(f[26]).toBe('03');
    const skr04 = datevHeader({
      created: new Date(2026, 0, 2),
      settings: { ...DATEV_DEFAULTS, kontenrahmen: 'SKR04', beraternummer: '1234567', mandantennummer: '1' },
      from: '2026-01-01',
      to: '2026-12-31',
      bezeichnung: 'x',
    });
    expect(fields(skr04)[26]).toBe('04');
    expect(datevSettings.safeParse({ kontenrahmen: 'SKR05' }).error?.issues[0]?.message).toBe(
      datevMessages.kontenrahmen,
    );
    const file = datevFile(
      { created: new Date(), settings: DATEV_DEFAULTS, from: '2026-01-01', to: '2026-12-31', bezeichnung: 'x' },
      [],
    );
    expect(file.split('\r\n')[1]).toBe(DATEV_COLUMNS.join(';'));
  });
});

describe('revenue overview', () => {
  const doc = (id: number, dokumentart: number, dateUpload: string, wert: number, netto: number) => ({
    id,
    dokumentart,
    name: `RE-${id}`,
    pfad: `p/${id}`,
    wert,
    netto,
    dateUpload,
    timeUpload: 0,
    pfadXml: '',
    dateUpload2: '',
    upload: false,
    json_leistungen: '[]',
    geplanteRechnung: false,
    status: 'ausgestellt' as const,
    stornoZu: '',
    storniertDurch: '',
  });
  const line = (id: number, id_einnahmestelle: number, netto: number, kosten = 0) => ({
    id,
    pos: id,
    titel: 'L',
    beschreibung: '',
    anzahl: '1',
    wert: netto,
    netto,
    mwst: '19',
    wertBrutto: grossFromNet(netto, '19'),
    id_leistungstyp: 0,
    id_einnahmestelle,
    id_auftrag: 0,
    kosten,
    id_kosten: 0,
  });
  const order = (id: number, partial: Partial<OrderView>): OrderView => ({
    id,
    id_kunde: 1,
    kundennummer: '1',
    kunde_ident: 'K',
    typ: 'Auftrag',
    auftragsnummer: String(1000 + id),
    titel: 'A',
    beschreibung: '',
    status: 5,
    time_lastUpdate: 0,
    umsatz: 0,
    umsatzBrutto: 0,
    leistungen: [],
    dokumente: [],
    vertrag_nummer: '',
    vertrag_beginn: '',
    vertrag_ende: '',
    dateVertrag_ende: '',
    vertrag_endeKuendigungsfrist: '',
    vertrag_zahlungJaehrlich: 0,
    ...partial,
  });
  const settings = {
    einnahmestellen: [
      { id: 1, name: 'Beratung', konto: '' },
      { id: 2, name: 'Verkauf', konto: '' },
    ],
  };

  it('revenue = invoices − credit notes of the year; centres split it exactly; costs and profit follow the filter', () => {
    const orders = [
      order(1, {
        leistungen: [line(1, 1, 10_000, 1_190), line(2, 2, 5_000)],
        dokumente: [
          doc(1, 1, '2026-02-01', 17_850, 15_000),
          doc(2, 3, '2026-03-01', 1_190, 1_000),
          doc(3, 1, '2025-12-31', 999, 999),
        ],
      }),
      order(2, {
        typ: 'Vertrag',
        status: 4,
        leistungen: [line(3, 1, 3_333)],
        dokumente: [doc(4, 20, '2026-02-02', 500, 0)],
      }),
      order(3, { typ: 'Vertrag', status: 8 }),
    ];
    const costs = [
      cost({ id: 1, id_kostenstelle: 1 }),
      cost({ id: 2, id_kostenstelle: 2, betrag: 1_070, netto: 1_000, mwst: '7' }),
    ];
    const all = revenueOverview(orders, costs, settings, { year: 2026, centres: null });
    expect(all.revenue).toEqual({ net: 14_000, vat: 2_660, gross: 16_660 });
    expect(all.costs).toEqual({ net: 11_000, vat: 1_970, gross: 12_970 });
    expect(all.profit).toEqual({ net: 3_000, vat: 690, gross: 3_690 });
    expect(all.invoices.map((i) => [i.name, i.wert])).toEqual([
      ['RE-2', -1_190],
      ['RE-1', 17_850],
    ]);
    expect(all.byIncomeCentre.reduce((s, c) => s + c.umsatz, 0)).toBe(all.revenue.net);
    expect(all.byIncomeCentre.find((c) => c.id === 1)).toEqual({
      id: 1,
      name: 'Beratung',
      umsatz: 9_333,
      kosten: 1_190,
      gewinn: 8_333,
    });
    expect(all.contracts.map((c) => c.id)).toEqual([2]);
    const onlyTwo = revenueOverview(orders, costs, settings, { year: 2026, centres: [2] });
    expect(onlyTwo.costs.gross).toBe(1_070);
    const empty = revenueOverview(orders, costs, settings, { year: 2024, centres: null });
    expect(empty.invoices).toEqual([]);
    expect(empty.byIncomeCentre).toEqual([]);
  });
});
