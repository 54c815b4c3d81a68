import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginReply, loginScreenReply, okReply } from './login-route';
import { loginReplyGuard, loginScreenReplyGuard, okReplyGuard } from './login-route-guards';

const junk = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.string()),
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: junk });

const info = fc.record({ titel: maybe(fc.string()), text: maybe(fc.string()), extra: junk }, { requiredKeys: [] });
const facilityKeys = ['name', 'strasse', 'hausnummer', 'plz', 'ort', 'telefon', 'email', 'oeffnungszeiten'] as const;
const facility = fc.record(
  { ...Object.fromEntries(facilityKeys.map((key) => [key, maybe(fc.string())])), extra: junk },
  { requiredKeys: [] },
);
const screen = fc.record(
  {
    app_titel: maybe(fc.string()),
    app_untertitel: maybe(fc.string()),
    app_theme_color_primary: maybe(fc.string()),
    loginscreen_bg_color: maybe(fc.string()),
    loginscreen_bg_img: maybe(fc.string()),
    loginscreen_welcomeText: maybe(fc.string()),
    loginscreen_infos: maybe(fc.array(maybe(info), { maxLength: 3 })),
    einrichtung: maybe(facility),
    fremd: junk,
  },
  { requiredKeys: [] },
);
const status = fc.oneof(
  fc.constantFrom(
    'success',
    'invalid',
    'errorCountMax',
    'passwortWaehlen',
    'zweiterFaktor',
    'zweiterFaktorEinrichten',
    'accessError',
    '',
  ),
  junk,
);

function sameVerdict(
  schema: { safeParse(v: unknown): { success: boolean; data?: unknown } },
  guard: typeof okReplyGuard,
) {
  return (value: unknown) => {
    const expected = schema.safeParse(value);
    const actual = guard.safeParse(value);
    expect(actual.success).toBe(expected.success);
    if (expected.success && actual.success) expect(actual.data).toEqual(expected.data);
  };
}

describe('login-route guards accept exactly what the zod schemas accept', () => {
  it('loginScreenReply', () => {
    fc.assert(
      fc.property(fc.oneof(junk, fc.record({ status, data: maybe(screen) }, { requiredKeys: [] })), (value) =>
        sameVerdict(loginScreenReply, loginScreenReplyGuard as unknown as typeof okReplyGuard)(value),
      ),
      { numRuns: 2000 },
    );
  });

  it('loginReply', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          junk,
          fc.record(
            {
              status,
              code: maybe(fc.string()),
              recoveryCodes: maybe(fc.array(fc.oneof(fc.string(), junk))),
              hinweis: maybe(fc.oneof(fc.string(), junk)),
              secret: maybe(fc.string()),
              otpauthUri: maybe(fc.string()),
              x: junk,
            },
            { requiredKeys: [] },
          ),
        ),
        (value) => sameVerdict(loginReply, loginReplyGuard as unknown as typeof okReplyGuard)(value),
      ),
      { numRuns: 2000 },
    );
  });

  it('okReply', () => {
    fc.assert(
      fc.property(
        fc.oneof(junk, fc.record({ status, y: junk }, { requiredKeys: [] })),
        sameVerdict(okReply, okReplyGuard),
      ),
      { numRuns: 1000 },
    );
  });

  it('accepts a well-formed login screen and strips unknown keys', () => {
    const reply = {
      status: 'success',
      data: {
        app_titel: 'Hort',
        app_untertitel: '',
        app_theme_color_primary: '#2e7d32',
        loginscreen_bg_color: '#fff',
        loginscreen_bg_img: '',
        loginscreen_welcomeText: 'Hallo',
        loginscreen_infos: [{ titel: 'A', text: 'B', extra: 1 }],
        fremd: true,
      },
    };
    const parsed = loginScreenReplyGuard.safeParse(reply);
    expect(parsed.success && parsed.data.data.loginscreen_infos).toEqual([{ titel: 'A', text: 'B' }]);
    expect(parsed.success && 'fremd' in parsed.data.data).toBe(false);
  });
});
