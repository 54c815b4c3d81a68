import { describe, expect, it } from 'vitest';
import type { OrderView } from '@hortus/contract/modules/customers';
import { bandColor, filterOrders, orderChips } from './orders';

function order(change: Partial<OrderView>): OrderView {
  return {
    id: 1,
    id_kunde: 1,
    kundennummer: '10001',
    kunde_ident: 'Bäckerei',
    typ: 'Auftrag',
    auftragsnummer: '1001',
    titel: 'Brötchen',
    beschreibung: '',
    status: 1,
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
    ...change,
  };
}

describe('orders list', () => {
  it('filters open (≤ 6), contracts and search', () => {
    const list = [
      order({ id: 1, status: 6 }),
      order({ id: 2, status: 8 }),
      order({ id: 3, typ: 'Vertrag', status: 4, titel: 'Halle' }),
    ];
    expect(filterOrders(list, { onlyOpen: true, onlyContracts: false, search: '' }).map((o) => o.id)).toEqual([1, 3]);
    expect(filterOrders(list, { onlyOpen: false, onlyContracts: true, search: '' }).map((o) => o.id)).toEqual([3]);
    expect(filterOrders(list, { onlyOpen: false, onlyContracts: false, search: 'halle' }).map((o) => o.id)).toEqual([
      3,
    ]);
  });
  it('bands 1–5, 6 error, 7 warning, 8+ grey', () => {
    expect([1, 5, 6, 7, 8, 12].map(bandColor)).toEqual([
      'inherit',
      'inherit',
      'error.main',
      'warning.main',
      'text.disabled',
      'text.disabled',
    ]);
  });
  it('shows the spec chips', () => {
    const chips = orderChips(
      order({
        leistungen: [
          {
            id: 1,
            pos: 1,
            titel: 'x',
            beschreibung: '',
            anzahl: '1',
            wert: 1,
            netto: 1,
            mwst: '19',
            wertBrutto: 1,
            id_leistungstyp: 0,
            id_einnahmestelle: 0,
            id_auftrag: 1,
            kosten: 500,
            id_kosten: 0,
          },
        ],
        offeneRechnungen: { betrag: 1190 },
      }),
      '2026-01-01',
    );
    // German format on the chip itself too (issue 47 saw '214.20 €').
    expect(chips.map((c) => c.label)).toEqual(['!', '11,90 €']);
    expect(chips.map((c) => c.title)).toEqual([
      'Es gibt noch Leistungen mit Kosten, die nicht mit einer Kostenposition verknüpft sind.',
      'Es gibt noch offene Rechnungsbeträge (11,90 €), für die kein Buchungsbeleg hochgeladen wurde.',
    ]);
    expect(orderChips(order({ offeneRechnungen: { betrag: -500 } }), '2026-01-01')[0]?.title).toBe(
      'Es wurde zu viel bezahlt! (5,00 €)',
    );
    const contract = order({ typ: 'Vertrag', status: 4, vertrag_ende: '2026-03-01' });
    expect(orderChips(contract, '2026-01-05')).toHaveLength(1); // deadline 01.02., 27 days away
    expect(orderChips(contract, '2026-01-03')).toHaveLength(0); // 29 days away
    expect(orderChips({ ...contract, status: 7 }, '2026-01-05')).toHaveLength(0);
  });
});
