import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldErrors, ruledString, safeParseReporting } from './schema';
import { jsonField } from './wire';
import { check, rules, type RuleName } from './validation';

function messagesOf(result: { success: boolean; error?: z.ZodError }): string[] {
  expect(result.success).toBe(false);
  return (result.error as z.ZodError).issues.map((issue) => issue.message);
}

describe('ruledString', () => {
  it('accepts a value every rule allows and returns it unchanged', () => {
    const schema = ruledString('required', 'tinytext', 'name');
    expect(schema.parse('Müller-Lüdenscheidt')).toBe('Müller-Lüdenscheidt');
    expect(ruledString().parse('')).toBe('');
  });

  it('reports the German message of the first failing rule, once', () => {
    const schema = ruledString('required', 'tinytext', 'nameLess');
    expect(messagesOf(schema.safeParse(''))).toEqual(['Bitte angeben.']);
    expect(messagesOf(schema.safeParse('   '))).toEqual(['Bitte angeben.']);
    expect(messagesOf(schema.safeParse('a'.repeat(26)))).toEqual(['Maximal 25 Zeichen sind erlaubt']);
    expect(messagesOf(schema.safeParse("O'Brien"))).toEqual(['Enthält unerlaubte Zeichen']);
    expect(messagesOf(ruledString('date').safeParse('31.02.2024'))).toEqual([
      'Bitte im folgenden Format angeben: TT.MM.YYYY',
    ]);
    expect(messagesOf(ruledString('email').safeParse('a@b'))).toEqual(['Ungültige E-Mail-Adresse']);
    expect(messagesOf(ruledString('minPW').safeParse('1234567'))).toEqual(['Mindestens 8 Zeichen angeben']);
  });

  it('answers "Bitte angeben." for a missing or non-string value', () => {
    const schema = ruledString('required');
    expect(messagesOf(schema.safeParse(undefined))).toEqual(['Bitte angeben.']);
    expect(messagesOf(schema.safeParse(null))).toEqual(['Bitte angeben.']);
    expect(messagesOf(schema.safeParse(42))).toEqual(['Bitte angeben.']);
  });

  it('property: succeeds exactly when check() passes and then reports its message', () => {
    const ruleNames = Object.keys(rules) as RuleName[];
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }),
        fc.array(fc.constantFrom(...ruleNames), { maxLength: 5 }),
        (value, names) => {
          const expected = check(value, names);
          const result = ruledString(...names).safeParse(value);
          if (expected === null) expect(result).toEqual({ success: true, data: value });
          else expect(messagesOf(result)).toEqual([expected]);
        },
      ),
    );
  });
});

describe('jsonField', () => {
  const schema = jsonField(z.object({ a: z.number() }));

  it('parses JSON text and validates the parsed value', () => {
    expect(schema.parse('{"a":1}')).toEqual({ a: 1 });
    expect(schema.parse(' { "a" : 2.5 } ')).toEqual({ a: 2.5 });
  });

  it('rejects invalid JSON with "Ungültiges JSON." and does not throw', () => {
    for (const text of ['{', '', 'undefined', "{'a':1}", '{"a":1,}', 'nicht json']) {
      const result = schema.safeParse(text);
      expect(messagesOf(result), text).toEqual(['Ungültiges JSON.']);
      expect(result.error?.issues[0]?.path).toEqual([]);
    }
  });

  it('rejects valid JSON that does not match the schema, with the inner path', () => {
    const wrongType = schema.safeParse('{"a":"1"}');
    expect(wrongType.success).toBe(false);
    expect(wrongType.error?.issues.map((issue) => issue.path)).toEqual([['a']]);
    expect(schema.safeParse('null').success).toBe(false);
    expect(schema.safeParse('[]').success).toBe(false);
    expect(schema.safeParse('{}').error?.issues[0]?.path).toEqual(['a']);
  });

  it('answers "Bitte angeben." when the text is missing', () => {
    expect(messagesOf(schema.safeParse(undefined))).toEqual(['Bitte angeben.']);
  });

  it('accepts an already decoded value (a JSON body) and checks it the same way', () => {
    expect(schema.parse({ a: 1 })).toEqual({ a: 1 });
    expect(schema.safeParse({ a: '1' }).success).toBe(false);
  });

  it('runs refinements of the inner schema on the parsed value', () => {
    const positive = jsonField(z.array(z.number().int().positive()).max(3));
    expect(positive.parse('[1,2,3]')).toEqual([1, 2, 3]);
    expect(positive.safeParse('[1,2,3,4]').success).toBe(false);
    expect(positive.safeParse('[0]').success).toBe(false);
    expect(positive.safeParse('[1.5]').success).toBe(false);
  });

  it('property: any JSON value round-trips through its text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(jsonField(z.unknown()).parse(text)).toEqual(JSON.parse(text));
      }),
    );
  });
});

