import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ibanCheckDigits } from '../../platform/bank';
import { mandateInput, scopeInput } from './calls';
import {
  addMonths,
  cancelledByReport,
  childCareFee,
  collectionDay,
  creditorIdError,
  daysInMonth,
  familyStatement,
  maskIban,
  mealCharged,
  mondayOf,
  orderOpen,
  payerShare,
  proratedShare,
  scopeAmount,
  sequenceType,
  type CareScope,
  type ChildScope,
  type Subsidy,
} from './logic';

const month = fc
  .record({ year: fc.integer({ min: 2020, max: 2030 }), m: fc.integer({ min: 1, max: 12 }) })
  .map(({ year, m }) => `${year}-${String(m).padStart(2, '0')}`);
const amount = fc.integer({ min: 0, max: 500_000 });
const subsidy: fc.Arbitrary<Subsidy | null> = fc.option(
  fc.oneof(
    fc.record({
      art: fc.constant('anteil' as const),
      wert: fc.integer({ min: 0, max: 10_000 }).map((v) => v / 100),
      id_kunde: fc.constant(1),
    }),
    fc.record({ art: fc.constant('betrag' as const), wert: amount, id_kunde: fc.constant(2) }),
  ),
  { nil: null },
);
const scope = (id: number, betrag: number): CareScope => ({
  id,
  name: `Umfang ${id}`,
  preise: [{ ab: '2000-01', betrag }],
  gueltigVon: '2000-01',
  gueltigBis: '',
});
const whole = (id_umfang: number, extra: Partial<ChildScope> = {}): ChildScope => ({
  id_umfang,
  von: '2000-01-01',
  bis: '',
  ermaessigung: 0,
  zuschuss: null,
  ...extra,
});

describe('proration (a scope change in the middle of a month)', () => {
  it('the parts of any split of a month add up to the monthly amount', () => {
    fc.assert(
      fc.property(month, amount, fc.array(fc.integer({ min: 1, max: 31 }), { maxLength: 5 }), (m, betrag, cuts) => {
        const days = daysInMonth(m);
        const bounds = [...new Set(cuts.map((cut) => Math.min(cut, days)))].sort((a, b) => a - b);
        let from = 1;
        let sum = 0;
        for (const cut of [...bounds.filter((b) => b < days), days]) {
          sum += proratedShare(betrag, m, from, cut);
          from = cut + 1;
        }
        expect(sum).toBe(betrag);
      }),
    );
  });

  it('a child changing scope mid-month pays each scope for its days, together between both amounts', () => {
    fc.assert(
      fc.property(month, amount, amount, fc.integer({ min: 2, max: 28 }), (m, a, b, day) => {
        const change = `${m}-${String(day).padStart(2, '0')}`;
        const before = `${m}-${String(day - 1).padStart(2, '0')}`;
        const { gross } = childCareFee(
          m,
          [scope(1, a), scope(2, b)],
          [whole(1, { bis: before }), whole(2, { von: change })],
        );
        expect(gross).toBeGreaterThanOrEqual(Math.min(a, b));
        expect(gross).toBeLessThanOrEqual(Math.max(a, b));
        expect(gross).toBe(proratedShare(a, m, 1, day - 1) + proratedShare(b, m, day, daysInMonth(m)));
      }),
    );
  });

  it('a price change applies from its month', () => {
    const hort: CareScope = {
      ...scope(1, 0),
      preise: [
        { ab: '2026-01', betrag: 10_000 },
        { ab: '2026-08', betrag: 12_000 },
      ],
    };
    expect(scopeAmount(hort, '2025-12')).toBeNull();
    expect(scopeAmount(hort, '2026-07')).toBe(10_000);
    expect(scopeAmount(hort, '2026-08')).toBe(12_000);
    expect(scopeAmount({ ...hort, gueltigBis: '2026-09' }, '2026-10')).toBeNull();
  });
});

