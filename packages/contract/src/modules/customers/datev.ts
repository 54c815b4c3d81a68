import { z } from 'zod';
import Big from 'big.js';
import { guardCell } from '../../platform/csv';
import { numberField } from '../../platform/fields';

/**
 * DATEV export of module 410: the year's bookings as an EXTF "Buchungsstapel" (DATEV-Format, Formatkategorie
 * 21, Formatversion 13) for the tax adviser. Pure line formatting here (property tests in datev.test.ts);
 * the server collects the bookings and encodes the text as Windows-1252.
 */

export const datevMessages = {
  account: 'Bitte eine Kontonummer aus höchstens 9 Ziffern angeben.',
  adviser: 'Bitte eine Beraternummer von 1001 bis 9999999 angeben.',
  client: 'Bitte eine Mandantennummer von 1 bis 99999 angeben.',
  /** The export needs both numbers in the header (DATEV refuses an empty field). */
  numbersRequired: (missing: readonly string[]) =>
    `Für den DATEV-Export bitte in den Einstellungen ${missing.join(' und ')} angeben.`,
  accountLength: (account: string, where: string, length: number) =>
    `Das Konto ${account} (${where}) hat nicht die eingestellte Sachkontenlänge von ${length} Stellen.`,
  kontenrahmen: 'Bitte SKR03 oder SKR04 wählen.',
  /** A text with a character Windows-1252 (the format's encoding) has no letter for, not even a plain one. */
  notWindows1252: (where: string, text: string, chars: readonly string[]) =>
    `Der Text „${text}“ (${where}) enthält Zeichen, die im DATEV-Format (Windows-1252) nicht geschrieben werden können: ${chars.map((char) => `„${char}“`).join(', ')}. Bitte den Text ändern.`,
  /** The export's report: a text written with plain letters instead of ones Windows-1252 lacks. */
  transliterated: (where: string, text: string, written: string) =>
    `${where}: „${text}“ als „${written}“ geschrieben (Windows-1252 kennt nicht alle Zeichen).`,
  rateAccount: (rate: string) =>
    `Für den Steuersatz ${rate} % gibt es kein DATEV-Erlöskonto bzw. keinen Steuerschlüssel; bitte die Buchung prüfen.`,
} as const;

/** An integer text within [min, max] without leading zeros, or '' (not set). */
const numberInRange = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => value === '' || (/^[1-9]\d*$/.test(value) && Number(value) >= min && Number(value) <= max),
      message,
    )
    .default('');

/** An account number ('' = use the default account). */
export const accountField = z
  .string({ error: 'Bitte angeben.' })
  .trim()
  .regex(/^\d{0,9}$/, datevMessages.account);

/** The DATEV settings of module 410 (accounts per income and cost centre are on those entries). */
export const datevSettings = z.object({
  /** Beraternummer 1001–9999999 (required for an export). */
  beraternummer: numberInRange(1001, 9_999_999, datevMessages.adviser),
  /** Mandantennummer 1–99999 (required for an export). */
  mandantennummer: numberInRange(1, 99_999, datevMessages.client),
  /** The chart of accounts the adviser books in (header field 27 'Sachkontenrahmen': 03 or 04). */
  kontenrahmen: z.enum(['SKR03', 'SKR04'], { error: datevMessages.kontenrahmen }).default('SKR03'),
  /** Length of the general ledger accounts (4 for SKR03/SKR04 without extension). */
  sachkontenlaenge: numberField('Sachkontenlänge', { int: true, min: 4, max: 8 }).default(4),
  /** The bank account the payments go through (SKR03 1200). */
  bankkonto: accountField.default('1200'),
  /** Income account (19 %) of income centres without their own (SKR03 automatic account 8400 Erlöse 19 % USt). */
  erloeskonto: accountField.default('8400'),
  /** Income account for 7 % (SKR03 automatic account 8300 Erlöse 7 % USt). */
  erloeskonto7: accountField.default('8300'),
  /** Income account for 0 % (SKR03 8100 steuerfreie Umsätze). */
  erloeskonto0: accountField.default('8100'),
  /** Income account of a small business (§ 19 UStG, SKR03 8195). */
  erloeskontoKleinunternehmer: accountField.default('8195'),
  /** Expense account of cost centres without their own (SKR03 4900 sonstige betriebliche Aufwendungen). */
  aufwandskonto: accountField.default('4900'),
});
export type DatevSettings = z.output<typeof datevSettings>;

export const DATEV_DEFAULTS: DatevSettings = datevSettings.parse({});

/** One booking: amount (positive cents), debit account, credit account, date, document number, text. */
export interface DatevBooking {
  cents: number;
  /** 'S' debit on `konto`, 'H' credit. */
  sollHaben: 'S' | 'H';
  konto: string;
  gegenkonto: string;
  /**
   * BU-Schlüssel (tax key, e.g. 9 = 19 % Vorsteuer, 8 = 7 % Vorsteuer); '' = none (automatic account). The
   * line writes it with four digits, as the format describes the field ("0009").
   */
  buSchluessel?: string;
  datum: string;
  beleg: string;
  text: string;
}

