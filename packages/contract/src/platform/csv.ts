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

/**
 * The one CSV writer of the app: rows as German Excel opens them — every cell quoted and formula-guarded
 * (`csvCell`), semicolons, CRLF after every row, with `bom` a UTF-8 byte order mark in front (without one
 * Excel reads UTF-8 as Windows-1252). `number` marks the columns that hold numbers (see `guardCell`).
 */
export function csvText(
  rows: readonly (readonly string[])[],
  options: { bom?: boolean; number?: (column: number) => boolean } = {},
): string {
  const lines = rows.map((row) =>
    row.map((cell, column) => csvCell(cell, { number: options.number?.(column) ?? false })).join(';'),
  );
  return `${options.bom ? '\uFEFF' : ''}${lines.map((line) => `${line}\r\n`).join('')}`;
}

/** Separator of a CSV by its first line: the one of ';', ',' and tab found most often outside quotes. */
export function csvSeparator(text: string): string {
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? ';';
}

export interface CsvRecords {
  /** Every record with the line it starts on (1-based); blank lines are empty records. */
  records: { line: number; cells: string[] }[];
  /** The text ended inside a quoted cell. */
  unclosedQuote: boolean;
}

/**
 * The records of CSV text one by one, as RFC 4180 says (quotes doubled, line breaks inside quotes): the one
 * CSV reader of the app. A reader that stops early (the import's row limit) never holds the rest. Returns
 * whether the text ended inside a quoted cell.
 */
export function* eachCsvRecord(
  text: string,
  separator = csvSeparator(text),
): Generator<{ line: number; cells: string[] }, boolean> {
  let cells: string[] = [];
  let current = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        current += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        current += char;
      }
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(current);
      current = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      cells.push(current);
      yield { line: start, cells };
      cells = [];
      current = '';
      line++;
      start = line;
    } else current += char;
  }
  if (current !== '' || cells.length > 0) {
    cells.push(current);
    yield { line: start, cells };
  }
  return quoted;
}

/** All records of CSV text (`eachCsvRecord`); blank lines are empty records. */
export function csvRecords(text: string, separator = csvSeparator(text)): CsvRecords {
  const records: { line: number; cells: string[] }[] = [];
  const reader = eachCsvRecord(text, separator);
  for (let next = reader.next(); ; next = reader.next()) {
    if (next.done) return { records, unclosedQuote: next.value };
    records.push(next.value);
  }
}
