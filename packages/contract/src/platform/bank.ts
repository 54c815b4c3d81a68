import { z } from 'zod';

/** German messages of the bank account rules (IBAN with its check digits, BIC). */
export const bankMessages = {
  ibanFormat:
    'Bitte eine IBAN angeben: Ländercode, zwei Prüfziffern und Kontonummer, z. B. DE02 1203 0000 0000 2020 51.',
  ibanLength: (country: string, length: number) => `Eine IBAN aus ${country} hat ${length} Stellen.`,
  ibanChecksum: 'Die Prüfziffern der IBAN stimmen nicht. Bitte die IBAN prüfen.',
  bic: 'Bitte eine BIC mit 8 oder 11 Zeichen angeben, z. B. BYLADEM1001.',
} as const;

/** IBAN lengths of the SEPA countries (ISO 13616 registry); others are checked for 15–34 characters. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

/** An IBAN as the machine reads it: without spaces, upper case ('de02 1203…' → 'DE021203…'). */
export function compactIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** ISO 7064 MOD 97-10 over the IBAN moved by four characters, letters as 10–35; valid IBANs leave 1. */
export function ibanRemainder(compact: string): number {
  const moved = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const code = char.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97;
  }
  return remainder;
}

/** The two check digits that make `country` + digits + `bban` a valid IBAN. */
export function ibanCheckDigits(country: string, bban: string): string {
  return String(98 - ibanRemainder(`${country}00${bban}`)).padStart(2, '0');
}

/** null when the IBAN (spaces and case ignored) is valid, otherwise its German message. */
export function ibanError(value: string): string | null {
  const compact = compactIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return bankMessages.ibanFormat;
  const country = compact.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (length !== undefined && compact.length !== length) return bankMessages.ibanLength(country, length);
  return ibanRemainder(compact) === 1 ? null : bankMessages.ibanChecksum;
}

/** null when the BIC (spaces and case ignored) has the form of ISO 9362, otherwise its German message. */
export function bicError(value: string): string | null {
  return /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compactIban(value)) ? null : bankMessages.bic;
}

/** An optional IBAN field ('' = none); kept as typed, trimmed. */
export const ibanField = z
  .string({ error: 'Bitte angeben.' })
  .trim()
  .max(42, bankMessages.ibanFormat)
  .superRefine((value, ctx) => {
    const message = value === '' ? null : ibanError(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });

/** An optional BIC field ('' = none). */
export const bicField = z
  .string({ error: 'Bitte angeben.' })
  .trim()
  .max(14, bankMessages.bic)
  .superRefine((value, ctx) => {
    const message = value === '' ? null : bicError(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });
