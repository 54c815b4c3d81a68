import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { pdfFonts, type PdfFont } from './fonts';

/** PDF points per millimetre (1 pt = 1/72 inch). */
export const mm = (millimetres: number): number => (millimetres * 72) / 25.4;

export type PdfAlign = 'left' | 'center' | 'right';

export interface PdfMargins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** A file carried inside the PDF (PDF/A-3 associated file, e.g. the XML of an e-invoice). */
export interface PdfAttachment {
  name: string;
  bytes: Buffer;
  mime: string;
  description?: string;
  /** How the file relates to the document (ZUGFeRD/Factur-X use 'Alternative' for the invoice XML). */
  relationship?: 'Alternative' | 'Data' | 'Source' | 'Supplement' | 'Unspecified';
  modified?: Date;
}

export interface PdfSetup {
  /** Document title (shown by viewers instead of the file name). */
  title: string;
  author?: string;
  subject?: string;
  /** Page margins in points; default 2 cm on every side. */
  margins?: Partial<PdfMargins>;
  /** Archive format PDF/A-3b (PDF 1.7, embedded fonts, sRGB output intent, XMP metadata). */
  pdfA?: boolean;
  /** Embedded files; in a PDF/A-3 file they become associated files of the document. */
  attachments?: readonly PdfAttachment[];
  /**
   * Extra XMP properties in schemas of their own (e.g. Factur-X's `fx:`), each described in the
   * PDF/A extension schema container (`pdfaExtension:schemas`) as PDF/A requires for non-standard schemas.
   */
  xmpExtensions?: readonly XmpExtensionSchema[];
}

/** One custom XMP schema: its namespace, prefix, a name for the description and its text properties. */
export interface XmpExtensionSchema {
  namespaceUri: string;
  prefix: string;
  /** Human-readable schema name (pdfaSchema:schema). */
  schema: string;
  properties: readonly { name: string; value: string; description: string; category?: 'external' | 'internal' }[];
}

const xmlText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The XMP of the extension schemas: one rdf:Description per schema with the values, and one with the
 * PDF/A extension schema container describing every schema and property (ISO 19005-1 6.7.8, kept by -3).
 */
export function xmpExtensionXml(schemas: readonly XmpExtensionSchema[]): string {
  if (schemas.length === 0) return '';
  const values = schemas
    .map(
      (schema) =>
        `<rdf:Description rdf:about="" xmlns:${schema.prefix}="${xmlText(schema.namespaceUri)}">` +
        schema.properties
          .map(
            (property) =>
              `<${schema.prefix}:${property.name}>${xmlText(property.value)}</${schema.prefix}:${property.name}>`,
          )
          .join('') +
        '</rdf:Description>',
    )
    .join('\n');
  const descriptions = schemas
    .map(
      (schema) =>
        '<rdf:li rdf:parseType="Resource">' +
        `<pdfaSchema:schema>${xmlText(schema.schema)}</pdfaSchema:schema>` +
        `<pdfaSchema:namespaceURI>${xmlText(schema.namespaceUri)}</pdfaSchema:namespaceURI>` +
        `<pdfaSchema:prefix>${schema.prefix}</pdfaSchema:prefix>` +
        '<pdfaSchema:property><rdf:Seq>' +
        schema.properties
          .map(
            (property) =>
              '<rdf:li rdf:parseType="Resource">' +
              `<pdfaProperty:name>${property.name}</pdfaProperty:name>` +
              '<pdfaProperty:valueType>Text</pdfaProperty:valueType>' +
              `<pdfaProperty:category>${property.category ?? 'external'}</pdfaProperty:category>` +
              `<pdfaProperty:description>${xmlText(property.description)}</pdfaProperty:description>` +
              '</rdf:li>',
          )
          .join('') +
        '</rdf:Seq></pdfaSchema:property></rdf:li>',
    )
    .join('');
  return (
    values +
    '\n<rdf:Description rdf:about=""' +
    ' xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"' +
    ' xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"' +
    ' xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">' +
    `<pdfaExtension:schemas><rdf:Bag>${descriptions}</rdf:Bag></pdfaExtension:schemas>` +
    '</rdf:Description>'
  );
}

