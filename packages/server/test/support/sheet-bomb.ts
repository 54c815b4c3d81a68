import yazl from 'yazl';

/**
 * A small XLSX workbook of very many rows of a children list (issue 42 F2), written as Excel orders its
 * parts — the sheet before its shared strings. With cell references (as Excel writes them) 300,000 rows
 * pack into ~3 MB; without them (the format allows that) every row is the same text and they pack into
 * ~150 KB. Used by the import tests and bench/import-bomb.ts.
 */
export async function sheetBomb(rows = 300_000, { references = true } = {}): Promise<Buffer> {
  const sheet: string[] = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  ];
  const at = (ref: string) => (references ? ` r="${ref}"` : '');
  const cells = (r: number, first: number) =>
    `<row${at(String(r))}><c${at(`A${r}`)} t="s"><v>${first}</v></c><c${at(`B${r}`)} t="s"><v>${first + 1}</v></c>` +
    `<c${at(`C${r}`)} t="s"><v>${first + 2}</v></c></row>`;
  sheet.push(cells(1, 0));
  for (let r = 2; r <= rows + 1; r++) sheet.push(cells(r, 3));
  sheet.push('</sheetData></worksheet>');
  const strings = ['Vorname', 'Nachname', 'Klasse', 'Emma', 'Bombe', '1a'];
  const parts: [string, string][] = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    ],
    [
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        '<sheets><sheet name="Kinder" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>' +
        '</Relationships>',
    ],
    ['xl/worksheets/sheet1.xml', sheet.join('')],
    [
      'xl/sharedStrings.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">` +
        strings.map((text) => `<si><t>${text}</t></si>`).join('') +
        '</sst>',
    ],
  ];
  const zip = new yazl.ZipFile();
  for (const [name, text] of parts) zip.addBuffer(Buffer.from(text, 'utf8'), name, { compress: true });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