/** Tax keys (BU-Schlüssel) of input VAT on a cost booking: 9 = 19 % Vorsteuer, 8 = 7 % Vorsteuer, none at 0 %. */
export const DATEV_INPUT_TAX_KEYS: Readonly<Record<string, string>> = { '19': '9', '7': '8', '0': '' };

/** The VAT DATEV derives from a gross booking at a rate (what an automatic account or a tax key books). */
export function datevVat(grossCents: number, rate: number): number {
  return Number(
    new Big(grossCents)
      .times(rate)
      .div(100 + rate)
      .round(0, Big.roundHalfUp)
      .toFixed(0),
  );
}

/** Amount as DATEV wants it: no sign, no thousands separator, decimal comma ('1234,56'). */
export function datevAmount(cents: number): string {
  return new Big(Math.abs(cents)).div(100).toFixed(2).replace('.', ',');
}

/** Belegdatum without year: DDMM. */
export function datevDay(iso: string): string {
  return `${iso.slice(8, 10)}${iso.slice(5, 7)}`;
}

/** Belegfeld 1: at most 12 characters of a-z A-Z 0-9 $ & % * + - / (others dropped; no leading + or -, no formula). */
export function datevDocumentNumber(text: string): string {
  return text
    .replace(/[^a-zA-Z0-9$&%*+\-/]/g, '')
    .replace(/^[+-]+/, '')
    .slice(0, 12);
}

/** A text field: in double quotes (inner quotes doubled), at most `max` characters, no line breaks or semicolons' trouble. */
export function datevText(text: string, max = 60): string {
  const clean = [...guardCell(text.replace(/[\r\n\t]+/g, ' '))].slice(0, max).join('');
  return `"${clean.replace(/"/g, '""')}"`;
}

/** The BU-Schlüssel field: four digits ("0009"), as the format's expression ^["]\d{4}["]$ asks; '' stays empty. */
export function datevTaxKey(key: string): string {
  return key === '' ? '' : key.padStart(4, '0');
}

/** A text as DATEV's Windows-1252 can hold it (the platform's rule, `windows1252Text`). */
export { windows1252Text as datevWindows1252 } from '../../platform/windows-1252';

/** The column names of the booking lines (the leading 14 columns of the Buchungsstapel). */
export const DATEV_COLUMNS = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
] as const;

/** One booking line, semicolon separated. */
export function datevRow(booking: DatevBooking): string {
  return [
    datevAmount(booking.cents),
    `"${booking.sollHaben}"`,
    '"EUR"',
    '',
    '',
    '',
    booking.konto,
    booking.gegenkonto,
    `"${datevTaxKey(booking.buSchluessel ?? '')}"`,
    datevDay(booking.datum),
    datevText(datevDocumentNumber(booking.beleg), 12),
    '""',
    '',
    datevText(booking.text, 60),
  ].join(';');
}

export interface DatevHeader {
  /** Creation time, local (YYYYMMDDHHMMSSFFF is written). */
  created: Date;
  settings: DatevSettings;
  /** Business year start, and the period of the bookings (YYYY-MM-DD). */
  from: string;
  to: string;
  bezeichnung: string;
}

const compact = (iso: string) => iso.replace(/-/g, '');

/** Header line (line 1) of an EXTF Buchungsstapel (31 fields). */
export function datevHeader(header: DatevHeader): string {
  const c = header.created;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const created = `${c.getFullYear()}${pad(c.getMonth() + 1)}${pad(c.getDate())}${pad(c.getHours())}${pad(c.getMinutes())}${pad(c.getSeconds())}${pad(c.getMilliseconds(), 3)}`;
  const s = header.settings;
  return [
    '"EXTF"',
    '700',
    '21',
    '"Buchungsstapel"',
    '13',
    created,
    '',
    '"RE"',
    '""',
    '""',
    s.beraternummer,
    s.mandantennummer,
    compact(`${header.from.slice(0, 4)}-01-01`),
    String(s.sachkontenlaenge),
    compact(header.from),
    compact(header.to),
    datevText(header.bezeichnung, 30),
    '""',
    '1',
    '0',
    '0',
    '"EUR"',
    '',
    '""',
    '',
    '',
    `"${s.kontenrahmen.slice(3)}"`,
    '',
    '',
    '""',
    '""',
  ].join(';');
}

/** The whole file: header, column names, one line per booking, CRLF line ends. */
export function datevFile(header: DatevHeader, bookings: readonly DatevBooking[]): string {
  return [datevHeader(header), DATEV_COLUMNS.join(';'), ...bookings.map(datevRow)].join('\r\n') + '\r\n';
}
