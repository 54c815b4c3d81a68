import QRCode from 'qrcode';
import sharp, { type OverlayOptions } from 'sharp';
import { formatGermanDay } from '@hortus/contract';
import {
  CARD_MM,
  PREVIEW_WIDTH,
  cardDesigns,
  cardLayout,
  cardQrText,
  type Box,
  type CardDesign,
  type QrCode,
} from '@hortus/contract/modules/children';
import { pdfFonts } from '../../platform/pdf/fonts';
import { mm, renderPdf } from '../../platform/pdf/pdf-document';

/** What one card shows. */
export interface CardContent {
  name: string;
  className: string;
  /** 'YYYY-MM-DD' or ''. */
  birthday: string;
  design: number;
  qrCodes: Pick<QrCode, 'breite' | 'offsetx' | 'offsety'>[];
  childId: number;
  secret: string;
  /** The portrait (JPEG, 3:4). */
  photo: Buffer;
}

export const CARD_TITLE = 'Ausweis';

function designColour(design: number): string {
  return cardDesigns[design as CardDesign]?.colour ?? cardDesigns[1].colour;
}

function birthdayLine(birthday: string): string {
  return birthday ? `geb. ${formatGermanDay(Date.parse(`${birthday}T12:00:00Z`))}` : '';
}

function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A line of text as an image (Pango with the embedded DejaVu font, so the preview needs no system fonts). */
async function textImage(text: string, width: number, size: number, colour: string, bold: boolean) {
  const markup = `<span foreground="${colour}">${escapeMarkup(text)}</span>`;
  const image = await sharp({
    text: {
      text: markup,
      font: `${bold ? 'DejaVu Sans Bold' : 'DejaVu Sans'} ${size}`,
      fontfile: bold ? pdfFonts.bold : pdfFonts.regular,
      width,
      dpi: 72,
      rgba: true,
      wrap: 'none',
    },
  })
    .png()
    .toBuffer();
  return image;
}

const px = (fraction: number, total: number) => Math.round(fraction * total);

/**
 * The card preview, 250 px wide (school.md 4.6), as JPEG: the same layout as the PDF (`cardLayout`).
 */
export async function cardPreview(card: CardContent): Promise<Buffer> {
  const width = PREVIEW_WIDTH;
  const height = Math.round((PREVIEW_WIDTH * CARD_MM.height) / CARD_MM.width);
  const layout = cardLayout(card.qrCodes);
  const box = (b: Box) => ({
    left: px(b.left, width),
    top: px(b.top, height),
    width: px(b.width, width),
    height: px(b.height, height),
  });
  const band = box(layout.band);
  const photo = box(layout.photo);
  const text = box(layout.text);
  const layers: OverlayOptions[] = [
    {
      input: { create: { width: band.width, height: band.height, channels: 3, background: designColour(card.design) } },
      left: 0,
      top: 0,
    },
    {
      input: await sharp(card.photo).resize(photo.width, photo.height, { fit: 'fill' }).toBuffer(),
      left: photo.left,
      top: photo.top,
    },
  ];
  const qrText = cardQrText(card.childId, card.secret);
  for (const qrBox of layout.qrCodes.map(box)) {
    const size = Math.min(qrBox.width, qrBox.height);
    const png = await QRCode.toBuffer(qrText, { errorCorrectionLevel: 'M', margin: 1, width: size });
    layers.push({ input: await sharp(png).resize(size, size).toBuffer(), left: qrBox.left, top: qrBox.top });
  }
  const lines: [string, number, boolean][] = [
    [card.name, 12, true],
    [card.className, 11, false],
    [birthdayLine(card.birthday), 10, false],
  ];
  try {
    layers.push({ input: await textImage(CARD_TITLE, band.width - 16, 16, '#ffffff', true), left: 8, top: 8 });
    let top = text.top;
    for (const [line, size, bold] of lines) {
      if (!line) continue;
      layers.push({ input: await textImage(line, text.width, size, '#000000', bold), left: text.left, top });
      top += size + 5;
    }
  } catch {
    // Without text rendering (a libvips without Pango) the preview still shows photo, colours and QR code.
  }
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite(layers)
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Cards per A4 page: 2 columns × 5 rows of ID-1 cards with cutting gaps. */
const COLUMNS = 2;
const ROWS = 5;
const GAP = mm(2);
const MARGIN_Y = mm(8);

/**
 * The cards as one A4 PDF at their real size (85.6 × 54 mm), ten to a page, with a thin grey cutting
 * line; the QR codes are vector drawings of '200|id|1|secret'.
 */
export function cardsPdf(cards: readonly CardContent[], title: string): Promise<Buffer> {
  return renderPdf({ title, margins: { top: MARGIN_Y, bottom: MARGIN_Y, left: mm(12), right: mm(12) } }, (pdf) => {
    const kit = pdf.kit;
    const width = mm(CARD_MM.width);
    const height = mm(CARD_MM.height);
    cards.forEach((card, index) => {
      const slot = index % (COLUMNS * ROWS);
      if (index > 0 && slot === 0) pdf.newPage();
      const x = pdf.left + (slot % COLUMNS) * (width + GAP);
      const y = MARGIN_Y + Math.floor(slot / COLUMNS) * (height + GAP);
      const layout = cardLayout(card.qrCodes);
      const at = (b: Box) => ({
        x: x + b.left * width,
        y: y + b.top * height,
        w: b.width * width,
        h: b.height * height,
      });
      const band = at(layout.band);
      kit.rect(band.x, band.y, band.w, band.h).fill(designColour(card.design));
      kit
        .font(pdfFonts.bold)
        .fontSize(11)
        .fillColor('white')
        .text(CARD_TITLE, band.x + mm(3), band.y + (band.h - 11) / 2, { width: band.w - mm(6), lineBreak: false });
      const photo = at(layout.photo);
      kit.image(card.photo, photo.x, photo.y, { width: photo.w, height: photo.h });
      const text = at(layout.text);
      kit.fillColor('black').font(pdfFonts.bold).fontSize(10);
      kit.text(card.name, text.x, text.y, { width: text.w, height: mm(10), ellipsis: true });
      kit
        .font(pdfFonts.regular)
        .fontSize(9)
        .text(card.className, text.x, kit.y + 2, { width: text.w, lineBreak: false });
      const birthday = birthdayLine(card.birthday);
      if (birthday)
        kit
          .fontSize(8)
          .fillColor('#444444')
          .text(birthday, text.x, kit.y + 2, { width: text.w, lineBreak: false });
      for (const qr of layout.qrCodes.map(at)) {
        pdf.qrCodeAt(cardQrText(card.childId, card.secret), qr.x, qr.y, { size: Math.min(qr.w, qr.h) });
      }
      kit.rect(x, y, width, height).lineWidth(0.3).stroke('#999999');
      kit.fillColor('black');
    });
  });
}
