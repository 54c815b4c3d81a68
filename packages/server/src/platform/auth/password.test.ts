import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatePassword } from './password';

describe('generatePassword', () => {
  it('never uses look-alike characters (l, I, 1, O, 0) and has the asked length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), (length) => {
        const password = generatePassword(length);
        expect(password).toHaveLength(length);
        expect(password).toMatch(/^[A-Za-z2-9]+$/);
        expect(password).not.toMatch(/[lI1O0]/);
      }),
      { numRuns: 500 },
    );
  });

  it('gives a 12-character password by default, different each time', () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(passwords.size).toBe(50);
    for (const password of passwords) expect(password).toHaveLength(12);
  });
});
