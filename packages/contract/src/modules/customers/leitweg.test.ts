import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { customerInput } from './calls';
import { leitwegCheckDigits, leitwegIdError, leitwegMessages } from './leitweg';

describe('Leitweg-ID (ISO/IEC 7064 MOD 97-10)', () => {
  it('computes the check digits of published and demo IDs', () => {
    expect(leitwegCheckDigits('1461200012345')).toBe('86');
    expect(leitwegCheckDigits('99112345')).toBe('73');
    // Letters count as in an IBAN (A = 10 … Z = 35), in either case.
    expect(leitwegCheckDigits('991ABC')).toBe(leitwegCheckDigits('991abc'));
  });

  it('takes valid IDs and refuses wrong check digits and formats with a German reason', () => {
    expect(leitwegIdError('')).toBeNull();
    expect(leitwegIdError('14612000-12345-86')).toBeNull();
    expect(leitwegIdError('991-12345-73')).toBeNull();
    expect(leitwegIdError('14612000-12345-67')).toBe(leitwegMessages.checkDigits);
    expect(leitwegIdError('991-12345-00')).toBe(leitwegMessages.checkDigits);
    expect(leitwegIdError('991 12345 73')).toBe(leitwegMessages.format);
    expect(leitwegIdError('9-12345-73')).toBe(leitwegMessages.format);
    const parsed = customerInput.safeParse({ id: 0, leitwegId: '991-12345-00' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['leitwegId'],
      message: 'Die Prüfziffer der Leitweg-ID stimmt nicht.',
    });
    expect(customerInput.parse({ id: 0, leitwegId: ' 991-12345-73 ' }).leitwegId).toBe('991-12345-73');
  });

  it('any ID with its computed digits is valid; changing one digit of the body is caught', () => {
    const coarse = fc.stringMatching(/^\d{2,12}$/);
    const fine = fc.option(fc.stringMatching(/^[0-9A-Z]{1,30}$/), { nil: undefined });
    fc.assert(
      fc.property(coarse, fine, fc.nat(), (grob, fein, at) => {
        const body = grob + (fein ?? '');
        const id = `${grob}${fein ? `-${fein}` : ''}-${leitwegCheckDigits(body)}`;
        expect(leitwegIdError(id)).toBeNull();
        // MOD 97-10 detects every single substitution of a digit.
        const index = at % grob.length;
        const other = String((Number(grob[index]) + 1 + (at % 9)) % 10);
        const changed = grob.slice(0, index) + other + grob.slice(index + 1);
        const wrong = `${changed}${fein ? `-${fein}` : ''}-${leitwegCheckDigits(body)}`;
        expect(leitwegIdError(wrong)).toBe(leitwegMessages.checkDigits);
      }),
    );
  });
});
