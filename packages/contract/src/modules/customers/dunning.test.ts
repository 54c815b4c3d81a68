import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DUNNING_DEFAULTS,
  dunningClaim,
  interestCents,
  invoiceOpenAmounts,
  levelFees,
  nextDunningStep,
  parseRateHundredths,
  type DebtorKind,
  type DunningLevel,
  type DunningSettings,
} from './dunning';
import { addDays, daysBetween } from './logic';

const cents = (max: number) => fc.integer({ min: 0, max });
const day = fc.integer({ min: 0, max: 3650 }).map((offset) => addDays('2020-01-01', offset));
const euros = cents(100_000).map((c) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`);
const rate = fc.integer({ min: -1000, max: 2000 }).map((h) => (h / 100).toFixed(2).replace('.', ','));
const settings: fc.Arbitrary<DunningSettings> = fc.record({
  gebuehrErinnerung: euros,
  gebuehrMahnung1: euros,
  gebuehrMahnung2: euros,
  basiszins: rate,
  zuschlagVerbraucher: rate,
  zuschlagUnternehmer: rate,
  abstandTage: fc.integer({ min: 1, max: 90 }),
  fristTage: fc.integer({ min: 1, max: 60 }),
});
const kind = fc.constantFrom<DebtorKind>('Verbraucher', 'Unternehmer');
const level = fc.constantFrom<DunningLevel>(1, 2, 3);

describe('dunning arithmetic (issue 45)', () => {
  it('a claim adds up in cents: open + fees of every level so far + interest, nothing negative', () => {
    fc.assert(
      fc.property(
        settings,
        kind,
        level,
        fc.integer({ min: -50_000, max: 10_000_000 }),
        day,
        day,
        (s, k, l, open, due, on) => {
          const claim = dunningClaim(s, k, l, open, due, on);
          for (const value of [claim.offen, claim.gebuehren, claim.zinsen, claim.tage, claim.zinssatz, claim.summe]) {
            expect(Number.isInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          }
          expect(claim.summe).toBe(claim.offen + claim.gebuehren + claim.zinsen);
          const fees = levelFees(s);
          expect(claim.gebuehren).toBe(
            [1, 2, 3].filter((x) => x <= l).reduce((sum, x) => sum + fees[x as DunningLevel], 0),
          );
          if (l === 1) expect(claim.zinsen).toBe(0);
          else expect(claim.tage).toBe(Math.max(0, daysBetween(due, on)));
        },
      ),
    );
  });

  it('interest grows with days, amount and rate, and is the half-up rounded exact value', () => {
    fc.assert(
      fc.property(
        cents(10_000_000),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 3650 }),
        (open, r, days) => {
          const value = interestCents(open, r, days);
          const exact = (open * r * days) / (10_000 * 365);
          expect(Math.abs(value - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
          expect(interestCents(open, r, days + 1)).toBeGreaterThanOrEqual(value);
          expect(interestCents(open + 1, r, days)).toBeGreaterThanOrEqual(value);
          expect(interestCents(open, r + 1, days)).toBeGreaterThanOrEqual(value);
        },
      ),
    );
    // 119,00 € at 10,27 % for 15 days: 0,5022… €.
    expect(interestCents(11_900, 1027, 15)).toBe(50);
    expect(parseRateHundredths('-0,88')).toBe(-88);
    expect(parseRateHundredths('1,271')).toBeNull();
  });

  it('levels come in order 1, 2, 3, each no earlier than its period after the previous letter, none after 3', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 1, max: 90 }),
        fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 6 }),
        (due, gap, waits) => {
          let reached: { stufe: number; datum: string } | null = null;
          const sent: { stufe: number; datum: string }[] = [];
          for (const wait of waits) {
            const step = nextDunningStep(reached, due, gap);
            if (!step) break;
            const datum = addDays(step.ab, wait);
            sent.push({ stufe: step.stufe, datum });
            reached = { stufe: step.stufe, datum };
          }
          sent.forEach((letter, index) => {
            expect(letter.stufe).toBe(index + 1);
            const previous = sent[index - 1];
            if (previous) expect(daysBetween(previous.datum, letter.datum)).toBeGreaterThanOrEqual(gap);
            else expect(letter.datum > due).toBe(true);
          });
          expect(sent.length).toBeLessThanOrEqual(3);
          if (sent.length === 3) expect(nextDunningStep(reached, due, gap)).toBeNull();
        },
      ),
    );
  });

  it('open amounts: never negative, never above the invoice, and what came in is counted once', () => {
    const doc = fc.record({
      dokumentart: fc.constantFrom(1, 1, 3, 20),
      wert: cents(100_000),
      datum: day,
      status: fc.constantFrom('ausgestellt', 'ausgestellt', 'storniert'),
      storno: fc.boolean(),
      rechnungId: fc.integer({ min: 0, max: 8 }),
    });
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 8 }), (raw) => {
        const documents = raw.map((d, index) => ({ ...d, id: index + 1 }));
        const open = invoiceOpenAmounts(documents);
        const invoices = documents.filter((d) => d.dokumentart === 1 && d.status === 'ausgestellt' && !d.storno);
        expect([...open.keys()].sort()).toEqual(invoices.map((d) => d.id).sort());
        for (const invoice of invoices) {
          expect(open.get(invoice.id)).toBeGreaterThanOrEqual(0);
          expect(open.get(invoice.id)).toBeLessThanOrEqual(invoice.wert);
        }
        const paidIn = documents.filter((d) => d.dokumentart !== 1).reduce((sum, d) => sum + d.wert, 0);
        const billed = invoices.reduce((sum, d) => sum + d.wert, 0);
        const stillOpen = [...open.values()].reduce((sum, v) => sum + v, 0);
        // Every payment and credit note counts once: what stays open is what was billed minus what came in.
        expect(stillOpen).toBe(Math.max(0, billed - paidIn));
      }),
    );
  });

  it('the defaults are § 288 BGB: base rate + 5 / + 9 points', () => {
    expect(dunningClaim(DUNNING_DEFAULTS, 'Verbraucher', 2, 100_000, '2025-01-01', '2026-01-01').zinssatz).toBe(627);
    expect(dunningClaim(DUNNING_DEFAULTS, 'Unternehmer', 2, 100_000, '2025-01-01', '2026-01-01').zinssatz).toBe(1027);
  });
});
