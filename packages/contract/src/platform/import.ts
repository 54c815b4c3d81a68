import { z } from 'zod';
import { uploadedFileOf, type FileRule } from './uploads';

/** German texts of the list import (children, employees, customers). */
export const listImportMessages = {
  noInput: 'Bitte eine Datei wählen (CSV oder XLSX).',
  bothInputs: 'Bitte entweder eine Datei oder den Text der Datei senden, nicht beides.',
  unreadable: 'Die Datei ist weder eine CSV-Datei noch eine Excel-Arbeitsmappe (XLSX).',
  brokenXlsx: 'Die Excel-Arbeitsmappe lässt sich nicht lesen. Bitte als XLSX oder CSV speichern.',
  empty: 'Die Datei enthält keine Zeilen.',
  noRows: 'Die Datei enthält nur die Kopfzeile, aber keine Daten.',
  tooManyRows: (max: number) => `Höchstens ${max} Zeilen je Import. Bitte die Datei aufteilen.`,
  tooManyColumns: (max: number) => `Höchstens ${max} Spalten je Zeile. Bitte nur die Spalten der Liste senden.`,
  tooLarge: 'Die Datei ist entpackt zu groß für eine Liste. Bitte als kleinere XLSX- oder CSV-Datei speichern.',
  tooSlow: 'Die Datei lässt sich nicht in angemessener Zeit lesen. Bitte als CSV-Datei speichern.',
  missingColumn: (label: string) => `Die Spalte „${label}“ fehlt (Kopfzeile).`,
  required: 'Bitte angeben.',
  date: 'Bitte ein Datum wie 31.12.2018 angeben.',
  time: 'Bitte eine Uhrzeit im Format HH:MM angeben.',
  number: 'Bitte eine Zahl angeben.',
  duplicateInFile: (zeile: number) => `Dieselben Daten stehen schon in Zeile ${zeile}.`,
  noRight: 'Dafür fehlt das Recht.',
} as const;

/** The sheets the import takes: CSV (text/csv, as spreadsheets save it) or XLSX. */
export const importFileRule: FileRule = {
  mimes: [
    'text/csv',
    'text/plain',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ],
  message: 'Nur CSV-Dateien und Excel-Arbeitsmappen (XLSX) sind erlaubt.',
};
/** A form boolean: true/false as JSON text, '1'/'0', or a real boolean (JSON body). */
export const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])], { error: 'Ungültiger Wert.' })
  .transform((value) => value === true || value === 'true' || value === '1');

/** Largest sheet (5 MB): a few thousand rows. */
export const IMPORT_FILE_BYTES = 5 * 1024 * 1024;
/** Most data rows of one import. */
export const IMPORT_ROWS_MAX = 2000;
/** Most columns of a row (a filled cell further right refuses the file). */
export const IMPORT_COLUMNS_MAX = 200;
/** Most bytes of one part of a workbook once unpacked (the sheet, its shared strings, its styles). */
export const IMPORT_UNPACKED_BYTES = 64 * 1024 * 1024;

/**
 * The request of an import call: the file as multipart `file` or its text as `inhalt`, and `probelauf`
 * (true: only the preview, nothing is written).
 */
export const importRequest = {
  inhalt: z.string().max(IMPORT_FILE_BYTES, 'Die Datei ist zu groß (höchstens 5 MB).').optional(),
  file: uploadedFileOf(importFileRule).optional(),
  probelauf: formBoolean.default(true),
};

export const importError = z.object({
  /** Row number as in the spreadsheet (the header is row 1; 0 = the file as a whole). */
  zeile: z.number(),
  /** The column's header as in the file ('' = the row or the file as a whole). */
  spalte: z.string(),
  meldung: z.string(),
});
export type ImportError = z.infer<typeof importError>;

/** One data row in the preview: what it is and what the import does with it. */
export const importRow = z.object({
  zeile: z.number(),
  /** What the row is called (e.g. 'Emma Schulz, 2a'). */
  name: z.string(),
  ergebnis: z.enum(['neu', 'doppelt', 'fehler']),
});
export type ImportRow = z.infer<typeof importRow>;

/**
 * The reply of an import call: `neu` rows to create (probelauf) or created, `doppelt` rows that duplicate
 * a stored record (or an earlier row) and are left out, `fehler` per row and column (those rows are left
 * out, the rest is created in one transaction). `zeilen` lists every data row for the preview.
 */
export const importReply = z.object({
  status: z.literal('success'),
  probelauf: z.boolean(),
  neu: z.number(),
  doppelt: z.number(),
  fehler: z.array(importError),
  zeilen: z.array(importRow),
  /** Parent accounts the import created (their login letters: createElternbrief). */
  neueEltern: z.array(z.number()).optional(),
});
export type ImportReply = z.infer<typeof importReply>;

/** Formats of a list export (the file the import reads back): CSV for German Excel, or an XLSX workbook. */
export const listExportFormats = ['csv', 'xlsx'] as const;
export type ListExportFormat = (typeof listExportFormats)[number];

/** The request of a list export call: `format` (default csv). */
export const listExportRequest = {
  format: z.enum(listExportFormats, { error: 'Bitte csv oder xlsx angeben.' }).default('csv'),
};

/** A list export's reply: the kept file, fetched through download.php (`file`) and saved as `name`. */
export const listExportReply = z.object({ status: z.literal('success'), file: z.string(), name: z.string() });
