import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import type ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { csvSeparator, eachCsvRecord, unguardCell } from '@hortus/contract/csv';
import { ZipError, zipEntries, zipEntryStream } from './zip-entries';

/**
 * The import's sheet reader thread (started by sheet-reader.ts): reads a CSV or the first sheet of an XLSX
 * workbook as a stream and stops as soon as a limit is passed — too many filled rows, a filled cell too far
 * right, a workbook part that unpacks too large — so a sheet bomb (156 KB packed, 300,000 rows) is refused
 * after the first rows instead of being unpacked whole. It runs apart from the server's event loop with its
 * own heap bound; nothing in a cell is evaluated. Imports only exceljs and the contract's CSV reader.
 */

export interface SheetLimits {
  /** Most filled rows (the header included). */
  rows: number;
  /** Most columns; a filled cell further right refuses the file. */
  columns: number;
  /** Most bytes of a workbook part once unpacked. */
  unpackedBytes: number;
}

export interface SheetRequest {
  id: number;
  /** The uploaded file's path, or the sent text's bytes. */
  path?: string;
  bytes?: Uint8Array;
  limits: SheetLimits;
}

/** A filled row: its number in the sheet (1 = the first) and its cells, trimmed, export guards taken off. */
export interface SheetLine {
  zeile: number;
  cells: string[];
}

export type SheetRefusal = 'unreadable' | 'brokenXlsx' | 'tooManyRows' | 'tooManyColumns' | 'tooLarge';

export type SheetReply =
  { id: number; lines: SheetLine[] } | { id: number; refusal: SheetRefusal } | { id: number; error: string };

class Refused extends Error {
  constructor(readonly refusal: SheetRefusal) {
    super(refusal);
  }
}

/** Collects the filled rows and refuses past the limits. */
class Lines {
  readonly list: SheetLine[] = [];
  constructor(private readonly limits: SheetLimits) {}
  add(zeile: number, raw: readonly string[]): void {
    let last = -1;
    const cells = raw.map((cell, index) => {
      const text = unguardCell(cell.trim());
      if (text !== '') last = index;
      return text;
    });
    if (last < 0) return;
    if (last >= this.limits.columns) throw new Refused('tooManyColumns');
    if (this.list.length >= this.limits.rows) throw new Refused('tooManyRows');
    this.list.push({ zeile, cells: cells.slice(0, last + 1) });
  }
}

const isZip = (bytes: Buffer) => bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** Text of a CSV file: UTF-8 (with or without BOM) when it decodes cleanly, else Windows-1252. */
export function decodeCsv(bytes: Buffer): string {
  const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const text = utf8.includes('\uFFFD') ? iconv.decode(bytes, 'win1252') : utf8;
  return text.replace(/^\uFEFF/, '');
}

function readCsv(bytes: Buffer, lines: Lines): void {
  const text = decodeCsv(bytes);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text.slice(0, 4096))) throw new Refused('unreadable');
  let zeile = 0;
  for (const record of eachCsvRecord(text, csvSeparator(text))) lines.add(++zeile, record.cells);
}

/** 'YYYY-MM-DD' of an Excel date cell (the calendar day as the sheet shows it: exceljs reads them as UTC). */
function sheetDay(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`;
}

/** A cell of a workbook as text: dates as YYYY-MM-DD, formulas by their stored result (never evaluated). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : sheetDay(value);
  if (typeof value === 'object') {
    if ('result' in value) return cellText((value.result ?? '') as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text ?? '').join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

/**
 * The parts of exceljs' streaming WorkbookReader we drive ourselves (exceljs 4.4): it reads the parts of the
 * archive in the order they were written and unpacks a sheet met before its shared strings — Excel writes
 * them last — whole into a temporary file, which a sheet bomb must never get to. So the archive is opened
 * here (zip-entries.ts) and its parts are fed to the reader's part parsers in the order the rows need.
 */
interface StreamingWorkbook {
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { id: number; rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(entry: Readable, sheetNo: string): Generator<{ value: AsyncIterable<ExcelJS.Row> }>;
}

async function readXlsx(bytes: Buffer, lines: Lines, limits: SheetLimits): Promise<void> {
  const entries = zipEntries(bytes);
  const part = (name: string) => {
    const entry = entries.get(name);
    return entry ? zipEntryStream(bytes, entry, limits.unpackedBytes) : null;
  };
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookReader(null as unknown as string, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  }) as unknown as StreamingWorkbook;
  const rels = part('xl/_rels/workbook.xml.rels');
  const book = part('xl/workbook.xml');
  if (!rels || !book) throw new Refused('brokenXlsx');
  await workbook._parseRels(rels);
  await workbook._parseWorkbook(book);
  const styles = part('xl/styles.xml');
  if (styles) await workbook._parseStyles(styles);
  const strings = part('xl/sharedStrings.xml');
  if (strings) for await (const _ of workbook._parseSharedStrings(strings));
  // The first sheet in the workbook's order (as the tabs show), found through the workbook's relations.
  const first = workbook.model?.sheets?.[0];
  const target = workbook.workbookRels?.find((rel) => rel.Id === first?.rId)?.Target ?? 'worksheets/sheet1.xml';
  const name = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const sheetNo = /sheet(\d+)\.xml$/.exec(name)?.[1] ?? '1';
  const sheet = part(name);
  if (!sheet) return;
  try {
    for (const { value: rows } of workbook._parseWorksheet(sheet, sheetNo)) {
      for await (const row of rows) {
        const cells: string[] = [];
        row.eachCell((cell, column) => {
          const text = cellText(cell.value);
          if (column > limits.columns && text.trim() !== '') throw new Refused('tooManyColumns');
          if (column <= limits.columns) cells[column - 1] = text;
        });
        lines.add(
          row.number,
          Array.from(cells, (cell) => cell ?? ''),
        );
      }
    }
  } finally {
    sheet.destroy();
  }
}

export async function readSheet(request: SheetRequest): Promise<SheetLine[]> {
  const bytes = request.path
    ? await fs.promises.readFile(request.path)
    : Buffer.from(request.bytes ?? new Uint8Array());
  const lines = new Lines(request.limits);
  if (!isZip(bytes)) readCsv(bytes, lines);
  else {
    try {
      await readXlsx(bytes, lines, request.limits);
    } catch (error) {
      if (error instanceof Refused) throw error;
      if (error instanceof ZipError) throw new Refused(error.code === 'broken' ? 'brokenXlsx' : 'tooLarge');
      // exceljs and its XML parser fail with their own errors on damaged parts: the workbook is unreadable.
      throw new Refused('brokenXlsx');
    }
  }
  return lines.list;
}

async function answer(request: SheetRequest): Promise<SheetReply> {
  try {
    return { id: request.id, lines: await readSheet(request) };
  } catch (error) {
    if (error instanceof Refused) return { id: request.id, refusal: error.refusal };
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (request: SheetRequest) => {
  void answer(request).then((reply) => parentPort?.postMessage(reply));
});
