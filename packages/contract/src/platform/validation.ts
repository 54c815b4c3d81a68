import { isCommonPassword } from './common-passwords';

/**
 * The shared validation rules of the specification (core.md section 5) with their exact German
 * messages. Forms and the server use the same functions: a rule returns `null` when the value is
 * valid and the German message otherwise.
 */
export const validationMessages = {
  required: 'Bitte angeben.',
  tinytext: 'Maximal 25 Zeichen sind erlaubt',
  minPW: 'Mindestens 8 Zeichen angeben',
  date: 'Bitte im folgenden Format angeben: TT.MM.YYYY',
  email: 'Ungültige E-Mail-Adresse',
  charset: 'Enthält unerlaubte Zeichen',
} as const;

/** Our own messages of rules the specification does not word (new passwords, addresses). */
export const inputMessages = {
  commonPassword: 'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte ein anderes wählen.',
  passwordIsUserName: 'Das Passwort darf nicht der Benutzername sein.',
  httpUrl: 'Bitte eine Adresse angeben, die mit http:// oder https:// beginnt.',
} as const;

export type RuleResult = string | null;
export type Rule = (value: string) => RuleResult;

export const TINYTEXT_MAX = 25;

/** A too long text names its limit, in the specification's wording of the tinytext rule. */
export function tooLongMessage(max: number): string {
  return `Maximal ${max} Zeichen sind erlaubt`;
}
export const PASSWORD_MIN = 8;

const letters = 'A-Za-zÀ-ÖØ-öø-ÿĀ-žẞß';

/**
 * Character whitelists. URL follows the specification; phone follows it plus parentheses (German
 * numbers are written '(0351) 123456'); the others are our decision (documented in
 * docs/architecture.md): user names have no spaces, names allow the punctuation of German names and
 * titles, text allows everything printable.
 */
export const charsets = {
  nn: new RegExp(`^[${letters}0-9._@-]*$`),
  name: new RegExp(`^[${letters}0-9 .,:;!?&+()/'"#%_§€@*-]*$`),
  nameLess: new RegExp(`^[${letters}0-9 _-]*$`),
  nameMore: new RegExp(`^[${letters}0-9 .,:;!?&+()/'"#%_§€@*=<>\\[\\]{}|~^$\\n\\r-]*$`),
  password: /^[^\p{Cc}\p{Cs}]*$/u,
  telefon: /^[0-9 /+()-]*$/,
  url: /^[A-Za-z0-9/?=&.:_%#~+-]*$/,
} as const;

export type CharsetName = keyof typeof charsets;

/** Bidi override and isolate characters (U+202A–U+202E, U+2066–U+2069): they make text read other than it is stored. */
export const bidiControls = /[\u202A-\u202E\u2066-\u2069]/u;

/** Printable text, line breaks and tabs; no other control characters and no bidi overrides (the name rules' whitelists exclude them too). */
const textCharset = /^(?:(?![\u202A-\u202E\u2066-\u2069])[^\p{Cc}\p{Cs}]|[\n\r\t])*$/u;

export const rules = {
  required: (value: string): RuleResult => (value.trim() === '' ? validationMessages.required : null),
  tinytext: (value: string): RuleResult => ([...value].length > TINYTEXT_MAX ? validationMessages.tinytext : null),
  minPW: (value: string): RuleResult => ([...value].length < PASSWORD_MIN ? validationMessages.minPW : null),
  /** A new password must not be one of the most common passwords (list shipped in the contract). */
  commonPW: (value: string): RuleResult => (isCommonPassword(value) ? inputMessages.commonPassword : null),
  /** DD.MM.YYYY with a real calendar date; empty is allowed (combine with required). */
  date: (value: string): RuleResult =>
    value === '' || parseGermanDate(value) !== null ? null : validationMessages.date,
  email: (value: string): RuleResult =>
    value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value) ? null : validationMessages.email,
  nn: charsetRule('nn'),
  name: charsetRule('name'),
  nameLess: charsetRule('nameLess'),
  nameMore: charsetRule('nameMore'),
  password: charsetRule('password'),
  telefon: charsetRule('telefon'),
  url: charsetRule('url'),
  /** An address the app may link or load: empty, or an http(s) URL (no javascript:, data:, …). */
  httpUrl: (value: string): RuleResult =>
    value === '' || /^https?:\/\/[^/\s]/i.test(value) ? null : inputMessages.httpUrl,
  text: (value: string): RuleResult => (textCharset.test(value) ? null : validationMessages.charset),
} satisfies Record<string, Rule>;

export type RuleName = keyof typeof rules;

function charsetRule(name: CharsetName): Rule {
  const pattern = charsets[name];
  return (value) => (pattern.test(value) ? null : validationMessages.charset);
}

/** A new password must not be the user's own name (any case); null when it is not. */
export function passwordNameError(password: string, userName: string): RuleResult {
  return userName !== '' && password.toLowerCase() === userName.toLowerCase() ? inputMessages.passwordIsUserName : null;
}

/** Applies rules in order and returns the first message, or null when every rule passes. */
export function check(value: string, ruleNames: readonly RuleName[]): RuleResult {
  for (const name of ruleNames) {
    const result = rules[name](value);
    if (result !== null) return result;
  }
  return null;
}

/** Parses DD.MM.YYYY into YYYY-MM-DD, or null when it is no real date. */
export function parseGermanDate(value: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
  if (!match) return null;
  const [, day, month, year] = match as unknown as [string, string, string, string];
  const iso = `${year}-${month}-${day}`;
  return isIsoDate(iso) ? iso : null;
}

/** True for a real calendar date written YYYY-MM-DD (the stored format). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function formatGermanDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}