describe('family statement', () => {
  const family = fc.array(
    fc.record({ betrag: amount, ermaessigung: fc.integer({ min: 0, max: 100_000 }), zuschuss: subsidy }),
    { minLength: 1, maxLength: 5 },
  );
  const discounts = fc.array(
    fc.integer({ min: 0, max: 10_000 }).map((v) => v / 100),
    { maxLength: 4 },
  );

  it('the family and the payers together pay exactly each child’s fee after discounts', () => {
    fc.assert(
      fc.property(month, family, discounts, (m, kids, rabatt) => {
        const statement = familyStatement({
          month: m,
          scopes: kids.map((kid, index) => scope(index + 1, kid.betrag)),
          children: kids.map((kid, index) => ({
            id: index + 1,
            name: `Kind ${index + 1}`,
            zuordnungen: [whole(index + 1, { ermaessigung: kid.ermaessigung, zuschuss: kid.zuschuss })],
          })),
          siblingDiscounts: rabatt,
          mealPrice: 350,
          meals: new Map(),
          oneOffs: [],
          previousBalance: 0,
        });
        for (const [index] of kids.entries()) {
          const id = index + 1;
          const lines = statement.lines.filter((line) => line.id_kind === id);
          const net = lines.filter((line) => line.art !== 'zuschuss').reduce((sum, line) => sum + line.betrag, 0);
          const payer = statement.payers.filter((p) => p.id_kind === id).reduce((sum, p) => sum + p.betrag, 0);
          expect(net).toBeGreaterThanOrEqual(0);
          expect((statement.careByChild.get(id) ?? 0) + payer).toBe(net);
          expect(statement.careByChild.get(id) ?? 0).toBeGreaterThanOrEqual(0);
        }
        expect(statement.total).toBe(statement.lines.reduce((sum, line) => sum + line.betrag, 0));
        expect(statement.total).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('the highest fee pays in full; the next children get the discount of their position', () => {
    const statement = familyStatement({
      month: '2026-10',
      scopes: [scope(1, 20_000), scope(2, 10_000)],
      children: [
        { id: 7, name: 'Mia', zuordnungen: [whole(2)] },
        { id: 8, name: 'Ben', zuordnungen: [whole(1)] },
        { id: 9, name: 'Lea', zuordnungen: [whole(2)] },
      ],
      siblingDiscounts: [0, 25, 50],
      mealPrice: 350,
      meals: new Map([[7, 3]]),
      oneOffs: [{ id_kind: 8, text: 'Ausflug Zoo', betrag: 1_200 }],
      previousBalance: 500,
    });
    expect(statement.careByChild).toEqual(
      new Map([
        [7, 7_500],
        [8, 20_000],
        [9, 5_000],
      ]),
    );
    expect(statement.total).toBe(7_500 + 20_000 + 5_000 + 3 * 350 + 1_200 + 500);
  });

  it('a subsidy never exceeds the fee and a share is rounded half-up', () => {
    fc.assert(
      fc.property(amount, subsidy, (net, s) => {
        const part = payerShare(net, s);
        expect(part).toBeGreaterThanOrEqual(0);
        expect(part).toBeLessThanOrEqual(net);
      }),
    );
    expect(payerShare(1_001, { art: 'anteil', wert: 50, id_kunde: 1 })).toBe(501);
  });
});

describe('meals and the cut-off', () => {
  const minute = fc
    .integer({ min: 0, max: 24 * 60 - 1 })
    .map((v) => `${String(Math.floor(v / 60)).padStart(2, '0')}:${String(v % 60).padStart(2, '0')}`);

  it('a report up to the cut-off minute cancels the meal, a later one leaves it charged', () => {
    fc.assert(
      fc.property(minute, minute, (cutoff, madeAt) => {
        const charged = mealCharged(true, '2026-11-27', cutoff, [`2026-11-27 ${madeAt}`]);
        expect(charged).toBe(madeAt > cutoff);
      }),
    );
    expect(cancelledByReport('2026-11-27', '08:00', ['2026-11-26 19:00'])).toBe(true);
    expect(mealCharged(false, '2026-11-27', '08:00', [])).toBe(false);
  });

  it('orders close after the cut-off of the day itself', () => {
    expect(orderOpen('2026-11-28', '08:00', '2026-11-27', '23:00')).toBe(true);
    expect(orderOpen('2026-11-27', '08:00', '2026-11-27', '08:00')).toBe(true);
    expect(orderOpen('2026-11-27', '08:00', '2026-11-27', '08:01')).toBe(false);
    expect(orderOpen('2026-11-26', '08:00', '2026-11-27', '07:00')).toBe(false);
  });
});

describe('SEPA rules', () => {
  it('checks the creditor id’s digits', () => {
    expect(creditorIdError('DE98ZZZ09999999999')).toBeNull();
    expect(creditorIdError('DE97ZZZ09999999999')).not.toBeNull();
    expect(creditorIdError('hallo')).not.toBeNull();
  });
  it('first collection FRST, later RCUR; IBAN masked; collection day not in the past', () => {
    expect(sequenceType(false)).toBe('FRST');
    expect(sequenceType(true)).toBe('RCUR');
    expect(maskIban('DE02 1203 0000 0000 2020 51')).toBe('DE02 •••• 2051');
    expect(collectionDay('2026-12', 5, '2026-11-28')).toBe('2026-12-05');
    expect(collectionDay('2026-11', 5, '2026-11-28')).toBe('2026-11-29');
  });
  it('mandate input: IBAN check digits and the signature day are required', () => {
    const base = { id_familie: 1, kontoinhaber: 'Anna Muster', bic: '', referenz: '', unterschrieben: '2026-01-02' };
    const good = `DE${ibanCheckDigits('DE', '120300000000202051')}120300000000202051`;
    expect(mandateInput.safeParse({ ...base, iban: good }).success).toBe(true);
    expect(mandateInput.safeParse({ ...base, iban: 'DE03120300000000202051' }).success).toBe(false);
    expect(mandateInput.safeParse({ ...base, iban: good, unterschrieben: '' }).success).toBe(false);
  });
  it('months and weeks', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(mondayOf('2026-11-28')).toBe('2026-11-23');
    expect(
      scopeInput.safeParse({
        name: 'Hort',
        preise: [{ ab: '2026-01', betrag: 1 }],
        gueltigVon: '2026-02',
        gueltigBis: '2026-01',
      }).success,
    ).toBe(false);
  });
});
