import { z } from 'zod';
import { amountField, parseCents, parseQuantity, parseRate, moneyMessages } from '../../platform/money';

export { amountField };
import { ruledString } from '../../platform/schema';
import { isIsoDate, tooLongMessage } from '../../platform/validation';

/** Field rules shared by the schemas of module 410 (customers, orders, costs). */
export const NAME_MAX = 100;
export const TEXT_MAX = 5000;
export const nameField = ruledString('name').pipe(z.string().max(NAME_MAX, tooLongMessage(NAME_MAX)));
export const requiredName = ruledString('required', 'name').pipe(z.string().max(NAME_MAX, tooLongMessage(NAME_MAX)));
export const textField = ruledString('text').pipe(z.string().max(TEXT_MAX, tooLongMessage(TEXT_MAX)));
export const phoneField = ruledString('telefon').pipe(z.string().max(40, tooLongMessage(40)));
export const emailField = ruledString('email').pipe(z.string().max(NAME_MAX, tooLongMessage(NAME_MAX)));
export const smallInt = (max: number) =>
  z
    .number({ error: 'Ungültige Nummer.' })
    .int('Ungültige Nummer.')
    .min(0, 'Ungültige Nummer.')
    .max(max, 'Ungültige Nummer.');
export const refId = smallInt(2_147_483_647);
/** A number typed by a user (customer number, order number): digits, at most 9. */
export const numberText = z
  .string({ error: 'Bitte angeben.' })
  .trim()
  .regex(/^\d{0,9}$/, 'Bitte nur Ziffern angeben (höchstens 9).');
export const isoDate = z
  .string({ error: 'Bitte angeben.' })
  .refine(isIsoDate, 'Bitte im folgenden Format angeben: TT.MM.YYYY');
export const optionalIsoDate = z
  .string({ error: 'Bitte angeben.' })
  .refine((value) => value === '' || isIsoDate(value), 'Bitte im folgenden Format angeben: TT.MM.YYYY');

export const quantityField = z
  .string({ error: 'Bitte angeben.' })
  .max(40, moneyMessages.quantity)
  .refine((value) => parseQuantity(value) !== null, moneyMessages.quantity);
export const rateField = z
  .string({ error: 'Bitte angeben.' })
  .max(40, moneyMessages.rate)
  .refine((value) => parseRate(value) !== null, moneyMessages.rate);

/** Cents of a valid amount field ('' → 0). */
export function centsOf(value: string): number {
  return value.trim() === '' ? 0 : (parseCents(value, { allowNegative: true }) ?? 0);
}
