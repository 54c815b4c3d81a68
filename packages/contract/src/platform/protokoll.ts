import { z } from 'zod';
import { csvText } from './csv';
import { optionalIsoDayField } from './fields';
import { jsonField, newOrRecordId } from './wire';

/**
 * The Protokoll (audit trail): who changed which record when, written by the database in the same
 * transaction as the change (server: platform/audit). Entries are read, filtered and exported, never
 * changed through the app.
 */

/** Entries a page holds at most (the CSV export pages through larger results). */
export const PROTOKOLL_PAGE_MAX = 1000;
export const PROTOKOLL_PAGE_DEFAULT = 50;
/** Default retention of the Protokoll in months. */
export const PROTOKOLL_MONTHS_DEFAULT = 24;

export const protokollMessages = {
  title: 'Protokoll',
  empty: 'Keine Einträge gefunden',
  loadFailed: 'Das Protokoll konnte nicht geladen werden. Bitte die Netzwerkverbindung prüfen.',
  system: 'System',
  /** A failed login's user column. */
  nobody: '–',
  unknownUser: (id: number) => `Gelöschter Benutzer #${id}`,
  loginSucceeded: 'Anmeldung',
  loginFailed: 'Anmeldung fehlgeschlagen',
  loginLocked: 'Anmeldung gesperrt',
  /** The failure that locked an account (its name's failures from all addresses reached the bound). */
  accountLocked: 'Konto gesperrt (zu viele Fehlversuche)',
  loginModule: 'Anmeldung',
  export: 'CSV exportieren',
  childHistory: 'Verlauf',
  /** The one entry an erased record keeps, without details (its history is removed with its data). */
  erased: 'gelöscht',
  /** A Datenauskunft was made (the entry of the person it is about). */
  disclosed: 'Datenauskunft erstellt',
  /** How the maker of a Datenauskunft was entitled to it. */
  disclosedByAdministrator: 'Administrator (alle Rechte)',
  disclosedSeen: 'sieht alle Daten der Person',
  /** In place of the details of an entry about a record the reader may not see (its module's rule). */
  withheld: 'Details ausgeblendet (keine Berechtigung für diesen Datensatz)',
  /** A list of personal data was exported (children list). */
  exported: 'Liste exportiert',
} as const;

/** The Protokoll's module code for logins (the other entries carry the code of the module whose data changed). */
export const PROTOKOLL_LOGIN_MODULE = 'login';

/** The filters of getProtokoll; all optional. `objekt`: a record type ('Kind') or a record ('Kind 12'). */
export const protokollFilter = {
  von: optionalIsoDayField().default(''),
  bis: optionalIsoDayField().default(''),
  /** A user id (0 or empty: everybody). */
  nutzer: newOrRecordId(),
  /** A module code ('200', 'login'; empty: all). */
  modul: z.string().max(20).default(''),
  objekt: z.string().max(100).default(''),
  /** Text anywhere in the entry's details. */
  suche: z.string().max(200).default(''),
  /** 0-based page. */
  seite: jsonField(z.number().int().min(0).max(1_000_000)).optional(),
  proSeite: jsonField(z.number().int().min(1).max(PROTOKOLL_PAGE_MAX)).optional(),
};

export const protokollEntry = z.object({
  /** ISO timestamp (UTC). */
  zeit: z.string(),
  /** The acting user's display name ('System' for jobs and start-up). */
  nutzer: z.string(),
  /** The module's title ('Kinder', 'Anmeldung'). */
  modul: z.string(),
  aktion: z.string(),
  /** Record type and id, e.g. 'Kind 12'. */
  objekt: z.string(),
  /** The record's current name ('Emma Schulz'), '' when it is gone or the reader may not see it. */
  bezeichnung: z.string(),
  /** The changed parts, one line each ('\n'), their fields old → new in German. */
  details: z.string(),
});
export type ProtokollEntry = z.infer<typeof protokollEntry>;

export const getProtokollReply = z.object({
  status: z.literal('success'),
  eintraege: z.array(protokollEntry),
  /** Entries matching the filters (all pages). */
  anzahl: z.number().int(),
});
export type GetProtokollReply = z.infer<typeof getProtokollReply>;

/** Local time of an entry as 'TT.MM.JJJJ HH:MM:SS' (Europe/Berlin). */
export function protokollTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** The CSV export of entries (semicolon-separated, every cell formula-guarded, with header line). */
export function protokollCsv(entries: readonly ProtokollEntry[]): string {
  return csvText([
    ['Zeit', 'Benutzer', 'Modul', 'Aktion', 'Datensatz', 'Details'],
    ...entries.map((entry) => [
      protokollTime(entry.zeit),
      entry.nutzer,
      entry.modul,
      entry.aktion,
      entry.bezeichnung === '' ? entry.objekt : `${entry.objekt} (${entry.bezeichnung})`,
      entry.details,
    ]),
  ]);
}

/** Default months attendance history is kept, and after which a child who left keeps no name on it. */
export const ATTENDANCE_MONTHS_DEFAULT = 12;
/** Default years closed payrolls are kept (tax law). */
export const PAYROLL_YEARS_DEFAULT = 10;

