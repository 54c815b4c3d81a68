import { renderPdf } from '../pdf/pdf-document';

export interface QrPdfOptions {
  /** Text the QR code encodes (an app address such as https://…/150?sa=…). */
  content: string;
  /** Heading above the code, e.g. the slot name. */
  title: string;
  /** Optional smaller line under the heading, e.g. the poll date. */
  subtitle?: string | undefined;
}

/** Room kept under the code for the address line. */
const addressBlock = 48;

/**
 * One A4 page to print and hang up: the heading (shrunk to one line), an optional grey subtitle, a big
 * vector QR code (error correction M) and the encoded address under it, for people without a scanner.
 */
export function qrCodePdf(options: QrPdfOptions): Promise<Buffer> {
  return renderPdf({ title: options.title, subject: options.content }, (pdf) => {
    pdf.title(options.title, { size: 28, align: 'center', fitWidth: true, gapAfter: 12 });
    if (options.subtitle) pdf.text(options.subtitle, { size: 16, align: 'center', grey: 0.3, fitWidth: true });
    pdf.space(16);
    const size = Math.min(pdf.contentWidth, pdf.bottom - pdf.y - addressBlock);
    pdf.qrCode(options.content, { size, align: 'center' });
    pdf.text(options.content, { size: 12, align: 'center', grey: 0.3 });
  });
}
