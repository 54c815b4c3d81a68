import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MIN,
  TINYTEXT_MAX,
  check,
  formatGermanDate,
  inputMessages,
  passwordNameError,
  isIsoDate,
  parseGermanDate,
  rules,
  validationMessages,
  type RuleName,
} from './validation';

const REQUIRED = 'Bitte angeben.';
const TINYTEXT = 'Maximal 25 Zeichen sind erlaubt';
const MIN_PW = 'Mindestens 8 Zeichen angeben';
const DATE = 'Bitte im folgenden Format angeben: TT.MM.YYYY';
const EMAIL = 'Ungültige E-Mail-Adresse';
const CHARSET = 'Enthält unerlaubte Zeichen';

/** Single code points: common German and astral characters plus any non-surrogate code point. */
const codePoint = fc.oneof(
  fc.constantFrom('a', 'Z', ' ', 'ü', 'ß', 'ẞ', '€', '😀', '𝄞', '\u0301'),
  fc
    .integer({ min: 0, max: 0x10ffff })
    .filter((code) => code < 0xd800 || code > 0xdfff)
    .map((code) => String.fromCodePoint(code)),
);

function expectValid(rule: RuleName, values: readonly string[]) {
  for (const value of values) expect(rules[rule](value), `${rule}: ${JSON.stringify(value)}`).toBeNull();
}

function expectInvalid(rule: RuleName, values: readonly string[], message: string) {
  for (const value of values) expect(rules[rule](value), `${rule}: ${JSON.stringify(value)}`).toBe(message);
}

describe('validationMessages', () => {
  it('holds the exact German texts of the specification', () => {
    expect(validationMessages).toEqual({
      required: REQUIRED,
      tinytext: TINYTEXT,
      minPW: MIN_PW,
      date: DATE,
      email: EMAIL,
      charset: CHARSET,
    });
    expect(TINYTEXT_MAX).toBe(25);
    expect(PASSWORD_MIN).toBe(8);
  });
});

describe('required', () => {
  it('accepts any value with a visible character', () => {
    expectValid('required', ['a', ' a ', '0', '\nx\n', 'Müller']);
  });

  it('rejects empty and whitespace-only values with "Bitte angeben."', () => {
    expectInvalid('required', ['', ' ', '   ', '\t', '\n', '\r\n', ' \t\n ', '\u00a0', '\u2003'], REQUIRED);
  });

  it('property: whitespace-only always fails, anything with non-whitespace passes', () => {
    const whitespace = fc
      .array(fc.constantFrom(' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u2003', '\u3000', '\ufeff'))
      .map((chars) => chars.join(''));
    fc.assert(fc.property(whitespace, (value) => rules.required(value) === REQUIRED));
    fc.assert(
      fc.property(
        fc.string().filter((value) => value.trim() !== ''),
        (value) => rules.required(value) === null,
      ),
    );
  });
});

describe('tinytext', () => {
  it('allows 25 characters and rejects 26', () => {
    expectValid('tinytext', ['', 'a', 'a'.repeat(25)]);
    expectInvalid('tinytext', ['a'.repeat(26), 'a'.repeat(100)], TINYTEXT);
  });

  it('counts characters, not bytes or UTF-16 code units', () => {
    expectValid('tinytext', ['ü'.repeat(25), 'ß'.repeat(25), '😀'.repeat(25), 'Ä'.repeat(20) + '😀'.repeat(5)]);
    expectInvalid('tinytext', ['ü'.repeat(26), '😀'.repeat(26)], TINYTEXT);
    // 25 emoji are 50 UTF-16 code units and 100 UTF-8 bytes, still allowed
    expect('😀'.repeat(25).length).toBe(50);
  });

  it('property: fails exactly when the value has more than 25 code points', () => {
    fc.assert(
      fc.property(fc.string({ unit: codePoint, maxLength: 40 }), (value) => {
        expect(rules.tinytext(value)).toBe([...value].length > 25 ? TINYTEXT : null);
      }),
    );
  });
});

