import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ibanCheckDigits } from '../../platform/bank';
import { parseCents, parseRate } from '../../platform/money';
import { detectXmlKind } from '../../platform/uploads';
import { costInput } from './costs';
import {
  costFromEInvoice,
  eInvoiceFindings,
  eInvoiceView,
  vatOfRate,
  type EInvoiceData,
  type EInvoiceRate,
} from './e-invoice';

const party = {
  name: 'Bürobedarf Krause GmbH',
  ustId: 'DE987654321',
  steuernummer: '',
  strasse: 'Markt 12',
  zusatz: '',
  plz: '04109',
  ort: 'Leipzig',
  land: 'DE',
};

/** A consistent invoice from its lines: the breakdown per rate and the totals as EN 16931 computes them. */
function invoiceOf(lines: { netto: number; satz: string }[], prepaid: number, bban: string): EInvoiceData {
  const rates = new Map<string, number>();
  for (const line of lines) rates.set(line.satz, (rates.get(line.satz) ?? 0) + line.netto);
  const steuersaetze: EInvoiceRate[] = [...rates].map(([satz, netto]) => ({
    kategorie: satz === '0' ? 'Z' : 'S',
    satz,
    netto,
    steuer: vatOfRate(netto, satz),
    befreiungsgrund: '',
  }));
  const net = lines.reduce((sum, line) => sum + line.netto, 0);
  const vat = steuersaetze.reduce((sum, rate) => sum + (rate.steuer ?? 0), 0);
  return {
    syntax: 'CII',
    anhang: '',
    profil: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    art: '380',
    rechnungsnummer: 'BK-1',
    rechnungsdatum: '2026-03-02',
    faelligAm: '2026-03-16',
    waehrung: 'EUR',
    kaeuferReferenz: '',
    verkaeufer: party,
    kaeufer: { ...party, name: 'Förderverein', ustId: '' },
    zahlung: {
      art: '58',
      iban: `DE${ibanCheckDigits('DE', bban)}${bban}`,
      kontoinhaber: '',
      bic: '',
      verwendungszweck: 'BK-1',
      bedingungen: '',
    },
    positionen: lines.map((line, index) => ({
      nr: String(index + 1),
      name: `Position ${index + 1}`,
      menge: '1',
      einheit: 'C62',
      preis: '1',
      netto: line.netto,
      kategorie: line.satz === '0' ? 'Z' : 'S',
      satz: line.satz,
    })),
    steuersaetze,
    summen: {
      positionen: net,
      nachlaesse: null,
      zuschlaege: null,
      netto: net,
      steuer: vat,
      brutto: net + vat,
      vorausbezahlt: prepaid === 0 ? null : prepaid,
      rundung: null,
      faellig: net + vat - prepaid,
    },
  };
}

const lines = fc.array(
  fc.record({ netto: fc.integer({ min: 1, max: 10_000_000 }), satz: fc.constantFrom('0', '7', '19') }),
  { minLength: 1, maxLength: 12 },
);
const bban = fc.stringMatching(/^\d{18}$/);
const invoice = fc.tuple(lines, fc.double({ min: 0, max: 1, noNaN: true }), bban).map(([entries, share, account]) => {
  const whole = invoiceOf(entries, 0, account);
  return invoiceOf(entries, Math.floor((whole.summen.brutto ?? 0) * share * 0.9), account);
});
const errors = (data: EInvoiceData) => eInvoiceFindings(data).filter((finding) => finding.art === 'fehler');

