import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import {
  dayRangeCheck,
  fieldMessages,
  isoDayField,
  numberField,
  optionalTimeOfDayField,
  pastDayError,
  recordKeyField,
  timeOfDayField,
} from './fields';
import { fieldErrors } from './schema';
import { fileMatchesRule, fileRuleOf, fileRules, uploadedFile, uploadedFileOf } from './uploads';
import { isoDayOf } from './local-time';

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('field schemas', () => {
  it('ISO days and times of day answer with the contract’s German texts', () => {
    expect(messagesOf(isoDayField(), '2026-02-30')).toEqual([fieldMessages.date]);
    expect(messagesOf(isoDayField(), '2026-02-28')).toEqual([]);
    expect(messagesOf(timeOfDayField(), '24:00')).toEqual([fieldMessages.time]);
    expect(messagesOf(timeOfDayField(), '07:05')).toEqual([]);
    expect(messagesOf(optionalTimeOfDayField(), '')).toEqual([]);
    expect(messagesOf(timeOfDayField(), undefined)).toEqual(['Bitte angeben.']);
  });

  it('record keys: ids, times and days only', () => {
    expect(messagesOf(recordKeyField('id'), '17')).toEqual([]);
    expect(messagesOf(recordKeyField('id'), '017')).toEqual([fieldMessages.recordKey]);
    expect(messagesOf(recordKeyField('id'), '99999999999')).toEqual([fieldMessages.recordKey]);
    expect(messagesOf(recordKeyField('time'), '15:30')).toEqual([]);
    expect(messagesOf(recordKeyField('day'), '2026-13-01')).toEqual([fieldMessages.recordKey]);
  });

  it('a number field names itself, never zod’s default text', () => {
    const field = numberField('Durchmesser', { int: true, min: 1, max: 1000 });
    expect(messagesOf(field, Number.NaN)).toEqual(['Bitte für „Durchmesser“ eine Zahl angeben.']);
    expect(messagesOf(field, undefined)).toEqual(['Bitte für „Durchmesser“ eine Zahl angeben.']);
    expect(messagesOf(field, 1.5)).toEqual(['Bitte für „Durchmesser“ eine ganze Zahl angeben.']);
    expect(messagesOf(field, 0)).toEqual(['„Durchmesser“ muss mindestens 1 sein.']);
    expect(messagesOf(field, 2000)).toEqual(['„Durchmesser“ darf höchstens 1000 sein.']);
  });

  it('a day range refuses von after bis on the bis field', () => {
    const range = z
      .object({ datumVon: z.string(), datumBis: z.string() })
      .superRefine(dayRangeCheck('datumVon', 'datumBis'));
    const refused = range.safeParse({ datumVon: '2026-08-02', datumBis: '2026-08-01' });
    expect(refused.success).toBe(false);
    expect(fieldErrors(refused.error!)).toEqual({ datumBis: [fieldMessages.dayRange] });
    expect(range.safeParse({ datumVon: '2026-08-01', datumBis: '2026-08-01' }).success).toBe(true);
    expect(range.safeParse({ datumVon: '', datumBis: '2026-08-01' }).success).toBe(true);
  });

  it('von ≤ bis is accepted for every pair of days, refused otherwise (property)', () => {
    const range = z
      .object({ datumVon: z.string(), datumBis: z.string() })
      .superRefine(dayRangeCheck('datumVon', 'datumBis'));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 0, max: 40_000 }), (a, b) => {
        const ok = range.safeParse({ datumVon: isoDayOf(a), datumBis: isoDayOf(b) }).success;
        return ok === a <= b;
      }),
    );
  });

  it('a past day: not after today, not more than N years back', () => {
    const today = '2026-11-27';
    expect(pastDayError('2026-11-28', 'Der Geburtstag', 20, today)).toBe(fieldMessages.dayInFuture);
    expect(pastDayError('2099-01-01', 'Der Geburtstag', 20, today)).toBe(fieldMessages.dayInFuture);
    expect(pastDayError('2026-11-27', 'Der Geburtstag', 20, today)).toBeNull();
    expect(pastDayError('2006-11-27', 'Der Geburtstag', 20, today)).toBeNull();
    expect(pastDayError('2006-11-26', 'Der Geburtstag', 20, today)).toBe(
      'Der Geburtstag darf höchstens 20 Jahre zurückliegen.',
    );
    expect(pastDayError('', 'Der Geburtstag', 20, today)).toBeNull();
  });
});

describe('upload rules', () => {
  it('an upload field carries its rule through optional()', () => {
    const field = uploadedFileOf(fileRules.jpeg);
    expect(fileRuleOf(field)).toBe(fileRules.jpeg);
    expect(fileRuleOf(field.optional())).toBe(fileRules.jpeg);
    expect(fileRuleOf(uploadedFile)).toBeUndefined();
    expect(fileMatchesRule(fileRules.pdfOrImage, 'application/pdf')).toBe(true);
    expect(fileMatchesRule(fileRules.pdfOrImage, 'text/plain')).toBe(false);
  });
});