describe('minPW', () => {
  it('rejects 7 characters and allows 8', () => {
    expectInvalid('minPW', ['', 'a', '1234567', 'äöüßÄÖÜ'], MIN_PW);
    expectValid('minPW', ['12345678', 'äöüßÄÖÜẞ', 'a'.repeat(100)]);
  });

  it('counts characters, so 4 emoji are not a valid password', () => {
    expectInvalid('minPW', ['😀'.repeat(4), '😀'.repeat(7)], MIN_PW);
    expectValid('minPW', ['😀'.repeat(8)]);
  });

  it('property: fails exactly when the value has fewer than 8 code points', () => {
    fc.assert(
      fc.property(fc.string({ unit: codePoint, maxLength: 16 }), (value) => {
        expect(rules.minPW(value)).toBe([...value].length < 8 ? MIN_PW : null);
      }),
    );
  });
});

describe('date', () => {
  it('accepts real dates written TT.MM.YYYY and the empty value', () => {
    expectValid('date', ['', '29.02.2024', '01.01.2024', '31.12.1999', '29.02.2000', '31.01.2024', '30.04.2024']);
  });

  it('rejects impossible dates and other formats', () => {
    expectInvalid(
      'date',
      [
        '31.02.2024',
        '29.02.2023',
        '29.02.1900',
        '31.04.2024',
        '32.01.2024',
        '00.01.2024',
        '01.00.2024',
        '01.13.2024',
        '2024-01-01',
        '1.1.2024',
        '01.01.24',
        '01/01/2024',
        ' 01.01.2024',
        '01.01.2024 ',
        'heute',
        ' ',
      ],
      DATE,
    );
  });
});

describe('email', () => {
  it('accepts usual addresses and the empty value', () => {
    expectValid('email', ['', 'max@example.org', 'vorname.nachname@schule-musterstadt.de', 'a+b@sub.domain.info']);
  });

  it('rejects malformed addresses', () => {
    expectInvalid(
      'email',
      [
        'max',
        'max@',
        '@example.org',
        'max@example',
        'max@example.o',
        'max muster@example.org',
        'max@@example.org',
        ' ',
      ],
      EMAIL,
    );
  });
});

describe('telefon', () => {
  it('allows digits, spaces, "+", "/", "-" and parentheses', () => {
    expectValid('telefon', [
      '',
      '+49 351/123-45',
      '0351 1234567',
      '0049-351-12345',
      '(0351) 123456',
      '+49 (0)351 123456',
    ]);
  });

  it('rejects letters and other characters', () => {
    expectInvalid('telefon', ['abc', '0351.123', '+49 351 123 45 ext', '0351\n123', '[0351] 123', '0351#12'], CHARSET);
  });
});

describe('url', () => {
  it('allows URL characters', () => {
    expectValid('url', [
      '',
      'https://example.org/a?b=c&d=e',
      'http://localhost:8080/pfad_1/#anker',
      'example.org/~user/a%20b',
    ]);
  });

  it('rejects spaces and other characters', () => {
    expectInvalid(
      'url',
      ['https://example.org/a b', ' https://example.org', 'https://example.org/<script>', 'https://exämple.org', 'a"b'],
      CHARSET,
    );
  });

  it('property: any value with a space fails', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => rules.url(`${a} ${b}`) === CHARSET));
  });
});

describe('nn (user name)', () => {
  it('allows letters incl. umlauts, digits and ". _ @ -"', () => {
    expectValid('nn', ['', 'max.mustermann', 'müller_2', 'anna-lena@schule', 'Jürgen.Groß', 'ẞ']);
  });

  it('rejects spaces and other characters', () => {
    expectInvalid(
      'nn',
      ['max mustermann', ' max', 'max ', 'max\tm', "o'brien", 'max<1>', 'max/moritz', 'max+1'],
      CHARSET,
    );
  });

  it('property: any value with a space fails', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => rules.nn(`${a} ${b}`) === CHARSET));
  });
});

