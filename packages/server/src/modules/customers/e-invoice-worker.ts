import { createHash } from 'node:crypto';
import type { EInvoiceData } from '@hortus/contract/modules/customers';
import { serveJobs } from '../../platform/workers/job-thread';
import { readInvoiceXml, type XmlRefusal } from './e-invoice-xml';

/**
 * The e-invoice reader thread (started by e-invoices.ts): hashes the file, takes the invoice XML out of a
 * ZUGFeRD/Factur-X PDF (its embedded files, read with pdf.js) or reads the XML itself, and parses it
 * (e-invoice-xml.ts). It runs apart from the server's event loop with a bounded heap: a PDF whose attachment
 * unpacks too large ends the thread instead of the server. Nothing in the file is evaluated.
 */

export interface EInvoiceRequest {
  bytes: Uint8Array;
  kind: 'pdf' | 'xml';
}

export type EInvoiceRefusal = XmlRefusal | 'brokenPdf' | 'noAttachment';
export type EInvoiceReply = { sha256: string } & ({ data: EInvoiceData } | { refusal: EInvoiceRefusal });

/**
 * Names of the invoice XML in a PDF, best first, compared in lower case: Factur-X and ZUGFeRD 2.1+, ZUGFeRD 2.0
 * ('zugferd-invoice.xml', 1.0 wrote 'ZUGFeRD-invoice.xml'), an XRechnung carried in a PDF.
 */
const ATTACHMENT_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];
/** The largest embedded XML read (an XRechnung with its own attachments inside stays below). */
const XML_MAX_BYTES = 20 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8');

/** The embedded files of a PDF by name (null: the PDF cannot be read). */
async function pdfAttachments(bytes: Uint8Array): Promise<{ name: string; content: Uint8Array }[] | null> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  try {
    const pdf = await getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      verbosity: 0,
      disableFontFace: true,
      stopAtErrors: false,
    }).promise;
    try {
      const attachments = ((await pdf.getAttachments()) ?? {}) as Record<
        string,
        { filename?: string; content?: Uint8Array }
      >;
      return Object.entries(attachments).flatMap(([key, file]) =>
        file.content ? [{ name: file.filename ?? key, content: file.content }] : [],
      );
    } finally {
      await pdf.destroy();
    }
  } catch {
    return null;
  }
}

async function read(request: EInvoiceRequest): Promise<EInvoiceReply> {
  const sha256 = createHash('sha256').update(request.bytes).digest('hex');
  if (request.kind === 'xml') {
    const outcome = readInvoiceXml(utf8.decode(request.bytes));
    return typeof outcome === 'string' ? { sha256, refusal: outcome } : { sha256, data: outcome };
  }
  const attachments = await pdfAttachments(request.bytes);
  if (!attachments) return { sha256, refusal: 'brokenPdf' };
  const rank = (name: string) => {
    const known = ATTACHMENT_NAMES.indexOf(name.toLowerCase());
    return known >= 0 ? known : name.toLowerCase().endsWith('.xml') ? ATTACHMENT_NAMES.length : -1;
  };
  const candidates = attachments
    .filter((file) => rank(file.name) >= 0 && file.content.byteLength <= XML_MAX_BYTES)
    .sort((a, b) => rank(a.name) - rank(b.name));
  for (const file of candidates) {
    const outcome = readInvoiceXml(utf8.decode(file.content), file.name);
    if (typeof outcome !== 'string') return { sha256, data: outcome };
    // A known invoice name that is no invoice (or broken) is reported as such; other XML files are skipped.
    if (ATTACHMENT_NAMES.includes(file.name.toLowerCase())) return { sha256, refusal: outcome };
  }
  return { sha256, refusal: 'noAttachment' };
}

serveJobs(read);
