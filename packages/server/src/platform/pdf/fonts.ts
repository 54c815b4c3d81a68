import { createRequire } from 'node:module';

const packageRequire = createRequire(import.meta.url);

/**
 * DejaVu Sans from the npm package `dejavu-fonts-ttf`, read from node_modules by path. It covers Latin,
 * Greek, Cyrillic and many symbols (ä ö ü ß €, ♞ …), so German text never falls back to '?'. Only the
 * glyphs a document uses are embedded (pdfkit subsets the font), which PDF/A requires anyway.
 */
export const pdfFonts = {
  regular: packageRequire.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: packageRequire.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;

export type PdfFont = keyof typeof pdfFonts;
