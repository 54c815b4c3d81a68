import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';

export interface QrPdfOptions {
  /** Text the QR code encodes (an app address such as https://…/150?sa=…). */
  content: string;
  /** Heading above the code, e.g. the slot name. */
  title: string;
  /** Optional smaller line under the heading, e.g. the poll date. */
  subtitle?: string | undefined;
}

const A4 = { width: 595.28, height: 841.89 };
const margin = 56;

/**
 * One A4 page with a heading and a vector QR code (error correction M), printable at any size.
 * The PDF's standard font covers German text (WinAnsi); characters outside it are replaced by '?'.
 */
export async function qrCodePdf(options: QrPdfOptions): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(options.title);
  pdf.setCreator('Hortus');
  const page = pdf.addPage([A4.width, A4.height]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);

  const title = winAnsi(options.title);
  const titleSize = fitFontSize(title, bold, 28, A4.width - 2 * margin);
  let y = A4.height - margin - titleSize;
  page.drawText(title, { x: centered(title, bold, titleSize), y, size: titleSize, font: bold });
  if (options.subtitle) {
    const subtitle = winAnsi(options.subtitle);
    const size = fitFontSize(subtitle, regular, 16, A4.width - 2 * margin);
    y -= size + 12;
    page.drawText(subtitle, {
      x: centered(subtitle, regular, size),
      y,
      size,
      font: regular,
      color: rgb(0.3, 0.3, 0.3),
    });
  }

  const code = QRCode.create(options.content, { errorCorrectionLevel: 'M' });
  const count = code.modules.size;
  const quiet = 4;
  const side = Math.min(A4.width - 2 * margin, y - margin - 24);
  const cell = side / (count + 2 * quiet);
  const left = (A4.width - side) / 2;
  const top = y - 24;
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) {
      if (!code.modules.get(row, column)) continue;
      page.drawRectangle({
        x: left + (column + quiet) * cell,
        y: top - (row + quiet + 1) * cell,
        width: cell,
        height: cell,
        color: rgb(0, 0, 0),
      });
    }
  }
  return pdf.save();
}

type Font = Awaited<ReturnType<PDFDocument['embedFont']>>;

function centered(text: string, font: Font, size: number): number {
  return (A4.width - font.widthOfTextAtSize(text, size)) / 2;
}

function fitFontSize(text: string, font: Font, preferred: number, maxWidth: number): number {
  const width = font.widthOfTextAtSize(text, preferred);
  return width <= maxWidth ? preferred : Math.max(8, (preferred * maxWidth) / width);
}

/** Keeps what the standard PDF fonts can draw (Latin-1 incl. umlauts and ß); anything else becomes '?'. */
export function winAnsi(text: string): string {
  return text.replace(/[^\u0020-\u007e\u00a0-\u00ff€]/g, '?');
}