export interface PdfTextOptions {
  align?: PdfAlign;
  size?: number;
  bold?: boolean;
  /** Grey value 0 (black) … 1 (white); default black. */
  grey?: number;
  /** Shrink the font size (down to 8 pt) until the text fits on one line. */
  fitWidth?: boolean;
  /** Space after the text in points; default half the font size. */
  gapAfter?: number;
}

export interface PdfTableColumn {
  header: string;
  /** Width in points; columns without a width share the rest of the line equally. */
  width?: number;
  align?: PdfAlign;
}

export interface PdfTable {
  columns: readonly PdfTableColumn[];
  rows: readonly (readonly string[])[];
  /** Font size of the cells; default 10. */
  size?: number;
}

export interface PdfQrOptions {
  /** Side of the code including its quiet zone, in points. */
  size: number;
  align?: PdfAlign;
  errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
}

export interface PdfImageOptions {
  /** Largest width/height in points; the image keeps its proportions. Default: content width. */
  maxWidth?: number;
  maxHeight?: number;
  align?: PdfAlign;
}

const defaultMargin = mm(20);
const cellPadding = 4;
/** Empty modules around a QR code that scanners need (ISO 18004). */
const qrQuietZone = 4;

/** pdfkit's image decoder (missing from its type definitions): the size is known before drawing. */
interface OpenedImage {
  width: number;
  height: number;
}
type Kit = PDFKit.PDFDocument & { openImage(src: Buffer): OpenedImage };

/**
 * The document a build function writes into, top to bottom: every block starts at the current
 * position and moves it down; a block that does not fit starts a new page. `kit` is the underlying
 * pdfkit document for vector drawing of one's own (bar charts …): use `left`, `y` and `contentWidth`
 * and call `ensureSpace` first.
 */
export class PdfWriter {
  constructor(
    readonly kit: Kit,
    private readonly margins: PdfMargins,
  ) {}

  get left(): number {
    return this.margins.left;
  }
  get contentWidth(): number {
    return this.kit.page.width - this.margins.left - this.margins.right;
  }
  /** Lowest y a block may reach on this page. */
  get bottom(): number {
    return this.kit.page.height - this.margins.bottom;
  }
  get y(): number {
    return this.kit.y;
  }
  set y(value: number) {
    this.kit.y = value;
  }

  newPage(): void {
    this.kit.addPage();
    this.kit.x = this.margins.left;
  }

  /** Starts a new page unless `height` points still fit above the bottom margin. */
  ensureSpace(height: number): void {
    if (this.y + height > this.bottom && this.y > this.margins.top) this.newPage();
  }

  space(points: number): void {
    this.y += points;
  }

  title(text: string, options: PdfTextOptions = {}): void {
    this.text(text, { size: 22, bold: true, ...options });
  }

  heading(text: string, options: PdfTextOptions = {}): void {
    this.text(text, { size: 14, bold: true, gapAfter: 4, ...options });
  }

  paragraph(text: string, options: PdfTextOptions = {}): void {
    this.text(text, { size: 11, ...options });
  }

  /** Wrapped text over the content width; long text continues on the next page. */
  text(text: string, options: PdfTextOptions = {}): void {
    const font: PdfFont = options.bold ? 'bold' : 'regular';
    this.kit.font(pdfFonts[font]);
    let size = options.size ?? 11;
    this.kit.fontSize(size);
    if (options.fitWidth) {
      const width = this.kit.widthOfString(text);
      if (width > this.contentWidth) size = Math.max(8, (size * this.contentWidth) / width);
      this.kit.fontSize(size);
    }
    const grey = Math.round((options.grey ?? 0) * 255);
    this.ensureSpace(this.kit.currentLineHeight(true));
    this.kit
      .fillColor([grey, grey, grey])
      .text(text, this.left, this.y, { width: this.contentWidth, align: options.align ?? 'left' });
    this.kit.fillColor('black');
    this.space(options.gapAfter ?? size / 2);
  }

