import { z } from 'zod';
import { defineCallSpec } from '../../platform/call-spec';
import { jsonField, recordId } from '../../platform/wire';
import { fileRules, uploadedFileOf } from '../../platform/uploads';

/** German texts of ID cards and the scan station (school.md 4.6, 4.7, 5.2, 8). */
export const idCardMessages = {
  photoRequired: 'Bitte zuerst ein Foto zum Hochladen auswählen.',
  jpegOnly: fileRules.jpeg.message,
  unreadablePhoto: 'Das Foto konnte nicht gelesen werden.',
  noFace: 'Es wurde kein Gesicht erkannt.',
  noCards: 'Keine Karten gefunden. Bitte die Auswahl überprüfen',
  unknownCard: 'Das Kind hat keinen Ausweis.',
  invalidQr: 'Ungültiger QR-Code!',
  scanFailedTitle: 'Es ist ein Fehler aufgetreten',
  scanFailedText: 'Bitte erneut versuchen...',
  fileFailed: 'Die angeforderte Datei konnte nicht erzeugt werden. Bitte die Netzwerkverbindung prüfen.',
  noRight: 'Zugriff verweigert',
  qrOverText: 'Der QR-Code überdeckt den Text der Karte. Bitte den Abstand rechts oder unten vergrößern.',
} as const;

/** Business constants (school.md 9). */
export const ID_CARD_DEFAULTS = { faktor: 80, offsetx: 0, offsety: 0 } as const;
export const QR_DEFAULTS = { idTyp: 1, breite: 20, offsetx: 6, offsety: 3 } as const;
export const PREVIEW_WIDTH = 250;
/** ID-1 card (ISO/IEC 7810), the size of a bank card. */
export const CARD_MM = { width: 85.6, height: 54 } as const;
/** The photo on the card is a 3:4 portrait. */
export const PHOTO_ASPECT = 3 / 4;

/** Card designs: a name and the colour of the top band. */
export const cardDesigns = {
  1: { name: 'Blau', colour: '#1565c0' },
  2: { name: 'Grün', colour: '#2e7d32' },
  3: { name: 'Orange', colour: '#ef6c00' },
  4: { name: 'Grau', colour: '#455a64' },
} as const;
export type CardDesign = keyof typeof cardDesigns;
export const cardDesignIds = Object.keys(cardDesigns).map(Number) as CardDesign[];

const percent = (min: number, max: number) =>
  z
    .number({ error: 'Bitte eine Zahl angeben.' })
    .int('Bitte eine ganze Zahl angeben.')
    .min(min, `Mindestens ${min} %.`)
    .max(max, `Höchstens ${max} %.`);

/** Where a QR code sits: width and offsets (from the right and bottom edges) in % of the card. */
export interface QrPosition {
  breite: number;
  offsetx: number;
  offsety: number;
}

/**
 * One QR code on the card: type 1 = Anmelden/Abmelden; width and offsets in % of the card. A position
 * whose code would cover the text column (names, birthday) of the card's layout is refused at `offsetx`.
 */
export const qrCodeInput = z
  .object({
    id: z.number().int().min(0).max(99).default(0),
    idTyp: z.literal(1, { error: 'Unbekannter QR-Code-Typ.' }).default(1),
    breite: percent(10, 40).default(QR_DEFAULTS.breite),
    offsetx: percent(0, 60).default(QR_DEFAULTS.offsetx),
    offsety: percent(0, 60).default(QR_DEFAULTS.offsety),
  })
  .refine((qr: QrPosition) => !qrCoversText(qr), { message: idCardMessages.qrOverText, path: ['offsetx'] });
export type QrCodeInput = z.input<typeof qrCodeInput>;
export type QrCode = z.output<typeof qrCodeInput>;

const designField = z
  .number({ error: 'Bitte ein Design wählen.' })
  .int()
  .refine((value) => value in cardDesigns, 'Bitte ein Design wählen.');