describe('name', () => {
  it('allows German names, titles and punctuation', () => {
    expectValid('name', [
      '',
      'Müller-Lüdenscheidt',
      "O'Brien",
      'Dr. Jürgen Groß',
      'Ärzte & Söhne GmbH',
      'Zoë Ångström',
      'Straße 12 (Hinterhaus)',
      'Łukasz Żółć',
      'Frage? Antwort! 50 % / 10 € §3',
    ]);
  });

  it('rejects markup and control characters', () => {
    expectInvalid('name', ['<script>', 'a<b', 'a>b', 'a{b}', 'a=b', 'Zeile\nZeile', 'a\u0007'], CHARSET);
  });
});

describe('nameLess', () => {
  it('allows letters, digits, spaces, "_" and "-"', () => {
    expectValid('nameLess', ['', 'Anna-Lena Müller', 'Klasse 3_b', 'Größe']);
  });

  it('rejects punctuation that name allows', () => {
    expectInvalid('nameLess', ["O'Brien", 'Dr. Müller', 'a,b', 'a&b', '<script>'], CHARSET);
  });
});

describe('nameMore', () => {
  it('allows everything name allows plus brackets, comparisons and newlines', () => {
    expectValid('nameMore', [
      '',
      'a <= b',
      '[Info] {x} | y ~ z ^ 2 $',
      'Zeile 1\nZeile 2',
      'Windows\r\nZeilen',
      "O'Brien",
    ]);
  });

  it('rejects tabs and control characters', () => {
    expectInvalid('nameMore', ['a\tb', 'a\u0000b', 'a\\b'], CHARSET);
  });
});

describe('password', () => {
  it('allows any printable character incl. spaces and emoji', () => {
    expectValid('password', ['', 'pässwört 123!', '<>{}[]"\'\\', '😀 Ω ẞ']);
  });

  it('rejects control characters', () => {
    expectInvalid('password', ['abc\u0000', 'abc\n', 'a\tb', '\u007f', '\u009f'], CHARSET);
  });
});

describe('text', () => {
  it('allows newlines, carriage returns, tabs and every printable character', () => {
    expectValid('text', ['', 'Zeile 1\nZeile 2', 'a\r\nb', 'Spalte\tSpalte', '<b>fett</b> & 😀 – „Zitat“']);
  });

  it('rejects other control characters', () => {
    expectInvalid('text', ['a\u0007b', '\u0000', 'x\u001b[31m', '\u007f', '\u0085'], CHARSET);
  });

  it('rejects lone surrogates', () => {
    expectInvalid('text', ['\ud800', 'a\udc00b'], CHARSET);
  });

  it('property: any value with a control character other than \\n \\r \\t fails', () => {
    const control = fc
      .integer({ min: 0, max: 0x1f })
      .filter((code) => code !== 0x0a && code !== 0x0d && code !== 0x09)
      .map((code) => String.fromCharCode(code));
    fc.assert(fc.property(fc.string(), control, fc.string(), (a, c, b) => rules.text(a + c + b) === CHARSET));
  });

  it('property: printable ASCII with newlines passes', () => {
    const printable = fc.string({
      unit: fc.oneof(
        fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
        fc.constant('\n'),
      ),
    });
    fc.assert(fc.property(printable, (value) => rules.text(value) === null));
  });
});

