import { parameterType } from '@hortus/contract';

const simpleEmail = /^[^\s@:/?#<>"]+@[^\s@:/?#<>"]+\.[^\s@:/?#<>"]+$/;

/**
 * The link of a stored contact value: `mailto:` for an e-mail (type 4), `tel:` for a phone number
 * (type 5, reduced to digits and a leading '+'); null for other types, empty or malformed values.
 */
export function contactHref(typ: number, wert: string): string | null {
  const value = wert.trim();
  if (typ === parameterType.email) return simpleEmail.test(value) ? `mailto:${value}` : null;
  if (typ === parameterType.phone) {
    const digits = value.replace(/[^0-9+]/g, '');
    const number = digits.startsWith('+') ? `+${digits.slice(1).replace(/\+/g, '')}` : digits.replace(/\+/g, '');
    return /\d{3,}/.test(number) ? `tel:${number}` : null;
  }
  return null;
}