/**
 * Legal retention periods of business records in years (Germany), counted from the end of the calendar year
 * the record belongs to: a wage account (Lohnkonto) 6 years (§ 41 Abs. 1 Satz 9 EStG); accounting vouchers
 * (Buchungsbelege) 8 years (§ 147 Abs. 1 Nr. 4, Abs. 3 AO; § 257 Abs. 1 Nr. 4, Abs. 4 HGB, since 2025);
 * books, records, inventories and annual accounts 10 years (§ 147 Abs. 1 Nr. 1, Abs. 3 AO; § 257 Abs. 1 Nr. 1,
 * Abs. 4 HGB). A Datenschutz setting that deletes such records can never go below its category's period.
 */
export const LEGAL_RETENTION_YEARS = { lohnkonto: 6, buchungsbeleg: 8, buecher: 10 } as const;
/**
 * The categories of the Datenschutz settings that law keeps: a closed payroll (module 420) is the voucher of
 * the wage booking and carries the wage account's entries, so the longer of both applies (8 years). The
 * Protokoll, attendance and leavers' names are no business records (no legal minimum beyond one month).
 */
export const PAYROLL_YEARS_MIN = Math.max(LEGAL_RETENTION_YEARS.lohnkonto, LEGAL_RETENTION_YEARS.buchungsbeleg);

/**
 * Retention settings (module settings 'datenschutz'): months the Protokoll keeps its entries, months the
 * attendance history is kept, months after which the attendance rows of children who left lose their
 * names, years closed payrolls are kept (counted from the end of the payroll's calendar year).
 */
export const DATENSCHUTZ_SETTINGS_CODE = 'datenschutz';
export const datenschutzSettings = z.object({
  protokollMonate: z.number().int().min(1).max(240).default(PROTOKOLL_MONTHS_DEFAULT),
  anwesenheitMonate: z.number().int().min(1).max(240).default(ATTENDANCE_MONTHS_DEFAULT),
  ausgetreteneMonate: z.number().int().min(1).max(240).default(ATTENDANCE_MONTHS_DEFAULT),
  // A shorter period saved before the legal minimum was enforced reads as the minimum: the job never goes below it.
  lohnJahre: z
    .number()
    .int()
    .min(1)
    .max(30)
    .transform((years) => Math.max(years, PAYROLL_YEARS_MIN))
    .default(PAYROLL_YEARS_DEFAULT),
});
export type DatenschutzSettings = z.infer<typeof datenschutzSettings>;

export const datenschutzMessages = {
  protokollMonate: 'Bitte eine ganze Zahl von 1 bis 240 Monaten angeben.',
  anwesenheitMonate: 'Bitte eine ganze Zahl von 1 bis 240 Monaten angeben.',
  ausgetreteneMonate: 'Bitte eine ganze Zahl von 1 bis 240 Monaten angeben.',
  lohnJahre: `Bitte eine ganze Zahl von ${PAYROLL_YEARS_MIN} bis 30 Jahren angeben.`,
  /** Below the legal retention of payroll records (PAYROLL_YEARS_MIN). */
  lohnJahreGesetz:
    `Lohnabrechnungen sind Buchungsbelege und müssen mindestens ${PAYROLL_YEARS_MIN} Jahre aufbewahrt werden ` +
    '(§ 147 AO, § 257 HGB, § 41 EStG).',
} as const;

const wholeNumber = (message: string, max: number) => z.number(message).int(message).min(1, message).max(max, message);

/** saveDatenschutz: every retention, whole months (years for payrolls), each with its German message. */
export const datenschutzInput = z.object({
  protokollMonate: wholeNumber(datenschutzMessages.protokollMonate, 240),
  anwesenheitMonate: wholeNumber(datenschutzMessages.anwesenheitMonate, 240),
  ausgetreteneMonate: wholeNumber(datenschutzMessages.ausgetreteneMonate, 240),
  lohnJahre: z
    .number(datenschutzMessages.lohnJahre)
    .int(datenschutzMessages.lohnJahre)
    .min(PAYROLL_YEARS_MIN, datenschutzMessages.lohnJahreGesetz)
    .max(30, datenschutzMessages.lohnJahre),
});
export type DatenschutzInput = z.input<typeof datenschutzInput>;

/** Module settings code under which a retention job records its last run. */
export const datenschutzRunCode = (job: string) => `datenschutz-lauf:${job}`;
/** A retention job's last run: when (ISO, UTC) and what it did, in German. */
export const datenschutzRun = z.object({ zeit: z.string(), ergebnis: z.string() });
export type DatenschutzRun = z.infer<typeof datenschutzRun>;
export const datenschutzReply = z.object({
  status: z.literal('success'),
  settings: datenschutzSettings,
  /** One per registered retention job (the platform's and the modules'); `lauf` null while the job never ran. */
  laeufe: z.array(z.object({ name: z.string(), label: z.string(), lauf: datenschutzRun.nullable() })),
});
export type DatenschutzReply = z.infer<typeof datenschutzReply>;
