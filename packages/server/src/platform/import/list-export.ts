import { csvText, guardCell, unguardCell, type ListExportFormat } from '@hortus/contract';
import type { GeneratedFile } from '../files/offer-file';
import { berlinNow } from '../time/berlin-time';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A list a module exports: a header row and its data rows, all cells text. */
export interface ExportList {
  /** Start of the file name, e.g. 'kinder' → 'kinder-2026-11-27.csv' (the Berlin day). */
  baseName: string;
  /** The worksheet's name in an XLSX file, e.g. 'Kinder'. */
  sheetName: string;
  header: readonly string[];
  rows: readonly (readonly string[])[];
}

/**
 * A workbook cell: text cells are never evaluated, so no formula guard shows as an apostrophe in Excel —
 * except on a value the import would take an apostrophe off ("'-x"), which gets the guard's one more.
 */
function xlsxCell(value: string): string {
  return unguardCell(value) === value ? value : guardCell(value);
}

/**
 * The file of a list export, in the columns the module's import reads back: CSV as German Excel opens it
 * (the contract's `csvText`: UTF-8 with BOM, semicolons, CRLF, formula-guarded cells) or an XLSX workbook
 * whose cells are all text (`xlsxCell`; dates stay dd.mm.yyyy).
 */
export async function listExportFile(
  list: ExportList,
  format: ListExportFormat,
  now = Date.now(),
): Promise<GeneratedFile> {
  const name = `${list.baseName}-${berlinNow(now).day}.${format}`;
  if (format === 'csv') {
    return { name, mime: 'text/csv; charset=utf-8', bytes: csvText([list.header, ...list.rows], { bom: true }) };
  }
  // Loaded when a workbook is asked for, as the import does: exceljs holds ~10 MB of heap once imported (issue 35).
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet(list.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = list.header.map((header, column) => ({
    header,
    width: Math.min(40, Math.max(header.length, ...list.rows.map((row) => (row[column] ?? '').length)) + 2),
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of list.rows) sheet.addRow(row.map(xlsxCell));
  return { name, mime: XLSX_MIME, bytes: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
