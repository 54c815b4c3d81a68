import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bankMessages, bicError, compactIban, ibanCheckDigits, ibanError, ibanField, bicField } from './bank';

const digits = (length: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length });
/** A German IBAN: 18 digits of bank code and account, with the check digits computed for them. */
const germanIban = digits(18).map((list) => {
  const bban = list.join('');
  return `DE${ibanCheckDigits('DE', bban)}${bban}`;
});
const grouped = (compact: string) => compact.replace(/(.{4})/g, '$1 ').trim();

describe('IBAN', () => {
  it('takes real IBANs, with or without spaces, in any case', () => {
    for (const iban of [
      'DE02 1203 0000 0000 2020 51',
      'DE89370400440532013000',
      'at611904300234573201',
      'GB29 NWBK 6016 1331 9268 19',
    ]) {
      expect(ibanError(iban)).toBeNull();
    }
  });

  it('every IBAN built with its check digits is taken, grouped or compact', () => {
    fc.assert(
      fc.property(germanIban, (iban) => {
        expect(ibanError(iban)).toBeNull();
        expect(ibanError(grouped(iban).toLowerCase())).toBeNull();
        expect(compactIban(grouped(iban))).toBe(iban);
      }),
    );
  });

  it('one changed digit is always refused by the check digits', () => {
    fc.assert(
      fc.property(germanIban, fc.integer({ min: 2, max: 21 }), fc.integer({ min: 1, max: 9 }), (iban, at, add) => {
        const changed = (Number(iban[at]) + add) % 10;
        const wrong = `${iban.slice(0, at)}${changed}${iban.slice(at + 1)}`;
        expect(ibanError(wrong)).toBe(bankMessages.ibanChecksum);
      }),
    );
  });

  it('two swapped neighbouring digits are always refused', () => {
    fc.assert(
      fc.property(germanIban, fc.integer({ min: 2, max: 20 }), (iban, at) => {
        fc.pre(iban[at] !== iban[at + 1]);
        const swapped = `${iban.slice(0, at)}${iban[at + 1]}${iban[at]}${iban.slice(at + 2)}`;
        expect(ibanError(swapped)).toBe(bankMessages.ibanChecksum);
      }),
    );
  });

  it('a German IBAN of the wrong length and text that is no IBAN get their own message', () => {
    expect(ibanError('DE02 1203 0000 0000 2020 5')).toBe(bankMessages.ibanLength('DE', 22));
    expect(ibanError('Sparkasse')).toBe(bankMessages.ibanFormat);
    expect(ibanError('1234567890123456')).toBe(bankMessages.ibanFormat);
  });

  it('the settings field allows none and keeps the IBAN as typed', () => {
    expect(ibanField.parse('')).toBe('');
    expect(ibanField.parse(' DE02 1203 0000 0000 2020 51 ')).toBe('DE02 1203 0000 0000 2020 51');
    expect(ibanField.safeParse('DE03 1203 0000 0000 2020 51').error?.issues[0]?.message).toBe(
      bankMessages.ibanChecksum,
    );
  });
});

describe('BIC', () => {
  it('takes 8 and 11 characters of the ISO 9362 form', () => {
    for (const bic of ['BYLADEM1001', 'DEUTDEFF', 'deutdeff500', 'COBA DE FF XXX']) expect(bicError(bic)).toBeNull();
  });

  it('refuses other lengths and digits in the bank or country code', () => {
    for (const bic of ['BYLADEM', 'BYLADEM100', 'BY1ADEM1', 'BYLAD3M1', 'BYLADEM1001X']) {
      expect(bicError(bic)).toBe(bankMessages.bic);
    }
    expect(bicField.parse('')).toBe('');
    expect(bicField.safeParse('ABC').error?.issues[0]?.message).toBe(bankMessages.bic);
  });
});