describe('eInvoiceFindings (EN 16931 rules that matter for paying)', () => {
  it('finds no error in a consistent invoice of any lines, rates and down payment', () => {
    fc.assert(
      fc.property(invoice, (data) => {
        expect(errors(data)).toEqual([]);
      }),
    );
  });

  it('reports a total that is off by any amount, at the amount field, naming its rule', () => {
    const totals = [
      ['positionen', 'BR-CO-10'],
      ['netto', 'BR-CO-13'],
      ['brutto', 'BR-CO-15'],
      ['faellig', 'BR-CO-16'],
      ['steuer', 'BR-CO-14'],
    ] as const;
    fc.assert(
      fc.property(
        invoice,
        fc.constantFrom(...totals),
        fc.integer({ min: -50_000, max: 50_000 }),
        (data, [key, rule], delta) => {
          fc.pre(delta !== 0);
          const changed = { ...data, summen: { ...data.summen, [key]: (data.summen[key] ?? 0) + delta } };
          expect(errors(changed).map((finding) => finding.regel)).toContain(rule);
        },
      ),
    );
  });

  it('reports wrong IBAN check digits (BT-84) at the description', () => {
    fc.assert(
      fc.property(invoice, fc.integer({ min: 1, max: 9 }), (data, step) => {
        const iban = data.zahlung.iban;
        const last = (Number(iban.slice(-1)) + step) % 10;
        const changed = { ...data, zahlung: { ...data.zahlung, iban: `${iban.slice(0, -1)}${last}` } };
        expect(errors(changed)).toContainEqual(expect.objectContaining({ feld: 'beschreibung', regel: 'BT-84' }));
      }),
    );
  });

  it('names missing number, date, seller, tax ids and an amount due without terms', () => {
    const data = invoiceOf([{ netto: 10_000, satz: '19' }], 0, '120300000000202051');
    const broken: EInvoiceData = {
      ...data,
      rechnungsnummer: '',
      rechnungsdatum: '2026-02-30',
      faelligAm: '',
      verkaeufer: { ...data.verkaeufer, name: '', ustId: '', steuernummer: '', land: '' },
      zahlung: { ...data.zahlung, iban: '', bedingungen: '' },
    };
    expect(errors(broken).map((finding) => [finding.feld, finding.regel])).toEqual([
      ['titel', 'BT-1'],
      ['datum', 'BT-2'],
      ['titel2', 'BT-27'],
      ['titel2', 'BR-CO-26'],
      ['titel2', 'BT-40'],
      ['datum', 'BR-CO-25'],
      ['beschreibung', 'BR-61'],
    ]);
  });
});

describe('costFromEInvoice', () => {
  it('proposes a cost the cost form takes: the amount due at its rate, or the largest share of several', () => {
    fc.assert(
      fc.property(invoice, (data) => {
        const proposal = costFromEInvoice(data);
        expect(costInput.safeParse({ id: 0, ...proposal }).success).toBe(true);
        const byGross = [...data.steuersaetze].sort(
          (a, b) => (b.netto ?? 0) + (b.steuer ?? 0) - ((a.netto ?? 0) + (a.steuer ?? 0)),
        );
        const main = byGross[0];
        const expected =
          data.steuersaetze.length === 1 ? data.summen.faellig : (main?.netto ?? 0) + (main?.steuer ?? 0);
        expect(parseCents(proposal.betrag)).toBe(expected);
        expect(parseRate(proposal.mwst)).toBe(main?.satz);
        expect(proposal.datum).toBe('2026-03-16');
        expect(eInvoiceView({ format: 'XRechnung (CII)', daten: data }).positionen.rows).toHaveLength(
          data.positionen.length,
        );
      }),
    );
  });
});

describe('detectXmlKind', () => {
  /** ASCII text as bytes; a leading '\uFEFF' as the UTF-8 byte order mark. */
  const bytes = (text: string) =>
    text.startsWith('\uFEFF')
      ? Uint8Array.from([0xef, 0xbb, 0xbf, ...Array.from(text.slice(1), (char) => char.charCodeAt(0))])
      : Uint8Array.from(text, (char) => char.charCodeAt(0));
  it('takes an XML declaration or element after a byte order mark and white space, nothing else', () => {
    for (const text of [
      '<?xml version="1.0"?><a/>',
      '\uFEFF\n  <?xml version="1.0"?>',
      '<rsm:CrossIndustryInvoice',
      '\t<Invoice',
    ])
      expect(detectXmlKind(bytes(text))?.mime, text).toBe('application/xml');
    for (const text of ['%PDF-1.7', 'Rechnung', '< a', '', '{"a":1}'])
      expect(detectXmlKind(bytes(text)), text).toBeNull();
  });
});
