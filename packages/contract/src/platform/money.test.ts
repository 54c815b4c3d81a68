import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_CENTS,
  amountError,
  centsToDecimal,
  documentTotals,
  formatCentsGerman,
  formatEuro,
  grossFromNet,
  lineNetCents,
  monthlyFromYearly,
  netFromGross,
  parseCents,
  parseQuantity,
  parseRate,
  vatOf,
  yearlyFromMonthly,
} from './money';

const cents = fc.integer({ min: 0, max: MAX_CENTS });
const rate = fc.constantFrom('0', '7', '19', '5.5', '16', '10.7');

describe('parseCents', () => {
  it('reads German and dotted amounts exactly', () => {
    expect(parseCents('12,50')).toBe(1250);
    expect(parseCents('12.50')).toBe(1250);
    expect(parseCents('1.234,56')).toBe(123456);
    expect(parseCents('1.234')).toBe(123400);
    expect(parseCents('0,1')).toBe(10);
    expect(parseCents(',5')).toBe(50);
    expect(parseCents(' 7 ')).toBe(700);
    expect(parseCents('0.29')).toBe(29);
    expect(parseCents('1.005,01')).toBe(100501);
  });
  it('refuses what is no amount', () => {
    for (const bad of ['', 'abc', '1,2,3', '12,345', '1e3', '--1', 'NaN', 'Infinity', '1 000 000 000 000', '-5']) {
      expect(parseCents(bad), bad).toBeNull();
      expect(amountError(bad), bad).not.toBeNull();
    }
    expect(parseCents('-5', { allowNegative: true })).toBe(-500);
    expect(amountError('99999999999')).toBe('Der Betrag ist zu groß.');
  });
  it('round-trips every cent amount through the German format', () => {
    fc.assert(fc.property(cents, (value) => parseCents(formatCentsGerman(value)) === value));
    fc.assert(fc.property(cents, (value) => parseCents(centsToDecimal(value)) === value));
  });
});

describe('formatting', () => {
  it('writes German euros', () => {
    expect(formatEuro(123456)).toBe('1.234,56 €');
    expect(formatEuro(-5)).toBe('-0,05 €');
    expect(formatEuro(0)).toBe('0,00 €');
    expect(centsToDecimal(100050)).toBe('1000.50');
  });
});

describe('net and gross', () => {
  it('rounds half-up to cents', () => {
    expect(grossFromNet(1000, '19')).toBe(1190);
    expect(grossFromNet(5, '10')).toBe(6); // 5.5 → 6
    expect(grossFromNet(15, '10')).toBe(17); // 16.5 → 17
    expect(netFromGross(119, '19')).toBe(100);
    expect(vatOf(250, '19')).toBe(48); // 47.5 → 48
    expect(lineNetCents(333, '3')).toBe(999);
    expect(lineNetCents(1, '0.5')).toBe(1); // 0.5 → 1
  });
  it('gross is never below net and grows with the rate', () => {
    fc.assert(
      fc.property(cents, rate, (net, r) => {
        const gross = grossFromNet(net, r);
        return gross >= net && Number.isInteger(gross) && Math.abs(gross - net - (net * Number(r)) / 100) <= 0.5;
      }),
    );
  });
  it('net from the gross of a net is that net again', () => {
    fc.assert(fc.property(cents, rate, (net, r) => netFromGross(grossFromNet(net, r), r) === net));
  });
  it('quantities and rates are parsed exactly and bounded', () => {
    expect(parseQuantity('2,5')).toBe('2.5');
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('1,2345')).toBeNull();
    expect(parseRate('19')).toBe('19');
    expect(parseRate('5,5')).toBe('5.5');
    expect(parseRate('101')).toBeNull();
    expect(parseRate('-1')).toBeNull();
  });
  it('yearly ÷ 12 and monthly × 12', () => {
    expect(monthlyFromYearly(120000)).toBe(10000);
    expect(monthlyFromYearly(100)).toBe(8);
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e9 }), (m) => monthlyFromYearly(yearlyFromMonthly(m)) === m));
  });
});

describe('documentTotals', () => {
  const line = fc.record({ netCents: fc.integer({ min: -1e7, max: 1e9 }), rate });
  it('groups per rate and keeps the EN 16931 totals rules (BR-CO-10, 13..15, 17)', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), (lines) => {
        const totals = documentTotals(lines);
        const lineSum = lines.reduce((sum, l) => sum + l.netCents, 0);
        const rates = new Set(totals.groups.map((g) => g.rate));
        return (
          totals.netCents === lineSum &&
          rates.size === totals.groups.length &&
          totals.groups.every((g) => g.vatCents === vatOf(g.basisCents, g.rate)) &&
          totals.vatCents === totals.groups.reduce((sum, g) => sum + g.vatCents, 0) &&
          totals.grossCents === totals.netCents + totals.vatCents
        );
      }),
    );
  });
  it('small businesses (§19 UStG) charge no VAT', () => {
    const totals = documentTotals(
      [
        { netCents: 1000, rate: '19' },
        { netCents: 500, rate: '7' },
      ],
      { noVat: true },
    );
    expect(totals).toEqual({
      netCents: 1500,
      vatCents: 0,
      grossCents: 1500,
      groups: [{ rate: '0', basisCents: 1500, vatCents: 0 }],
    });
  });
  it('computes VAT once per rate, not per line', () => {
    const totals = documentTotals([
      { netCents: 5, rate: '10' },
      { netCents: 5, rate: '10' },
    ]);
    expect(totals.vatCents).toBe(1); // per line it would be 1 + 1
  });
});