  /**
   * A table over the content width: a bold header row on grey, rows separated by thin lines, cell text
   * wrapped within its column. A row that does not fit starts a new page, which repeats the header.
   */
  table(table: PdfTable): void {
    const widths = columnWidths(table.columns, this.contentWidth);
    const size = table.size ?? 10;
    const rowHeight = (cells: readonly string[], bold: boolean) => {
      this.kit.font(bold ? pdfFonts.bold : pdfFonts.regular).fontSize(size);
      const heights = cells.map((cell, index) =>
        this.kit.heightOfString(cell, { width: (widths[index] ?? 0) - 2 * cellPadding }),
      );
      return Math.max(size, ...heights) + 2 * cellPadding;
    };
    const headers = table.columns.map((column) => column.header);
    const headerHeight = rowHeight(headers, true);
    const drawRow = (cells: readonly string[], height: number, header: boolean) => {
      const top = this.y;
      const right = this.left + this.contentWidth;
      if (header) this.kit.rect(this.left, top, this.contentWidth, height).fill([235, 235, 235]);
      this.kit
        .font(header ? pdfFonts.bold : pdfFonts.regular)
        .fontSize(size)
        .fillColor('black');
      let x = this.left;
      table.columns.forEach((column, index) => {
        const width = widths[index] ?? 0;
        this.kit.text(cells[index] ?? '', x + cellPadding, top + cellPadding, {
          width: width - 2 * cellPadding,
          align: column.align ?? 'left',
        });
        x += width;
      });
      this.kit
        .moveTo(this.left, top + height)
        .lineTo(right, top + height)
        .lineWidth(header ? 0.8 : 0.4)
        .stroke(header ? [90, 90, 90] : [190, 190, 190]);
      this.y = top + height;
    };
    this.ensureSpace(headerHeight + rowHeight(table.rows[0] ?? headers, false));
    drawRow(headers, headerHeight, true);
    for (const row of table.rows) {
      const height = rowHeight(row, false);
      if (this.y + height > this.bottom) {
        this.newPage();
        drawRow(headers, headerHeight, true);
      }
      drawRow(row, height, false);
    }
    this.kit.x = this.left;
    this.space(size);
  }

  /** A PNG or JPEG image, scaled down to fit (never up). */
  image(bytes: Buffer, options: PdfImageOptions = {}): void {
    const image = this.kit.openImage(bytes);
    const scale = Math.min(
      1,
      (options.maxWidth ?? this.contentWidth) / image.width,
      (options.maxHeight ?? this.bottom - this.margins.top) / image.height,
    );
    const width = image.width * scale;
    const height = image.height * scale;
    this.ensureSpace(height);
    // pdfkit accepts the opened image where its types only name the source.
    this.kit.image(image as unknown as Buffer, this.alignedX(width, options.align), this.y, { width, height });
    this.y += height;
    this.space(6);
  }

  /**
   * A QR code drawn as vector squares (sharp at any print size): each run of dark modules in a row is
   * one rectangle, all filled at once.
   */
  qrCode(content: string, options: PdfQrOptions): void {
    this.ensureSpace(options.size);
    this.qrCodeAt(content, this.alignedX(options.size, options.align), this.y, options);
    this.y += options.size;
  }

  /** The same QR code at a fixed place (left/top of its quiet zone), leaving the flow position alone (ID cards). */
  qrCodeAt(content: string, left: number, top: number, options: Omit<PdfQrOptions, 'align'>): void {
    const code = QRCode.create(content, { errorCorrectionLevel: options.errorCorrectionLevel ?? 'M' });
    const count = code.modules.size;
    const cell = options.size / (count + 2 * qrQuietZone);
    const x0 = left + qrQuietZone * cell;
    const y0 = top + qrQuietZone * cell;
    for (let row = 0; row < count; row++) {
      let column = 0;
      while (column < count) {
        if (!code.modules.get(row, column)) {
          column++;
          continue;
        }
        const start = column;
        while (column < count && code.modules.get(row, column)) column++;
        this.kit.rect(x0 + start * cell, y0 + row * cell, (column - start) * cell, cell);
      }
    }
    this.kit.fill('black');
  }

  private alignedX(width: number, align: PdfAlign = 'left'): number {
    if (align === 'center') return this.left + (this.contentWidth - width) / 2;
    if (align === 'right') return this.left + this.contentWidth - width;
    return this.left;
  }
}