/** The card's settings as the create form edits them (the same rules createKarte checks). */
export const cardSettingsInput = z.object({
  design: designField,
  gesichtauto: z.boolean(),
  /** The face's share of the photo's width in % (80: the face fills 80 % of the photo). */
  faktor: percent(20, 100),
  /** Moves the photo's frame by this share of its width/height (positive: right/down). */
  offsetx: percent(-50, 50),
  offsety: percent(-50, 50),
  qrCodes: z.array(qrCodeInput).max(2, 'Höchstens 2 QR-Codes.'),
});
export type CardSettingsInput = z.input<typeof cardSettingsInput>;

const card = cardSettingsInput.shape;

/** createKarte (multipart): the photo and the card's settings (numbers and JSON as form text). */
export const createCardRequest = {
  id_kind: recordId(),
  foto: uploadedFileOf(fileRules.jpeg),
  design: jsonField(card.design),
  gesichtauto: jsonField(card.gesichtauto),
  faktor: jsonField(card.faktor),
  offsetx: jsonField(card.offsetx),
  offsety: jsonField(card.offsety),
  qrCodes: jsonField(card.qrCodes),
};

export const idCardView = z.object({
  id: z.number(),
  id_kind: z.number(),
  design: z.number(),
  gesichtauto: z.boolean(),
  gesichtErkannt: z.boolean(),
  faktor: z.number(),
  offsetx: z.number(),
  offsety: z.number(),
  qrCodes: z.array(
    z.object({ id: z.number(), idTyp: z.number(), breite: z.number(), offsetx: z.number(), offsety: z.number() }),
  ),
  /** The portrait's frame in the upright photo (pixels) and the photo's size. */
  ausschnitt: z.object({ left: z.number(), top: z.number(), width: z.number(), height: z.number() }),
  fotoBreite: z.number(),
  fotoHoehe: z.number(),
  /**
   * The text of the card's QR code ('200|id|1|secret'): whoever sees the child may print the card and
   * so read it anyway.
   */
  qrInhalt: z.string(),
  /** The card as a JPEG data URL, 250 px wide. */
  vorschau: z.string(),
  /** German date and time of creation. */
  erstellt: z.string(),
});
export type IdCardView = z.infer<typeof idCardView>;

export const scanMessage = z.object({
  title: z.string(),
  text: z.string(),
  type: z.enum(['success', 'info', 'warning', 'error']),
  /** The scanned child, so the station shows its health icon and what applies today (issue 44). */
  id_kind: z.number().optional(),
});
export type ScanMessage = z.infer<typeof scanMessage>;

const cardsPath = '/_api/200/200/karten.php';
const fileReply = z.object({ status: z.literal('success'), file: z.string(), name: z.string() });

/** Calls of ID cards and the scan station (school.md 7.3; docs/api.md). */
export const idCardCalls = {
  getKarte: defineCallSpec({
    path: cardsPath,
    func: 'getKarte',
    request: { id_kind: recordId() },
    reply: z.object({ status: z.literal('success'), karte: idCardView.nullable() }),
  }),
  /** A new card replaces the child's card (and its QR secret). */
  createKarte: defineCallSpec({
    path: cardsPath,
    func: 'createKarte',
    request: createCardRequest,
    reply: z.object({
      status: z.literal('success'),
      gesichtErkannt: z.boolean(),
      created: z.object({ ergebnis: z.string() }),
      neuIDCard: idCardView,
    }),
    timeoutMs: 60_000,
  }),
  deleteKarte: defineCallSpec({
    path: cardsPath,
    func: 'deleteKarte',
    request: { id_kind: recordId() },
    reply: z.object({ status: z.literal('success') }),
  }),
  /** One child's card as a PDF (download.php). */
  getKartePdf: defineCallSpec({
    path: cardsPath,
    func: 'getKartePdf',
    request: { id_kind: recordId() },
    reply: fileReply,
    timeoutMs: 30_000,
  }),
  /** 'ID cards for all': the cards of every seen child of the chosen classes in one PDF. */
  getAllKarte: defineCallSpec({
    path: cardsPath,
    func: 'getAllKarte',
    request: {
      filterKlassen: jsonField(z.array(recordId()).min(1, 'Bitte mindestens eine Klasse wählen.').max(500)),
    },
    reply: fileReply.extend({ count: z.number() }),
    timeoutMs: 120_000,
  }),
  /** The scan station: a card's QR text toggles the child's attendance (answer: meldung). */
  scanKarte: defineCallSpec({
    path: '/_api/200/200/',
    func: 'scanKarte',
    request: { qr: z.string({ error: 'Bitte angeben.' }).max(200) },
    reply: z.object({ status: z.literal('success'), meldung: scanMessage }),
  }),
};

