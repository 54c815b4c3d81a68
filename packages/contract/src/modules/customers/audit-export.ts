import Big from 'big.js';
import { z } from 'zod';
import { defineCallSpec } from '../../platform/call-spec';
import { fieldMessages, optionalIsoDayField } from '../../platform/fields';
import { formatGermanDate, isIsoDate } from '../../platform/validation';
import { jsonField } from '../../platform/wire';

/**
 * What a tax audit takes of module 410 (issue 45, GoBD; opt-in calls, not in the specification): the data
 * export for the Datenträgerüberlassung (Z3: index.xml of the Beschreibungsstandard with CSV tables) and the
 * Verfahrensdokumentation as PDF. Both for staff with the module's right, as the EÜR and DATEV exports.
 */

/** The longest period one export covers: the books' retention (10 years). */
export const GOBD_MAX_YEARS = 10;

export const gobdMessages = {
  year: 'Bitte ein Jahr zwischen 1900 und 2999 angeben.',
  periodTooLong: `Der Zeitraum darf höchstens ${GOBD_MAX_YEARS} Jahre umfassen.`,
  exportFailed: 'Der Datenexport konnte nicht erstellt werden. Bitte erneut versuchen.',
  documentationFailed: 'Die Verfahrensdokumentation konnte nicht erstellt werden. Bitte erneut versuchen.',
} as const;

/**
 * The period of a GoBD export: a business year (`jahr` 'YYYY', the calendar year as the EÜR's) or, with
 * `jahr` empty, the days `von`–`bis` (both included, at most 10 years).
 */
export const gobdPeriodInput = z
  .object({
    jahr: z.union([z.string(), z.number()], { error: gobdMessages.year }).transform(String).default(''),
    von: optionalIsoDayField().default(''),
    bis: optionalIsoDayField().default(''),
  })
  .superRefine((input, ctx) => {
    if (input.jahr !== '') {
      if (!/^\d{4}$/.test(input.jahr) || Number(input.jahr) < 1900)
        ctx.addIssue({ code: 'custom', path: ['jahr'], message: gobdMessages.year });
      return;
    }
    if (input.von === '') ctx.addIssue({ code: 'custom', path: ['von'], message: fieldMessages.required });
    if (input.bis === '') ctx.addIssue({ code: 'custom', path: ['bis'], message: fieldMessages.required });
    if (!isIsoDate(input.von) || !isIsoDate(input.bis)) return;
    if (input.von > input.bis) ctx.addIssue({ code: 'custom', path: ['bis'], message: fieldMessages.dayRange });
    else if (input.bis >= addYears(input.von, GOBD_MAX_YEARS))
      ctx.addIssue({ code: 'custom', path: ['bis'], message: gobdMessages.periodTooLong });
  });
export type GobdPeriodInput = z.input<typeof gobdPeriodInput>;

/** The same day `years` later, compared as text: 29 February of a year without one sorts as 1 March. */
function addYears(iso: string, years: number): string {
  return `${Number(iso.slice(0, 4)) + years}${iso.slice(4)}`;
}

/** A checked period: first and last day (both included), the label and the file name of its export. */
export interface GobdPeriod {
  von: string;
  bis: string;
  /** 'Geschäftsjahr 2025' or '01.03.2025 bis 31.05.2025'. */
  label: string;
  /** What the file names carry: '2025' or '2025-03-01 bis 2025-05-31'. */
  key: string;
}

export function gobdPeriod(input: z.output<typeof gobdPeriodInput>): GobdPeriod {
  if (input.jahr !== '')
    return {
      von: `${input.jahr}-01-01`,
      bis: `${input.jahr}-12-31`,
      label: `Geschäftsjahr ${input.jahr}`,
      key: input.jahr,
    };
  return {
    von: input.von,
    bis: input.bis,
    label: `${formatGermanDate(input.von)} bis ${formatGermanDate(input.bis)}`,
    key: `${input.von} bis ${input.bis}`,
  };
}

/**
 * A number as the export's tables write it (DecimalSymbol ',', no digit grouping): cents as '-1234,50',
 * an exact decimal ('2.5', a quantity or rate) with `places` places ('2,500').
 */
export function gdpduNumber(value: number | string, places = 2): string {
  const exact = typeof value === 'number' ? new Big(value).div(100) : new Big(value);
  return exact.toFixed(places, Big.roundHalfUp).replace('.', ',');
}

/** Reads a number of the export's tables back into cents (tests, and anyone checking a sum). */
export function centsOfGdpdu(text: string): number {
  return Number(new Big(text.replace(',', '.')).times(100).round(0, Big.roundHalfUp).toFixed(0));
}

/** The reply of both calls: the file kept for download.php and the name it saves as. */
const fileReply = z.object({ status: z.literal('success'), file: z.string(), name: z.string() });

export const auditCalls = {
  /**
   * GoBD data export (Z3 Datenträgerüberlassung): a ZIP with index.xml (Beschreibungsstandard, DTD
   * gdpdu-01-09-2004.dtd beside it), the CSV tables of the period and the invoices as issued (PDF, XML).
   */
  gobdExport: defineCallSpec({
    path: '/_api/400/410/',
    queryKey: 'gobdExport',
    request: { zeitraum: jsonField(gobdPeriodInput) },
    reply: fileReply,
    timeoutMs: 120_000,
  }),
  /** The Verfahrensdokumentation (GoBD process description) as a German PDF made from the current settings. */
  verfahrensdokumentation: defineCallSpec({
    path: '/_api/400/410/',
    queryKey: 'verfahrensdokumentation',
    request: {},
    reply: fileReply,
    timeoutMs: 60_000,
  }),
};