describe('check', () => {
  it('returns null when every rule passes', () => {
    expect(check('Müller', ['required', 'tinytext', 'name'])).toBeNull();
    expect(check('', [])).toBeNull();
    expect(check('', ['date', 'email'])).toBeNull();
  });

  it('returns the message of the first failing rule in the given order', () => {
    expect(check('', ['required', 'tinytext'])).toBe(REQUIRED);
    const long = '<'.repeat(30);
    expect(check(long, ['tinytext', 'nameLess'])).toBe(TINYTEXT);
    expect(check(long, ['nameLess', 'tinytext'])).toBe(CHARSET);
    expect(check('kurz', ['required', 'minPW', 'password'])).toBe(MIN_PW);
    expect(check('kurz\u0000', ['required', 'password', 'minPW'])).toBe(CHARSET);
    expect(check('31.02.2024', ['required', 'date'])).toBe(DATE);
    expect(check('a@b', ['required', 'tinytext', 'email'])).toBe(EMAIL);
  });

  it('property: equals the first non-null rule result', () => {
    const ruleNames = Object.keys(rules) as RuleName[];
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }),
        fc.array(fc.constantFrom(...ruleNames), { maxLength: 6 }),
        (value, names) => {
          const first = names.map((name) => rules[name](value)).find((result) => result !== null) ?? null;
          expect(check(value, names)).toBe(first);
        },
      ),
    );
  });
});

describe('dates', () => {
  it('parseGermanDate turns TT.MM.YYYY into YYYY-MM-DD', () => {
    expect(parseGermanDate('24.12.2024')).toBe('2024-12-24');
    expect(parseGermanDate('29.02.2024')).toBe('2024-02-29');
    expect(parseGermanDate('01.01.1900')).toBe('1900-01-01');
  });

  it('parseGermanDate returns null for impossible dates and other formats', () => {
    for (const value of ['31.02.2024', '29.02.2023', '2024-01-01', '1.1.2024', '', '01.01.2024x', '32.12.2024']) {
      expect(parseGermanDate(value), value).toBeNull();
    }
  });

  it('isIsoDate accepts real YYYY-MM-DD dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('2024-12-31')).toBe(true);
    for (const value of [
      '2024-13-01',
      '2024-00-01',
      '2024-01-32',
      '2024-01-00',
      '2023-02-29',
      '1900-02-29',
      '2024-04-31',
      '2024-1-1',
      '24-01-01',
      '01.01.2024',
      '2024-01-01T00:00:00Z',
      '',
    ]) {
      expect(isIsoDate(value), value).toBe(false);
    }
  });

  it('formatGermanDate writes TT.MM.YYYY', () => {
    expect(formatGermanDate('2024-12-24')).toBe('24.12.2024');
    expect(formatGermanDate('1900-01-01')).toBe('01.01.1900');
  });

  const anyDate = fc.date({
    min: new Date('1900-01-01T00:00:00.000Z'),
    max: new Date('3000-12-31T23:59:59.999Z'),
    noInvalidDate: true,
  });

  it('property: format then parse round-trips every date from 1900 to 3000', () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        const iso = date.toISOString().slice(0, 10);
        const german = formatGermanDate(iso);
        expect(german).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
        expect(isIsoDate(iso)).toBe(true);
        expect(parseGermanDate(german)).toBe(iso);
        expect(rules.date(german)).toBeNull();
      }),
    );
  });

  it('property: isIsoDate agrees with the Gregorian calendar', () => {
    const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    const daysIn = (year: number, month: number) =>
      month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 3000 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, day) => {
          const iso = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          const real = month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
          expect(isIsoDate(iso)).toBe(real);
          expect(parseGermanDate(formatGermanDate(iso))).toBe(real ? iso : null);
        },
      ),
    );
  });
});

describe('new password rules', () => {
  it('refuses the most common passwords in any case and the own user name', () => {
    expect(rules.commonPW('Passwort123')).toBe(inputMessages.commonPassword);
    expect(rules.commonPW('QWERTZUIOP')).toBe(inputMessages.commonPassword);
    expect(rules.commonPW('k7#Lp2xQ')).toBeNull();
    expect(passwordNameError('Anna.Lang', 'anna.lang')).toBe(inputMessages.passwordIsUserName);
    expect(passwordNameError('Anna.Lang#1', 'anna.lang')).toBeNull();
  });
});