// ---------- QR codes ----------

const SECRET_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
const MAX_ID = 2 ** 31 - 1;

export interface CardQr {
  childId: number;
  type: 1;
  secret: string;
}

/** The text of a card's QR code: '200|<child id>|1|<secret>' (school.md 4.5). */
export function cardQrText(childId: number, secret: string): string {
  return `200|${childId}|1|${secret}`;
}

/** Reads a scanned text; null for anything that is not a card code ('Ungültiger QR-Code!'). */
export function parseCardQr(text: string): CardQr | null {
  const parts = text.trim().split('|');
  if (parts.length !== 4) return null;
  const [module, id, type, secret] = parts as [string, string, string, string];
  if (module !== '200' || type !== '1' || !/^[1-9]\d{0,9}$/.test(id) || !SECRET_PATTERN.test(secret)) return null;
  const childId = Number(id);
  if (childId > MAX_ID) return null;
  return { childId, type: 1, secret };
}

// ---------- layout math ----------

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface CropSettings {
  faktor: number;
  offsetx: number;
  offsety: number;
}

/**
 * The portrait frame (3:4) cut from a photo. With a face box the frame is as wide as the face divided
 * by the factor (80 %: the face fills 80 % of the width), centred on the face; without one it is the
 * largest centred frame. The offsets move it by a share of its own width/height. A frame larger than
 * the photo shrinks (keeping 3:4) and every frame is then moved inside the photo. Whole pixels.
 */
export function faceCropBox(image: { width: number; height: number }, face: Box | null, settings: CropSettings): Box {
  const maxWidth = Math.min(image.width, image.height * PHOTO_ASPECT);
  let width = face ? face.width / (settings.faktor / 100) : maxWidth;
  width = Math.max(1, Math.min(width, maxWidth));
  const height = width / PHOTO_ASPECT;
  const centreX = (face ? face.left + face.width / 2 : image.width / 2) + (settings.offsetx / 100) * width;
  const centreY = (face ? face.top + face.height / 2 : image.height / 2) + (settings.offsety / 100) * height;
  const w = Math.max(1, Math.min(image.width, Math.round(width)));
  const h = Math.max(1, Math.min(image.height, Math.round(height)));
  const left = Math.round(Math.min(Math.max(centreX - w / 2, 0), image.width - w));
  const top = Math.round(Math.min(Math.max(centreY - h / 2, 0), image.height - h));
  return { left, top, width: w, height: h };
}

/** Boxes on the card in fractions of its width and height (0..1), shared by the PDF and the preview. */
export interface CardLayout {
  band: Box;
  photo: Box;
  text: Box;
  qrCodes: Box[];
}

/**
 * The card: a coloured band on top (title), the portrait on the left, the names beside it, and the QR
 * codes: each `breite` % of the card's width square, `offsetx` % of the width from the right edge and
 * `offsety` % of the height from the bottom edge.
 */
