import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { csvCell, csvRecords } from '@hortus/contract';
import type { UploadedFile } from '@hortus/contract';
import { listExportFile } from '../../src/platform/import/list-export';
import { decodeCsv } from '../../src/platform/import/sheet-worker';
import { ZipError, zipEntries, zipEntryStream } from '../../src/platform/import/zip-entries';
import { sheetBomb } from '../support/sheet-bomb';
import { parseImportDate, readImportTable, type ImportField } from '../../src/platform/import/table';

const fields = [
  { key: 'vorname', label: 'Vorname', headers: [], required: true },
  { key: 'nachname', label: 'Nachname', headers: ['Familienname'], required: true },
  { key: 'eltern', label: 'Erziehungsberechtigte/r', headers: ['Erziehungsberechtigter'] },
] as const satisfies readonly ImportField[];

/** Cell text a spreadsheet may hold: Windows-1252 letters, separators, quotes, formula starts, line breaks. */
const cellText = fc
  .array(fc.constantFrom(...'aZ äöüßÄÖÜé-.,;"\'=+@1 \n'.split('')), { minLength: 1, maxLength: 12 })
  .map((chars) => chars.join('').trim())
  .filter((text) => text !== '');

/** Header spellings users type: case, spaces, umlaut spelling and slashes vary. */
const headerVariants = {
  vorname: ['Vorname', 'VORNAME', ' vorname '],
  nachname: ['Nachname', 'Familienname', 'nach-name'],
  eltern: ['Erziehungsberechtigte/r', 'Erziehungsberechtigter', 'erziehungs berechtigte r'],
};

describe('reading sheets (property)', () => {
  it('reads back every generated sheet: header variants, both separators, UTF-8 and Windows-1252', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(cellText, cellText, cellText), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(';', ','),
        fc.constantFrom('utf8', 'win1252', 'utf8bom'),
        fc.constantFrom('\r\n', '\n'),
        fc.tuple(fc.nat(2), fc.nat(2), fc.nat(2)),
        async (rows, separator, encoding, newline, [a, b, c]) => {
          const header = [headerVariants.vorname[a], headerVariants.nachname[b], headerVariants.eltern[c]];
          // Written as our exports write cells: quoted, formula starts guarded with an apostrophe.
          const line = (cells: readonly string[]) => cells.map((cell) => csvCell(cell)).join(separator);
          const text = [line(header as string[]), ...rows.map(line)].join(newline);
          const bytes =
            encoding === 'win1252'
              ? iconv.encode(text, 'win1252')
              : Buffer.from(encoding === 'utf8bom' ? `\uFEFF${text}` : text, 'utf8');
          expect(decodeCsv(bytes)).toBe(text);
          const table = await readImportTable({ inhalt: decodeCsv(bytes) }, fields);
          expect(table.rows.map((row) => [row.values.vorname, row.values.nachname, row.values.eltern])).toEqual(
            rows.map((cells) => cells.map((cell) => cell.trim())),
          );
          expect(table.rows[0]?.zeile).toBe(2);
          expect(table.rows[0]?.spalte('nachname')).toBe((header[1] as string).trim());
        },
      ),
      { numRuns: 150 },
    );
  });

  it('splits records only outside quotes', () => {
    expect(csvRecords('a;"b;c"\r\n"x\ny";z', ';').records.map((record) => record.cells)).toEqual([
      ['a', 'b;c'],
      ['x\ny', 'z'],
    ]);
  });

  it('reads German, short and ISO dates and refuses impossible ones', () => {
    expect(parseImportDate('12.04.2018')).toBe('2018-04-12');
    expect(parseImportDate('1.5.17')).toBe('2017-05-01');
    expect(parseImportDate('2018-04-12')).toBe('2018-04-12');
    expect(parseImportDate('31.02.2018')).toBeNull();
    expect(parseImportDate('morgen')).toBeNull();
  });
});

describe('list export files (property)', () => {
  it('every CSV and XLSX list export reads back cell for cell, whatever its cells start with', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(cellText, cellText, cellText), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('csv', 'xlsx'),
        async (rows, format) => {
          const file = await listExportFile(
            { baseName: 'liste', sheetName: 'Liste', header: ['Vorname', 'Nachname', 'Erziehungsberechtigte/r'], rows },
            format,
            Date.UTC(2026, 10, 27, 23, 30),
          );
          // The Berlin day, not the UTC one.
          expect(file.name).toBe(`liste-2026-11-28.${format}`);
          const bytes = typeof file.bytes === 'string' ? Buffer.from(file.bytes, 'utf8') : file.bytes;
          if (format === 'csv') expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
          const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'liste-'));
          const filePath = path.join(dir, file.name);
          fs.writeFileSync(filePath, bytes);
          const table = await readImportTable(
            { file: { path: filePath, filename: file.name, mimetype: file.mime, size: bytes.length } as UploadedFile },
            fields,
          );
          fs.rmSync(dir, { recursive: true });
          expect(table.rows.map((row) => [row.values.vorname, row.values.nachname, row.values.eltern])).toEqual(rows);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('workbook parts unpacked with a bound', () => {
  it('streams an entry and fails past the bound; a damaged archive is refused as broken', async () => {
    const bomb = await sheetBomb(1000);
    const entries = zipEntries(bomb);
    const sheet = entries.get('xl/worksheets/sheet1.xml');
    if (!sheet) throw new Error('no sheet');
    const read = async (max: number) => {
      let bytes = 0;
      for await (const chunk of zipEntryStream(bomb, sheet, max)) bytes += (chunk as Buffer).length;
      return bytes;
    };
    expect(await read(10 * 1024 * 1024)).toBeGreaterThan(50_000);
    await expect(read(10_000)).rejects.toMatchObject({ code: 'tooLarge' });
    expect(() => zipEntries(Buffer.from('PK\u0003\u0004kaputt'))).toThrow(ZipError);
  });
});