function columnWidths(columns: readonly PdfTableColumn[], total: number): number[] {
  const fixed = columns.reduce((sum, column) => sum + (column.width ?? 0), 0);
  const flexible = columns.filter((column) => column.width === undefined).length;
  if (fixed > total + 0.01 || (flexible > 0 && fixed >= total)) {
    throw new Error(`Table columns are wider than the page (${Math.round(fixed)} of ${Math.round(total)} pt).`);
  }
  const share = flexible > 0 ? (total - fixed) / flexible : 0;
  return columns.map((column) => column.width ?? share);
}

/** pdfkit's object factory: every indirect object passes through `ref(data)` before it is written. */
interface ObjectMaker {
  ref(data?: Record<string, unknown>): unknown;
}

/**
 * Two corrections to what pdfkit writes (ISO 32000-1): an embedded file's `/CheckSum` is the 16 bytes of
 * the MD5 digest (Table 44), pdfkit writes its 32 hex characters as text; and the XMP metadata stream carries
 * a stray lowercase `/length` next to its `/Length`. Both are fixed as each object is made.
 */
function normaliseObjects(kit: ObjectMaker): void {
  const make = kit.ref.bind(kit);
  kit.ref = (data) => {
    const params = data?.['Params'] as { CheckSum?: unknown } | undefined;
    if (params?.CheckSum instanceof String && /^[0-9a-f]{32}$/i.test(params.CheckSum.valueOf()))
      params.CheckSum = new Uint8Array(Buffer.from(params.CheckSum.valueOf(), 'hex'));
    if (data?.['Type'] === 'Metadata' && 'length' in data) delete data['length'];
    return make(data);
  };
}

/**
 * Builds an A4 PDF: `build` writes blocks into a {@link PdfWriter}; the finished file is returned as a
 * Buffer. All text is set in the embedded DejaVu font, so it is extractable and covers umlauts.
 */
export async function renderPdf(setup: PdfSetup, build: (pdf: PdfWriter) => void | Promise<void>): Promise<Buffer> {
  const margins: PdfMargins = {
    top: setup.margins?.top ?? defaultMargin,
    right: setup.margins?.right ?? defaultMargin,
    bottom: setup.margins?.bottom ?? defaultMargin,
    left: setup.margins?.left ?? defaultMargin,
  };
  const kit = new PDFDocument({
    size: 'A4',
    margins,
    // The default font would otherwise be the standard Helvetica, which is not embedded (PDF/A forbids it).
    font: pdfFonts.regular,
    lang: 'de-DE',
    displayTitle: true,
    info: {
      Title: setup.title,
      Creator: 'Hortus',
      ...(setup.author ? { Author: setup.author } : {}),
      ...(setup.subject ? { Subject: setup.subject } : {}),
    },
    ...(setup.pdfA ? { subset: 'PDF/A-3b' as const, pdfVersion: '1.7' as const } : {}),
  });
  normaliseObjects(kit as unknown as ObjectMaker);
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    kit.on('data', (chunk: Buffer) => chunks.push(chunk));
    kit.on('end', () => resolve(Buffer.concat(chunks)));
    kit.on('error', reject);
  });
  for (const attachment of setup.attachments ?? []) {
    const modified = attachment.modified ?? new Date();
    kit.file(attachment.bytes, {
      name: attachment.name,
      type: attachment.mime,
      creationDate: modified,
      modifiedDate: modified,
      ...(attachment.description ? { description: attachment.description } : {}),
      // pdfkit writes it as the file's AFRelationship (its type definitions lack the option).
      ...({ relationship: attachment.relationship ?? 'Unspecified' } as object),
    });
  }
  await build(new PdfWriter(kit as Kit, margins));
  // pdfkit's metadata stream (written on end) takes extra rdf:Descriptions; its types lack the call.
  const extensions = xmpExtensionXml(setup.xmpExtensions ?? []);
  if (extensions !== '') (kit as unknown as { appendXML(xml: string): void }).appendXML(extensions);
  kit.end();
  return finished;
}
