import { describe, expect, it } from 'vitest';
import { parameterType, parameterValueError } from './users';

const phone = { typ: parameterType.phone, selectoptions: [] };
const errorOf = (wert: string) => parameterValueError(phone, { wert, ids: [] });

describe('parameterValueError for phone numbers', () => {
  it('accepts German notations with parentheses', () => {
    for (const wert of ['(0351) 123456', '+49 (0)351 123456', '0351/123-456', ''])
      expect(errorOf(wert), wert).toBeNull();
  });

  it('refuses letters and other signs with a German message', () => {
    for (const wert of ['0351 abc', '0351.123', '0351*1'])
      expect(errorOf(wert), wert).toBe('Enthält unerlaubte Zeichen');
  });
});
