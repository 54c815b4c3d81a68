/**
 * What the payroll office's exports (DATEV LODAS `lodas.ts`, DATEV Lohn und Gehalt `lohn-gehalt.ts`) share:
 * the month asked for, the gaps they refuse with (each named), the personnel number rule and how hours are
 * written. The server reads the month once for both (`modules/payroll/payroll-export.ts`).
 */
import { windows1252Text } from '../../platform/windows-1252';
import { formatDecimal } from './logic';

export const payrollExportMonthMessage = 'Bitte einen Monat im Format MM.JJJJ angeben.';

/** Personalnummer in the exports: 1–99999 (LODAS' range, kept for Lohn und Gehalt). */
export const PAYROLL_PERSONNEL_NUMBER = /^\d{1,5}$/;

/**
 * The refusals and notes both exports give; `forExport` opens the messages that name the export
 * ('Für den LODAS-Export').
 */
export function payrollExportMessages(forExport: string) {
  return {
    noPayrolls: (month: string) => `Für ${month} gibt es keine gespeicherte Abrechnung.`,
    personnelNumbers: (names: readonly string[]) =>
      `${forExport} fehlt eine Personalnummer von 1 bis 99999 bei: ${names.join('; ')}. Bitte beim Mitarbeiter eintragen.`,
    personnelNumberTwice: (number: string, names: readonly string[]) =>
      `Die Personalnummer ${number} haben mehrere Mitarbeiter: ${names.join('; ')}.`,
    wageTypes: (groups: readonly string[]) =>
      `${forExport} fehlt die DATEV-Lohnart der Lohngruppen ${groups.map((g) => `„${g}“`).join(', ')}. Bitte in den Einstellungen eintragen.`,
    withoutGroup: (names: readonly string[]) =>
      `Stunden ohne Lohngruppe bei: ${names.join('; ')}. Bitte in der Abrechnung eine Lohngruppe wählen.`,
    amountsLeftOut: (name: string, amounts: readonly string[]) =>
      `${name}: ${amounts.join(', ')} – Beträge stehen nicht in der Datei (sie enthält nur Stunden).`,
    /** A text the file would hold that Windows-1252 cannot write (the file is refused, never a '?'). */
    notWindows1252Text: (chars: readonly string[]) =>
      `${forExport} enthält die Datei Zeichen, die Windows-1252 nicht schreiben kann: ${chars.map((char) => `„${char}“`).join(', ')}.`,
  };
}
export type PayrollExportMessages = ReturnType<typeof payrollExportMessages>;

/** Hours with a decimal comma and no thousands separator ('1234,50'). */
export function payrollExportHours(hundredths: number): string {
  return formatDecimal(hundredths / 100).replace(/\./g, '');
}

/**
 * The characters of a text Windows-1252 does not hold (each once): those would be a '?' in the file. Letters
 * it only lacks are not written plain here — a file's text must already be as it is to be written.
 */
export function notInWindows1252(text: string): string[] {
  return [...new Set(text)].filter((char) => {
    const written = windows1252Text(char);
    return written.text !== char || written.unwritable.length > 0;
  });
}