export function cardLayout(qrCodes: readonly QrPosition[]): CardLayout {
  const ratio = CARD_MM.width / CARD_MM.height;
  const band: Box = { left: 0, top: 0, width: 1, height: 0.2 };
  const photoHeight = 0.7;
  const photoWidth = (photoHeight * PHOTO_ASPECT) / ratio;
  const photo: Box = { left: 0.05, top: 0.25, width: photoWidth, height: photoHeight };
  const qrBoxes = qrCodes.map((qr) => {
    const width = qr.breite / 100;
    const height = width * ratio;
    return {
      left: Math.max(0, 1 - qr.offsetx / 100 - width),
      top: Math.max(0, 1 - qr.offsety / 100 - height),
      width,
      height,
    };
  });
  const textLeft = photo.left + photo.width + 0.04;
  const textRight = Math.min(0.95, ...qrBoxes.map((box) => box.left - 0.02));
  const text: Box = { left: textLeft, top: 0.3, width: Math.max(0.1, textRight - textLeft), height: 0.6 };
  return { band, photo, text, qrCodes: qrBoxes };
}

/** Whether two boxes share an area (touching edges do not count). */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

/** Whether a QR code at this position covers the text column of the layout the PDF and the preview draw. */
export function qrCoversText(qr: QrPosition): boolean {
  const layout = cardLayout([qr]);
  return layout.qrCodes.some((box) => boxesOverlap(box, layout.text));
}

// ---------- scan station (kept on the device) ----------

export const RELOAD_SECONDS = { min: 30, max: 86_400 } as const;

export const scanSettings = z.object({
  urlDashboard: z.string().max(500).default(''),
  reload: z.boolean().default(true),
  reloadSeconds: z.number().int().min(RELOAD_SECONDS.min).max(RELOAD_SECONDS.max).default(300),
  iframeKlickbar: z.boolean().default(false),
  showGeburtstage: z.boolean().default(true),
  showGeburtstageIdsKlassen: z.array(z.number().int()).max(500).default([]),
});
export type ScanSettings = z.output<typeof scanSettings>;
export const SCAN_MESSAGE_MS = 6000;
export const BIRTHDAY_RECHECK_MS = 8000;
export const BIRTHDAY_CAROUSEL_HEIGHT = 30;

/**
 * The typed reload interval: its seconds, or the German reason on the field. A value below 30 s was stored as
 * 30 s without a word (issue 47); now the field says so and the station does not start with it.
 */
export function parseReloadSeconds(text: string): { seconds: number } | { error: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { error: 'Bitte eine ganze Zahl von Sekunden angeben.' };
  const seconds = Number(trimmed);
  if (seconds < RELOAD_SECONDS.min)
    return { error: `Mindestens ${RELOAD_SECONDS.min} Sekunden: öfter lädt die Scan-Station nicht neu.` };
  if (seconds > RELOAD_SECONDS.max) return { error: `Höchstens ${RELOAD_SECONDS.max} Sekunden (ein Tag).` };
  return { seconds };
}

/** The dashboard address is forced to https (school.md 5.2): 'http://' is replaced, no scheme gets 'https://'. */
export function forceHttps(url: string): string {
  const trimmed = url.trim();
  if (trimmed === '') return '';
  if (/^https:\/\//i.test(trimmed)) return trimmed;
  if (/^http:\/\//i.test(trimmed)) return `https://${trimmed.slice(7)}`;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}

/** Children of the chosen classes whose birthday is today (day 'YYYY-MM-DD'), with age = year − birth year. */
export function birthdaysToday<T extends { date_geburtstag: string; id_klasse: number }>(
  children: readonly T[],
  classIds: readonly number[],
  today: string,
): (T & { alter: number })[] {
  const monthDay = today.slice(5);
  const year = Number(today.slice(0, 4));
  return children
    .filter((child) => classIds.includes(child.id_klasse) && child.date_geburtstag.slice(5) === monthDay)
    .map((child) => ({ ...child, alter: year - Number(child.date_geburtstag.slice(0, 4)) }));
}