describe('fieldErrors', () => {
  it('keys messages by the dotted path', () => {
    const schema = z.object({ a: z.object({ b: ruledString('required', 'nn') }) });
    const result = schema.safeParse({ a: { b: 'max mustermann' } });
    expect(fieldErrors(result.error as z.ZodError)).toEqual({ 'a.b': ['Enthält unerlaubte Zeichen'] });
  });

  it('maps missing values to "Bitte angeben."', () => {
    const schema = z.object({ a: z.object({ b: z.string() }), c: z.number(), d: z.boolean() });
    expect(fieldErrors(schema.safeParse({ a: {} }).error as z.ZodError)).toEqual({
      'a.b': ['Bitte angeben.'],
      c: ['Bitte angeben.'],
      d: ['Bitte angeben.'],
    });
    expect(fieldErrors(schema.safeParse({}).error as z.ZodError)).toEqual({
      a: ['Bitte angeben.'],
      c: ['Bitte angeben.'],
      d: ['Bitte angeben.'],
    });
  });

  it('joins array indexes into the key', () => {
    const schema = z.object({ items: z.array(z.object({ name: ruledString('required') })) });
    const result = schema.safeParse({ items: [{ name: 'a' }, { name: ' ' }, {}] });
    expect(fieldErrors(result.error as z.ZodError)).toEqual({
      'items.1.name': ['Bitte angeben.'],
      'items.2.name': ['Bitte angeben.'],
    });
  });

  it('keeps the German messages of ruledString and jsonField', () => {
    const schema = z.object({
      name: ruledString('required', 'tinytext'),
      datum: ruledString('date'),
      data: jsonField(z.object({ n: z.number() })),
    });
    const result = schema.safeParse({ name: 'x'.repeat(26), datum: '2024-01-01', data: '{' });
    expect(fieldErrors(result.error as z.ZodError)).toEqual({
      name: ['Maximal 25 Zeichen sind erlaubt'],
      datum: ['Bitte im folgenden Format angeben: TT.MM.YYYY'],
      data: ['Ungültiges JSON.'],
    });
    const inner = schema.safeParse({ name: 'x', datum: '', data: '{}' });
    expect(Object.keys(fieldErrors(inner.error as z.ZodError))).toEqual(['data.n']);
  });

  it('collects several messages for one key', () => {
    const schema = z.object({
      pw: z.string().superRefine((_value, ctx) => {
        ctx.addIssue({ code: 'custom', message: 'Erste Meldung.' });
        ctx.addIssue({ code: 'custom', message: 'Zweite Meldung.' });
      }),
    });
    expect(fieldErrors(schema.safeParse({ pw: 'x' }).error as z.ZodError)).toEqual({
      pw: ['Erste Meldung.', 'Zweite Meldung.'],
    });
  });

  it('uses "_" for issues without a path', () => {
    expect(fieldErrors(ruledString('required').safeParse('').error as z.ZodError)).toEqual({ _: ['Bitte angeben.'] });
    expect(fieldErrors(jsonField(z.number()).safeParse('{').error as z.ZodError)).toEqual({
      _: ['Ungültiges JSON.'],
    });
  });

  it('keeps a message the schema sets itself', () => {
    const schema = z.object({
      route: z.string().regex(/^\//, 'Ungültige Route.'),
      art: z.literal('lastView', { error: 'Unbekannte Einstellung.' }),
    });
    expect(fieldErrors(schema.safeParse({ route: 'x', art: 'y' }).error as z.ZodError)).toEqual({
      route: ['Ungültige Route.'],
      art: ['Unbekannte Einstellung.'],
    });
  });

  it('property: one key per failing field, every message non-empty', () => {
    const schema = z.object({ a: ruledString('required', 'tinytext'), b: ruledString('nn'), c: ruledString('date') });
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }),
        fc.string({ maxLength: 5 }),
        fc.string({ maxLength: 12 }),
        (a, b, c) => {
          const result = schema.safeParse({ a, b, c });
          const failing = (['a', 'b', 'c'] as const).filter(
            (key) =>
              check({ a, b, c }[key], key === 'a' ? ['required', 'tinytext'] : key === 'b' ? ['nn'] : ['date']) !==
              null,
          );
          if (failing.length === 0) {
            expect(result.success).toBe(true);
            return;
          }
          const errors = fieldErrors(result.error as z.ZodError);
          expect(Object.keys(errors).sort()).toEqual(failing);
          for (const messages of Object.values(errors)) {
            expect(messages).toHaveLength(1);
            expect(messages[0]).not.toBe('');
          }
        },
      ),
    );
  });
});

describe('safeParseReporting', () => {
  const schema = z.object({ name: z.string(), alter: z.number().int(), kinder: jsonField(z.array(z.number())) });

  it('gives a valid value as safeParse does', () => {
    const value = { name: 'Ada', alter: 36, kinder: '[1,2]' };
    expect(safeParseReporting(schema, value)).toEqual(schema.safeParse(value));
    expect(safeParseReporting(schema, value)).toEqual({
      success: true,
      data: { name: 'Ada', alter: 36, kinder: [1, 2] },
    });
  });

  it('reports a bad value with its input: a missing field reads "Bitte angeben.", a wrong one its own message', () => {
    const result = safeParseReporting(schema, { alter: 'viele', kinder: '[1,"x"]' });
    expect(result).toEqual(schema.safeParse({ alter: 'viele', kinder: '[1,"x"]' }, { reportInput: true }));
    expect(result.success).toBe(false);
    const errors = fieldErrors((result as { error: z.ZodError }).error);
    expect(errors.name).toEqual(['Bitte angeben.']);
    expect(errors.alter?.[0]).not.toBe('Bitte angeben.');
    expect(Object.keys(errors)).toEqual(['name', 'alter', 'kinder.1']);
  });

  it('answers like safeParse with reportInput for any value (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const reporting = safeParseReporting(schema, value);
        const direct = schema.safeParse(value, { reportInput: true });
        expect(reporting.success).toBe(direct.success);
        if (!reporting.success && !direct.success) expect(reporting.error.issues).toEqual(direct.error.issues);
      }),
    );
  });
});
