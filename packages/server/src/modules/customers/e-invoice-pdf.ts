import { eInvoiceView, type EInvoiceRecord, type EInvoiceTable } from '@hortus/contract/modules/customers';
import { renderPdf, type PdfWriter } from '../../platform/pdf/pdf-document';

/**
 * The readable view of an XML-only e-invoice as a PDF (issue 45): the sections the cost dialog shows
 * (contract `eInvoiceView`) — seller, buyer, lines, totals per rate, payment — and the findings.
 */
export function eInvoicePdf(record: EInvoiceRecord): Promise<Buffer> {
  const view = eInvoiceView(record);
  return renderPdf({ title: view.titel, subject: record.format, author: record.daten.verkaeufer.name }, (pdf) => {
    pdf.text(view.untertitel, { size: 9, grey: 0.4 });
    pdf.title(view.titel);
    pairs(pdf, view.angaben);
    pdf.heading('Verkäufer');
    pdf.paragraph(view.verkaeufer.join('\n') || '–', { size: 10 });
    pdf.heading('Käufer');
    pdf.paragraph(view.kaeufer.join('\n') || '–', { size: 10 });
    if (view.positionen.rows.length > 0) {
      pdf.heading('Positionen');
      table(pdf, view.positionen, [30, undefined, 70, 65, 55, 75]);
    }
    if (view.steuer.rows.length > 0) {
      pdf.heading('Umsatzsteuer je Satz');
      table(pdf, view.steuer, [undefined, 45, 70, 70, 70]);
    }
    pdf.heading('Summen');
    pairs(pdf, view.summen);
    if (view.zahlung.length > 0) {
      pdf.heading('Zahlung');
      pairs(pdf, view.zahlung);
    }
    if (record.befunde.length > 0) {
      pdf.heading('Prüfung (EN 16931)');
      for (const finding of record.befunde) pdf.paragraph(`• ${finding.text}`, { size: 10 });
    }
  });
}

function pairs(pdf: PdfWriter, rows: readonly [string, string][]): void {
  if (rows.length === 0) return;
  pdf.table({ columns: [{ header: 'Angabe', width: 190 }, { header: 'Wert' }], rows, size: 9 });
}

function table(pdf: PdfWriter, data: EInvoiceTable, widths: readonly (number | undefined)[]): void {
  pdf.table({
    columns: data.columns.map((header, index) => ({
      header,
      ...(widths[index] === undefined ? {} : { width: widths[index] }),
      ...(data.right.includes(index) ? { align: 'right' as const } : {}),
    })),
    rows: data.rows,
    size: 9,
  });
}
