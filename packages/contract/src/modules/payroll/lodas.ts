/**
 * The month's hours per wage type for the payroll office: a DATEV LODAS ASCII import file (Bewegungsdaten,
 * record u_lod_bwd_buchung_standard). Pure formatting and checks here; the server collects the payrolls
 * and writes the text as Windows-1252 bytes.
 *
 * The file (DATEV 'LODAS ASCII-Import'): an INI-like text with `[Allgemein]` (Ziel=LODAS, Version_SST=1.0,
 * BeraterNr, MandantenNr and the separators, all written out although ';', ',' and '*' are the defaults),
 * `[Satzbeschreibung]` (record 10: which fields a line of the record carries, each `<name>#bwd`) and
 * `[Bewegungsdaten]` (one line per employee and Lohnart: period, Bearbeitungsschlüssel 1 = Stunden, hours
 * with a decimal comma, the Lohnart, the personnel number). Lines starting with '*' are comments LODAS
 * ignores: each employee's block is headed by their name, so the payroll office can read the file.
 * CRLF line ends. DATEV Lohn und Gehalt has a layout of its own: `lohn-gehalt.ts`.
 */
import { windows1252Text } from '../../platform/windows-1252';
import {
  PAYROLL_PERSONNEL_NUMBER,
  payrollExportHours,
  payrollExportMessages,
  payrollExportMonthMessage,
} from './payroll-export';

/** Personalnummer in LODAS: 1–99999. */
export const LODAS_PERSONNEL_NUMBER = PAYROLL_PERSONNEL_NUMBER;
/** Record number of the hours record in `[Satzbeschreibung]` and `[Bewegungsdaten]`. */
export const LODAS_RECORD = '10';
/** Bearbeitungsschlüssel 1: the value is a number of hours (LODAS multiplies it by the Lohnart's rate). */
export const LODAS_HOURS_KEY = '1';
export const LODAS_RECORD_DESCRIPTION = `${LODAS_RECORD};u_lod_bwd_buchung_standard;abrechnung_zeitraum#bwd;bs_nr#bwd;bs_wert_butab#bwd;la_eigene#bwd;pnr#bwd;`;

export const lodasMessages = {
  title: 'Export für das Lohnbüro (DATEV LODAS)',
  month: payrollExportMonthMessage,
  adviser: 'Bitte eine Beraternummer von 1001 bis 9999999 angeben.',
  client: 'Bitte eine Mandantennummer von 1 bis 99999 angeben.',
  wageType: 'Bitte eine DATEV-Lohnart von 1 bis 9999 angeben.',
  ...payrollExportMessages('Für den LODAS-Export'),
  numbersRequired: (missing: readonly string[]) =>
    `Für den LODAS-Export bitte in den Einstellungen ${missing.join(' und ')} angeben.`,
  notWindows1252: (name: string, chars: readonly string[]) =>
    `Der Name „${name}“ enthält Zeichen, die im LODAS-Format (Windows-1252) nicht geschrieben werden können: ${chars.map((char) => `„${char}“`).join(', ')}. Bitte den Namen beim Mitarbeiter ändern.`,
  transliterated: (name: string, written: string) =>
    `Der Name „${name}“ steht als „${written}“ in der Datei (Windows-1252 kennt nicht alle Zeichen).`,
} as const;

/** One employee's hours of the month, per Lohnart (hundredths of an hour). */
export interface LodasEmployee {
  /** The LODAS personnel number (digits, as stored). */
  personalnummer: string;
  /** 'Nachname, Vorname', written as a comment line. */
  name: string;
  stunden: readonly { lohnart: string; hundredths: number }[];
}

export interface LodasFile {
  beraternummer: string;
  mandantennummer: string;
  /** 'YYYY-MM'. */
  monat: string;
  mitarbeiter: readonly LodasEmployee[];
}

/** Hours with a decimal comma and no thousands separator ('1234,50'). */
export const lodasHours = payrollExportHours;

/** A comment line ('* …'): no line breaks inside. */
const comment = (text: string) => `* ${text.replace(/[\r\n]+/g, ' ')}`;

/**
 * The whole file, lines joined by CRLF. Per employee the hours of each Lohnart are summed (two wage groups
 * may share a Lohnart); Lohnarten without hours are left out. The text still holds every character as
 * given: the caller writes names plain first (`lodasNames`).
 */
export function lodasFile(file: LodasFile): string {
  const [year, month] = file.monat.split('-') as [string, string];
  const period = `01/${month}/${year}`;
  const lines = [
    '[Allgemein]',
    'Ziel=LODAS',
    'Version_SST=1.0',
    `BeraterNr=${file.beraternummer}`,
    `MandantenNr=${file.mandantennummer}`,
    'Feldtrennzeichen=;',
    'Zahlenkomma=,',
    'Datumsformat=TT/MM/JJJJ',
    'Kommentarzeichen=*',
    '',
    comment(`Hortus: Stunden je Lohnart ${month}/${year}`),
    '',
    '[Satzbeschreibung]',
    LODAS_RECORD_DESCRIPTION,
    '',
    '[Bewegungsdaten]',
  ];
  for (const employee of file.mitarbeiter) {
    const perWageType = new Map<string, number>();
    for (const line of employee.stunden) {
      perWageType.set(line.lohnart, (perWageType.get(line.lohnart) ?? 0) + line.hundredths);
    }
    const records = [...perWageType.entries()]
      .filter(([, hundredths]) => hundredths !== 0)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([lohnart, hundredths]) =>
        [
          LODAS_RECORD,
          period,
          LODAS_HOURS_KEY,
          lodasHours(hundredths),
          lohnart,
          String(Number(employee.personalnummer)),
          '',
        ].join(';'),
      );
    if (records.length === 0) continue;
    lines.push(comment(`${String(Number(employee.personalnummer))} ${employee.name}`), ...records);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The employees' names as Windows-1252 holds them: letters it lacks are written plain and said in the
 * report; a character without a plain form is named in `unwritable` (the export refuses, never a '?').
 */
export function lodasNames(names: readonly string[]): {
  written: Map<string, string>;
  hinweise: string[];
  unwritable: string[];
} {
  const written = new Map<string, string>();
  const hinweise: string[] = [];
  const unwritable: string[] = [];
  for (const name of new Set(names)) {
    const result = windows1252Text(name);
    written.set(name, result.text);
    if (result.unwritable.length > 0) unwritable.push(lodasMessages.notWindows1252(name, result.unwritable));
    else if (result.text !== name) hinweise.push(lodasMessages.transliterated(name, result.text));
  }
  return { written, hinweise, unwritable };
}
