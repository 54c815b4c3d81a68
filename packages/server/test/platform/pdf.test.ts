import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../src/platform/pdf/pdf-document';
import { OPS, documentTitle, filledRectangles, openPdf, pageTexts, xmpMetadata, xmpRaw } from '../support/pdf-reader';

const umlauts = 'ä ö ü ß Ä Ö Ü €';

describe('platform PDF documents', () => {
  it('writes extra XMP extension schemas with their values and their PDF/A extension description', async () => {
    const bytes = await renderPdf(
      {
        title: 'XMP',
        pdfA: true,
        xmpExtensions: [
          {
            namespaceUri: 'urn:example:test#',
            prefix: 'ex',
            schema: 'Example <Schema>',
            properties: [
              { name: 'Kind', value: 'A & B', description: 'the kind' },
              { name: 'Level', value: '2', description: 'the level', category: 'internal' },
            ],
          },
        ],
      },
      (pdf) => pdf.paragraph('x'),
    );
    expect(await xmpMetadata(bytes)).toMatchObject({ 'ex:kind': 'A & B', 'ex:level': '2', 'pdfaid:part': '3' });
    const raw = await xmpRaw(bytes);
    expect(raw).toContain('<pdfaSchema:schema>Example &lt;Schema&gt;</pdfaSchema:schema>');
    expect(raw).toContain(
      '<pdfaProperty:name>Level</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>internal</pdfaProperty:category>',
    );
    // Without extensions, no extension container.
    expect(await xmpRaw(await renderPdf({ title: 'x', pdfA: true }, (pdf) => pdf.paragraph('x')))).not.toContain(
      'pdfaExtension',
    );
  });

  it('embeds a font whose umlauts, ß and € can be extracted from every kind of block', async () => {
    const bytes = await renderPdf({ title: `Prüfbericht ${umlauts}` }, (pdf) => {
      pdf.title(`Titel ${umlauts}`);
      pdf.heading(`Überschrift ${umlauts}`);
      pdf.paragraph(`Absatz über Größe und Maß: ${umlauts}`);
      pdf.table({ columns: [{ header: `Spalte ${umlauts}` }], rows: [[`Zelle ${umlauts}`]] });
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const [text = ''] = await pageTexts(bytes);
    for (const expected of [`Titel ${umlauts}`, `Überschrift ${umlauts}`, `Spalte ${umlauts}`, `Zelle ${umlauts}`]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Absatz über Größe und Maß');
    const pdf = await openPdf(bytes);
    expect(await documentTitle(bytes)).toBe(`Prüfbericht ${umlauts}`);
    const page = await pdf.getPage(1);
    const [, , width, height] = page.view;
    expect([Math.round(width ?? 0), Math.round(height ?? 0)]).toEqual([595, 842]);
    // Only embedded fonts: no standard font that a viewer would have to substitute.
    expect(bytes.toString('latin1')).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it('continues a long table on new pages and repeats its header row there', async () => {
    const rows = Array.from({ length: 120 }, (_, index) => [`Kind ${index + 1}`, `${index * 3},50 €`, 'Grün']);
    const bytes = await renderPdf({ title: 'Liste' }, (pdf) => {
      pdf.title('Beiträge');
      pdf.table({
        columns: [
          { header: 'Name' },
          { header: 'Betrag', width: 90, align: 'right' },
          { header: 'Gruppe', width: 120 },
        ],
        rows,
      });
      pdf.paragraph('Ende der Liste');
    });
    const pages = await pageTexts(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages) expect(page).toMatch(/^(Beiträge )?Name Betrag Gruppe /);
    const all = pages.join(' ');
    const order = rows.map((row) => all.indexOf(`${row[0]} ${row[1]} `));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(all.match(/Kind 17 /g)).toHaveLength(1);
    expect(pages.at(-1)).toContain('Ende der Liste');
  });

  it('draws exactly the QR matrix the qrcode package computes for the content, as vector squares', async () => {
    const content = 'https://hort.example/150?saa=0f3c9a7e5b1d4c2a';
    const size = 300;
    const bytes = await renderPdf({ title: 'QR' }, (pdf) => pdf.qrCode(content, { size, align: 'center' }));
    const rectangles = await filledRectangles(bytes);
    const expected = QRCode.create(content, { errorCorrectionLevel: 'M' }).modules;
    const count = expected.size;
    const cell = size / (count + 8);
    const left = Math.min(...rectangles.map((rectangle) => rectangle.x));
    const top = Math.min(...rectangles.map((rectangle) => rectangle.y));
    const drawn = Array.from({ length: count }, () => Array<boolean>(count).fill(false));
    for (const rectangle of rectangles) {
      expect(rectangle.height).toBeCloseTo(cell, 3);
      const row = Math.round((rectangle.y - top) / cell);
      const first = Math.round((rectangle.x - left) / cell);
      const length = Math.round(rectangle.width / cell);
      for (let column = first; column < first + length; column++) {
        const line = drawn[row];
        if (line) line[column] = true;
      }
    }
    const wanted = Array.from({ length: count }, (_, row) =>
      Array.from({ length: count }, (_, column) => Boolean(expected.get(row, column))),
    );
    expect(drawn).toEqual(wanted);
    // Centred on the page, quiet zone included.
    expect(left - 4 * cell + size / 2).toBeCloseTo(595.28 / 2, 1);
  });

  it('writes PDF/A-3b with an associated file attachment', async () => {
    const xml = Buffer.from('<?xml version="1.0"?><Rechnung>Müller &amp; Söhne</Rechnung>');
    const bytes = await renderPdf(
      {
        title: 'Rechnung 2026-001',
        pdfA: true,
        attachments: [
          { name: 'factur-x.xml', bytes: xml, mime: 'text/xml', relationship: 'Alternative', description: 'Rechnung' },
        ],
      },
      (pdf) => pdf.paragraph('Rechnung für Müller & Söhne, 12,00 €'),
    );
    expect(bytes.subarray(0, 8).toString()).toBe('%PDF-1.7');
    const pdf = await openPdf(bytes);
    const attachments = (await pdf.getAttachments()) as Record<string, { filename: string; content: Uint8Array }>;
    const attached = Object.values(attachments);
    expect(attached.map((file) => file.filename)).toEqual(['factur-x.xml']);
    expect(Buffer.from(attached[0]?.content ?? []).equals(xml)).toBe(true);
    const { metadata } = await pdf.getMetadata();
    expect(metadata?.get('pdfaid:part')).toBe('3');
    expect(metadata?.get('pdfaid:conformance')).toBe('B');
    const raw = bytes.toString('latin1');
    expect(raw).toContain('/AFRelationship /Alternative');
    expect(raw).toMatch(/\/AF \[\d+ 0 R\]/);
    expect(raw).toContain('/OutputIntents');
    // ISO 32000-1 Table 44: /CheckSum is the MD5 digest as a 16-byte string (a hex string <…>), not 32
    // characters of text; the metadata stream has its /Length and no stray lowercase /length.
    const md5 = createHash('md5').update(xml).digest('hex');
    expect(raw).toContain(`/CheckSum <${md5}>`);
    expect(raw).not.toContain(`(${md5})`);
    expect(raw).not.toMatch(/\/length\b/);
    expect((await pageTexts(bytes))[0]).toContain('Rechnung für Müller & Söhne, 12,00 €');
  });

  it('places PNG images scaled to the requested size and refuses columns wider than the page', async () => {
    const png = await QRCode.toBuffer('Bild', { type: 'png', width: 200 });
    const bytes = await renderPdf({ title: 'Bild' }, (pdf) => {
      pdf.image(png, { maxWidth: 100, align: 'right' });
      expect(pdf.y).toBeGreaterThan(100);
    });
    const pdf = await openPdf(bytes);
    const operators = await (await pdf.getPage(1)).getOperatorList();
    expect(operators.fnArray).toContain(OPS.paintImageXObject);
    await expect(
      renderPdf({ title: 'x' }, (writer) =>
        writer.table({
          columns: [
            { header: 'a', width: 400 },
            { header: 'b', width: 400 },
          ],
          rows: [],
        }),
      ),
    ).rejects.toThrow(/wider than the page/);
  });
});
