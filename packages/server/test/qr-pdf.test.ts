import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { qrCodePdf, winAnsi } from '../src/platform/qr/qr-pdf';

describe('qrCodePdf', () => {
  it('makes a one-page A4 PDF titled with the slot name', async () => {
    const bytes = await qrCodePdf({
      content: 'https://hort.example/150?sa=abc',
      title: 'Fußball AG',
      subtitle: '22.11.2026',
    });
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Fußball AG');
    expect(Math.round(pdf.getPage(0).getWidth())).toBe(595);
  });

  it('draws titles the standard font cannot encode instead of failing', async () => {
    const bytes = await qrCodePdf({ content: 'x', title: 'Schach ♞ Gruppe 😀' });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    expect(winAnsi('Schach ♞ Größe')).toBe('Schach ? Größe');
  });

  it('fits very long titles on the page', async () => {
    const bytes = await qrCodePdf({ content: 'https://hort.example/130', title: 'A'.repeat(300) });
    expect(bytes.length).toBeGreaterThan(1000);
  });
});
