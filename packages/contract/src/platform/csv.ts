/**
 * The formula guard of every CSV/DATEV/spreadsheet export (OWASP "CSV injection"): a cell that starts with
 * `=`, `+`, `-`, `@`, tab or CR would be run as a formula by spreadsheet programs, so it gets a leading
 * apostrophe — unless the column expects a number and the cell is a plain number ('-12,5', '51.0504').
 * Apostrophes already in front of a formula start are guarded too, so `unguardCell` always removes exactly
 * the one the export added (imports of our own files).
 */
const GUARDED = /^'*[=+\-@\t\r]/;
/** A plain number: optional sign, digits, one decimal point or comma (no thousands separators, no exponent). */
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

export interface CellOptions {
  /** The column holds numbers: a plain number stays as it is. */
  number?: boolean;
}

export function guardCell(value: string, options: CellOptions = {}): string {
  if (options.number && PLAIN_NUMBER.test(value)) return value;
  return GUARDED.test(value) ? `'${value}` : value;
}

/** Undoes `guardCell` on an imported cell. */
export function unguardCell(value: string): string {
  return /^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/** Whether a cell as written could start a formula (what the property tests check every export with). */
export function looksLikeFormula(cell: string): boolean {
  return /^[=+\-@\t\r]/.test(cell) && !PLAIN_NUMBER.test(cell);
}

/** A quoted CSV cell (RFC 4180: quotes doubled), guarded against formulas. */
export function csvCell(value: string, options: CellOptions = {}): string {
  return `"${guardCell(value, options).replace(/"/g, '""')}"`;
}
