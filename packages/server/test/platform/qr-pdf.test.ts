import { describe, expect, it } from 'vitest';
import { qrCodePdf } from '../../src/platform/qr/qr-pdf';
import { documentTitle, openPdf, pageTexts } from '../support/pdf-reader';

describe('qrCodePdf', () => {
  it('makes a one-page A4 PDF titled with the slot name, the address printed under the code', async () => {
    const content = 'https://hort.example/150?sa=abc';
    const bytes = await qrCodePdf({ content, title: 'Fußball AG', subtitle: '22.11.2026' });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await openPdf(bytes);
    expect(pdf.numPages).toBe(1);
    expect(await documentTitle(bytes)).toBe('Fußball AG');
    expect(Math.round((await pdf.getPage(1)).view[2] ?? 0)).toBe(595);
    expect(await pageTexts(bytes)).toEqual([`Fußball AG 22.11.2026 ${content}`]);
  });

  it('draws titles beyond Latin-1 instead of failing', async () => {
    const bytes = await qrCodePdf({ content: 'x', title: 'Schach ♞ Gruppe 😀' });
    const [text] = await pageTexts(bytes);
    expect(text).toContain('Schach ♞ Gruppe');
  });

  it('fits very long titles and addresses on one page', async () => {
    const content = `https://hort.example/130?s=${'9'.repeat(200)}`;
    const bytes = await qrCodePdf({ content, title: 'A'.repeat(300), subtitle: 'B'.repeat(300) });
    const pdf = await openPdf(bytes);
    expect(pdf.numPages).toBe(1);
  });
});
