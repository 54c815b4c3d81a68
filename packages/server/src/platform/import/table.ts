import {
  IMPORT_COLUMNS_MAX,
  IMPORT_ROWS_MAX,
  IMPORT_UNPACKED_BYTES,
  listImportMessages as m,
  type ImportError,
  utcIsoDay,
} from '@hortus/contract';
import type { UploadedFile } from '@hortus/contract';
import { invalid } from '../http/calls';
import { readSheetLines } from './sheet-reader';

/**
 * Reading lists for the import calls (children, employees, customers): a CSV (semicolon or comma, UTF-8 or
 * Windows-1252, as spreadsheet programs save it) or an XLSX workbook becomes rows of text cells; a column
 * mapping finds the fields by their German headers. Cells are only ever read as text: nothing is evaluated,
 * a cell like `=SUMME(A1)` stays that text (an apostrophe our own exports put in front is taken off). The
 * sheet is read in a worker thread as a stream, refused as soon as it passes the row, column or size limits
 * (sheet-worker.ts), so no sheet holds the server.
 */

/** A field a module imports: its key, its label (messages), the headers that name it (compared loosely). */
export interface ImportField<K extends string = string> {
  key: K;
  label: string;
  headers: readonly string[];
  required?: boolean;
}

/** One data row: its number in the sheet (header = 1), the cells by field key, the headers by field key. */
export interface ImportRowData<K extends string = string> {
  zeile: number;
  values: Record<K, string>;
  spalte: (key: K) => string;
}

export interface ImportTable<K extends string = string> {
  rows: ImportRowData<K>[];
}

/** The sent sheet: the uploaded file or the text field (exactly one of them). */
function sheetSource(input: { inhalt?: string | undefined; file?: UploadedFile | undefined }) {
  if (input.file && input.inhalt !== undefined && input.inhalt !== '') throw invalid('file', m.bothInputs);
  if (input.file) return { source: { path: input.file.path }, field: 'file' };
  if (input.inhalt !== undefined && input.inhalt.trim() !== '')
    return { source: { bytes: Buffer.from(input.inhalt, 'utf8') }, field: 'inhalt' };
  throw invalid('file', m.noInput);
}

const refusals = {
  unreadable: m.unreadable,
  brokenXlsx: m.brokenXlsx,
  tooManyRows: m.tooManyRows(IMPORT_ROWS_MAX),
  tooManyColumns: m.tooManyColumns(IMPORT_COLUMNS_MAX),
  tooLarge: m.tooLarge,
  tooSlow: m.tooSlow,
} as const;

/** A header compared loosely: lower case, umlauts spelled out, without spaces, dots, dashes and slashes. */
export function headerKey(header: string): string {
  return header
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Reads the sheet and maps its columns to `fields` by their headers (first row). A missing required column
 * refuses the whole file with a German message naming it; unknown columns are ignored.
 */
export async function readImportTable<K extends string>(
  input: { inhalt?: string | undefined; file?: UploadedFile | undefined },
  fields: readonly ImportField<K>[],
): Promise<ImportTable<K>> {
  const { source, field } = sheetSource(input);
  const read = await readSheetLines(source, {
    rows: IMPORT_ROWS_MAX + 1,
    columns: IMPORT_COLUMNS_MAX,
    unpackedBytes: IMPORT_UNPACKED_BYTES,
  });
  if ('refusal' in read) throw invalid(field, refusals[read.refusal]);
  const [header, ...data] = read.lines;
  if (!header) throw invalid(field, m.empty);
  const keys = header.cells.map(headerKey);
  const columnOf = new Map<K, number>();
  for (const entry of fields) {
    const wanted = [entry.label, ...entry.headers].map(headerKey);
    const index = keys.findIndex((key) => key !== '' && wanted.includes(key));
    if (index >= 0) columnOf.set(entry.key, index);
    else if (entry.required) throw invalid(field, m.missingColumn(entry.label));
  }
  if (data.length === 0) throw invalid(field, m.noRows);
  const spalte = (key: K) => {
    const index = columnOf.get(key);
    return index === undefined ? (fields.find((f) => f.key === key)?.label ?? key) : (header.cells[index] ?? key);
  };
  return {
    rows: data.map((line) => {
      const values = {} as Record<K, string>;
      for (const entry of fields) {
        const index = columnOf.get(entry.key);
        values[entry.key] = index === undefined ? '' : (line.cells[index] ?? '');
      }
      return { zeile: line.zeile, values, spalte };
    }),
  };
}

/** 'YYYY-MM-DD' of a German (31.12.2018, 31.12.18), ISO or Excel-serial date, null when it is none. */
export function parseImportDate(text: string): string | null {
  const value = text.trim();
  let year: number;
  let month: number;
  let day: number;
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(value);
  if (german) {
    day = Number(german[1]);
    month = Number(german[2]);
    year = Number(german[3]);
    if (year < 100) year += year > (new Date().getFullYear() % 100) + 1 ? 1900 : 2000;
  } else if (iso) {
    year = Number(iso[1]);
    month = Number(iso[2]);
    day = Number(iso[3]);
  } else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return utcIsoDay(date);
}

/** 'HH:MM' of '8:00', '08:00' or '8.00 Uhr', null when it is none. */
export function parseImportTime(text: string): string | null {
  const match = /^(\d{1,2})[:.](\d{2})(?:\s*Uhr)?$/i.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** Collects the German errors of rows; a row with any error is left out of the import. */
export class ImportErrors {
  readonly list: ImportError[] = [];
  private readonly failed = new Set<number>();
  add(zeile: number, spalte: string, meldung: string): void {
    this.list.push({ zeile, spalte, meldung });
    this.failed.add(zeile);
  }
  has(zeile: number): boolean {
    return this.failed.has(zeile);
  }
}

/**
 * Adds a module schema's refusals of a row (its German messages) to `errors`, each on the column its path
 * came from (`columnOf` maps a schema path to a field key; unknown paths land on the row as a whole).
 */
export function addIssues<K extends string>(
  errors: ImportErrors,
  row: ImportRowData<K>,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  columnOf: (path: readonly PropertyKey[]) => K | undefined,
): void {
  for (const issue of issues) {
    const key = columnOf(issue.path);
    errors.add(row.zeile, key ? row.spalte(key) : '', issue.message);
  }
}

/** A German decimal ('25,5', '1.234,50', '25.5') as a number; '' as `empty`; NaN when it is none. */
export function parseImportNumber(text: string, empty = 0): number {
  const value = text.trim().replace(/\s|€/g, '');
  if (value === '') return empty;
  const normal = value.includes(',') ? value.replace(/\./g, '').replace(',', '.') : value;
  return /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) : Number.NaN;
}
