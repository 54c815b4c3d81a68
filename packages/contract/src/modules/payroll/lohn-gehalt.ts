/**
 * The month's hours per wage type for a payroll office that works with DATEV Lohn und Gehalt: movement data
 * (Bewegungsdaten) as an ASCII file of a layout the producer describes ('ASCII-Import mit speziellem
 * Satzaufbau'), plus that description ('Datensatzbeschreibung', an INI file the office reads into Lohn und
 * Gehalt once). Pure formatting here; the server collects the payrolls (shared with LODAS) and writes both
 * files as Windows-1252 bytes into one ZIP.
 *
 * The layout is the one time-recording producers document for this import (sources: module README): one
 * record per line, fields separated by ';', CRLF, decimal comma, dates with '/':
 * Personalnummer; Kalendertag (empty for a monthly value); Ausfallschlüssel; Lohnartennummer; Stundenanzahl;
 * Tagesanzahl; Wert; Abweichender Faktor; Abweichende Lohnveränderung; Kostenstellennummer; Kostenträger.
 * Hortus fills Personalnummer, Kalendertag (TT/MM/JJJJ), Lohnartennummer and Stundenanzahl; the rest stays
 * empty (no Ausfallschlüssel: leave, sick days and holidays are paid hours of the day's wage group, as on the
 * statement and in the LODAS file). No names: the layout has no field and no comment sign for them.
 */
import { dayMinutes, minutesToHundredths, paidHours, paidStatuses, type PayrollForSums } from './logic';
import { payrollExportHours, payrollExportMessages, payrollExportMonthMessage } from './payroll-export';

export const lohnGehaltMessages = {
  title: 'Export für das Lohnbüro (DATEV Lohn und Gehalt)',
  month: payrollExportMonthMessage,
  ...payrollExportMessages('Für den Export nach DATEV Lohn und Gehalt'),
} as const;

/** The fields of a record, in order (the description's `[Feldinhalt]`). */
export const LOHN_GEHALT_FIELDS = [
  'Personalnummer',
  'Kalendertag',
  'Ausfallschlüssel',
  'Lohnartennummer',
  'Stundenanzahl',
  'Tagesanzahl',
  'Wert',
  'Abweichender Faktor',
  'Abweichende Lohnveränderung',
  'Kostenstellennummer',
  'Kostenträger',
] as const;

/** The names of the ZIP and of its two files for a month 'YYYY-MM'. */
export function lohnGehaltFileNames(monat: string) {
  return {
    zip: `Lohn_und_Gehalt_Stunden_${monat}.zip`,
    data: `Lohn_und_Gehalt_Stunden_${monat}.txt`,
    description: 'Hortus_Datensatzbeschreibung.ini',
  };
}

const crlf = (lines: readonly string[]) => `${lines.join('\r\n')}\r\n`;

/**
 * The record description (INI): which separators and which field in which place. The same for every month,
 * so the payroll office reads it into Lohn und Gehalt once. Lines starting with ';' are comments.
 */
export function lohnGehaltDescription(): string {
  return crlf([
    '; Datensatzbeschreibung für den ASCII-Import von Bewegungsdaten in DATEV Lohn und Gehalt',
    '; Stunden je Mitarbeiter und Lohnart aus Hortus (Modul Lohnabrechnung)',
    '; Kalendertag als TT/MM/JJJJ, leer bei Monatswerten; Stunden mit Dezimalkomma, ohne Tausenderpunkt',
    '[Allgemein]',
    `Feldanzahl = ${LOHN_GEHALT_FIELDS.length}`,
    'Feldtrennzeichen = Strichpunkt',
    'Satztrennzeichen = Enter/Return',
    'Anderes Trennzeichen =',
    'Zahlenkomma = ,',
    'Datumstrennzeichen = /',
    '[Feldinhalt]',
    ...LOHN_GEHALT_FIELDS.map((field, index) => `Feld${index + 1} = ${field}`),
  ]);
}

/** Hours a payroll pays on one day (`datum` ISO) or for the month (`datum` null), per wage group. */
export interface PaidHoursOfDay {
  idLohngruppe: number;
  datum: string | null;
  /** Hours in hundredths. */
  hundredths: number;
}

/**
 * `paidHours` spread over the days where the payroll has them: an hourly wage's hours per day of statuses
 * 1–4 of each wage group; contract hours and paid-out overtime are monthly values. A day's hours are what
 * the running total of minutes adds after rounding, so the days of a group sum to exactly the statement's
 * hours (three days of 20 minutes: 0,33 + 0,34 + 0,33 = 1,00). Days without hours are left out.
 */
export function paidHoursPerDay(
  payroll: Pick<
    PayrollForSums,
    'festgehalt' | 'vertrag_lohngruppe' | 'vertrag_stunden' | 'ueberstundenAusgezahlt' | 'tage'
  >,
): PaidHoursOfDay[] {
  const result: PaidHoursOfDay[] = [];
  for (const paid of paidHours(payroll)) {
    if (paid.art !== 'stunden') {
      // A contract of 0 hours pays nothing: no record of 0,00 hours.
      if (paid.hundredths !== 0)
        result.push({ idLohngruppe: paid.idLohngruppe, datum: null, hundredths: paid.hundredths });
      continue;
    }
    let minutes = 0;
    let written = 0;
    for (const day of payroll.tage) {
      if (day.idLohngruppe !== paid.idLohngruppe || !paidStatuses.includes(day.status)) continue;
      minutes += dayMinutes(day);
      const upToDay = minutesToHundredths(minutes);
      if (upToDay !== written)
        result.push({ idLohngruppe: paid.idLohngruppe, datum: day.datum, hundredths: upToDay - written });
      written = upToDay;
    }
  }
  return result;
}

/** One employee's hours of the month per Lohnart, per day or monthly (`datum` null). */
export interface LohnGehaltEmployee {
  /** The personnel number (digits, as stored). */
  personalnummer: string;
  stunden: readonly { lohnart: string; datum: string | null; hundredths: number }[];
}

/** 'YYYY-MM-DD' as TT/MM/JJJJ. */
const calendarDay = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The movement data, one record per employee, day (monthly values first) and Lohnart (ascending); hours
 * of the same day and Lohnart are summed (two wage groups may share a Lohnart). CRLF line ends.
 */
export function lohnGehaltFile(employees: readonly LohnGehaltEmployee[]): string {
  const lines: string[] = [];
  for (const employee of employees) {
    const sums = new Map<string, { lohnart: string; datum: string | null; hundredths: number }>();
    for (const line of employee.stunden) {
      const key = `${line.datum ?? ''}|${line.lohnart}`;
      const sum = sums.get(key);
      if (sum) sum.hundredths += line.hundredths;
      else sums.set(key, { ...line });
    }
    const personalnummer = String(Number(employee.personalnummer));
    const records = [...sums.values()]
      .filter((line) => line.hundredths !== 0)
      .sort((a, b) => (a.datum ?? '').localeCompare(b.datum ?? '') || Number(a.lohnart) - Number(b.lohnart))
      .map((line) => {
        const fields: string[] = LOHN_GEHALT_FIELDS.map(() => '');
        fields[0] = personalnummer;
        fields[1] = line.datum === null ? '' : calendarDay(line.datum);
        fields[3] = String(Number(line.lohnart));
        fields[4] = payrollExportHours(line.hundredths);
        return fields.join(';');
      });
    lines.push(...records);
  }
  return lines.length === 0 ? '' : crlf(lines);
}
