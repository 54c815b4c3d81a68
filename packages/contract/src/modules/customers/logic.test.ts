import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  compareOrders,
  contractNeedsWarning,
  customerIdent,
  daysBetween,
  defaultContractEnd,
  isActiveContract,
  mergeDocument,
  nextDocumentNumber,
  nextNumber,
  noticeDeadline,
  plannableHours,
  statusBand,
} from './logic';

const isoDay = fc
  .integer({ min: Date.UTC(2000, 0, 1) / 86_400_000, max: Date.UTC(2090, 0, 1) / 86_400_000 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));

describe('status bands and contracts', () => {
  it('bands 1–5 open, 6 error, 7 warning, 8+ closed', () => {
    expect([1, 5, 6, 7, 8, 99].map(statusBand)).toEqual(['open', 'open', 'error', 'warning', 'closed', 'closed']);
  });
  it('contracts in status 4–7 are active', () => {
    expect([3, 4, 7, 8].map((s) => isActiveContract('Vertrag', s))).toEqual([false, true, true, false]);
    expect(isActiveContract('Auftrag', 5)).toBe(false);
  });
  it('a contract ends one year after its start', () => {
    expect(defaultContractEnd('2026-03-15')).toBe('2027-03-15');
    expect(defaultContractEnd('2024-02-29')).toBe('2025-02-28');
    fc.assert(fc.property(isoDay, (day) => [365, 366].includes(daysBetween(day, defaultContractEnd(day)))));
  });
  it('the notice deadline is 28 days before the end; the warning shows within 28 days of it unless terminated', () => {
    expect(noticeDeadline('2026-03-01')).toBe('2026-02-01');
    fc.assert(
      fc.property(
        isoDay,
        fc.integer({ min: -100, max: 100 }),
        fc.integer({ min: 1, max: 10 }),
        (end, offset, status) => {
          const today = addDays(noticeDeadline(end), -offset);
          return contractNeedsWarning(end, status, today) === (status !== 7 && offset <= 28);
        },
      ),
    );
    expect(contractNeedsWarning('', 4, '2026-01-01')).toBe(false);
  });
});

describe('numbering', () => {
  it('takes one more than the highest number of the prefix and year', () => {
    expect(nextDocumentNumber('RE', 2026, [])).toBe('RE-2026-0001');
    expect(nextDocumentNumber('RE', 2026, ['RE-2026-0009', 'RE-2025-0042', 'AN-2026-0100', 'RE-2026-X1'])).toBe(
      'RE-2026-0010',
    );
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 99_999 }), { maxLength: 30 }), (numbers) => {
        const names = numbers.map((n) => `RE-2026-${String(n).padStart(4, '0')}`);
        const next = nextDocumentNumber('RE', 2026, names);
        return !names.includes(next) && Number(next.slice(8)) === Math.max(0, ...numbers) + 1;
      }),
    );
  });
  it('customer and order numbers continue after the highest numeric one', () => {
    expect(nextNumber([], 10001)).toBe('10001');
    expect(nextNumber(['10005', 'abc', '7'], 10001)).toBe('10006');
  });
  it('a returned RE-/AN- document replaces the entry of the same name, others are added', () => {
    const list = [
      { id: 1, name: 'RE-2026-0001' },
      { id: 2, name: 'Foto.jpg' },
    ];
    expect(mergeDocument(list, { id: 3, name: 'RE-2026-0001' })).toEqual([{ id: 3, name: 'RE-2026-0001' }, list[1]]);
    expect(mergeDocument(list, { id: 4, name: 'Foto.jpg' })).toHaveLength(3);
  });
  it('orders sort by number descending, then status ascending', () => {
    const orders = [
      { auftragsnummer: '9', status: 2 },
      { auftragsnummer: '10', status: 8 },
      { auftragsnummer: '10', status: 1 },
    ];
    expect([...orders].sort(compareOrders)).toEqual([orders[2], orders[1], orders[0]]);
  });
  it('names a customer by company, else first contact, else number', () => {
    expect(customerIdent('1', 'ACME', [])).toBe('ACME');
    expect(customerIdent('1', '', [{ vorname: 'Ute', nachname: 'Lange' }])).toBe('Ute Lange');
    expect(customerIdent('7', ' ', [{ vorname: '', nachname: '' }])).toBe('Kunde 7');
  });
});

describe('planning hours', () => {
  it('offers 0–23 on later days, only later hours today, none in the past', () => {
    expect(plannableHours('2026-05-02', '2026-05-01', 10)).toHaveLength(24);
    expect(plannableHours('2026-05-01', '2026-05-01', 21)).toEqual([22, 23]);
    expect(plannableHours('2026-05-01', '2026-05-01', 23)).toEqual([]);
    expect(plannableHours('2026-04-30', '2026-05-01', 0)).toEqual([]);
  });
});
