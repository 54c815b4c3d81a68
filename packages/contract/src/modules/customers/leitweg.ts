import { z } from 'zod';
import { tooLongMessage } from '../../platform/validation';

/**
 * Leitweg-ID of a public-sector buyer (KoSIT "Formatspezifikation Leitweg-ID" 2.0.2): Grobadressierung
 * (2–12 digits), optional Feinadressierung (up to 30 letters/digits), two check digits, joined by hyphens.
 * The check digits are ISO/IEC 7064 MOD 97-10 over the ID without hyphens and check digits (letters count
 * as in an IBAN, A = 10 … Z = 35): the ZRE/OZG-RE portals cannot route an XRechnung whose digits are wrong.
 */
export const leitwegMessages = {
  format: 'Bitte eine Leitweg-ID im Format 991-12345-06 angeben (Grob- und Feinadressierung, zwei Prüfziffern).',
  checkDigits: 'Die Prüfziffer der Leitweg-ID stimmt nicht.',
} as const;

const LEITWEG_FORMAT = /^(\d{2,12})(?:-([0-9A-Za-z]{1,30}))?-(\d{2})$/;

/** The two check digits (MOD 97-10) of the ID's digits and letters before them ('1461200012345' → '86'). */
export function leitwegCheckDigits(body: string): string {
  const digits = [...body.toUpperCase()].map((char) => String(parseInt(char, 36))).join('');
  let remainder = 0;
  for (const digit of `${digits}00`) remainder = (remainder * 10 + Number(digit)) % 97;
  return String(98 - remainder).padStart(2, '0');
}

/** What is wrong with a typed Leitweg-ID ('' is none, i.e. fine), or null. */
export function leitwegIdError(value: string): string | null {
  if (value === '') return null;
  const match = LEITWEG_FORMAT.exec(value);
  if (!match) return leitwegMessages.format;
  const [, coarse = '', fine = '', check = ''] = match;
  return leitwegCheckDigits(coarse + fine) === check ? null : leitwegMessages.checkDigits;
}

/** The Leitweg-ID field of a customer: empty, or a valid ID (trimmed). */
export const leitwegIdField = z
  .string({ error: 'Bitte angeben.' })
  .trim()
  .max(46, tooLongMessage(46))
  .superRefine((value, ctx) => {
    const message = leitwegIdError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
