import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { and, asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { detectFileKind, formatGermanDateTime } from '@hortus/contract';
import {
  cardQrText,
  childrenMessages,
  faceCropBox,
  idCardMessages,
  parseCardQr,
  statusOf,
  type IdCardView,
  type QrCode,
  type ScanMessage,
} from '@hortus/contract/modules/children';
import type { UploadedFile } from '@hortus/contract';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { files as storedFiles } from '../../platform/db/schema';
import { withFiles } from '../../platform/files/files';
import { readStored } from '../../platform/files/store';
import { firstBytes } from '../../platform/files/first-bytes';
import { CallError, type AppContext, invalid } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { canChangeChildClass, canSeeChildClass } from './access';
import { requireChild, type ChildWithClass } from './access';
import { detectFace, normalisePhoto } from './face-detection';
import { cardPreview, type CardContent } from './id-cards-pdf';
import { childAttendance, childClasses, childIdCards, children } from './schema';
import { changeStatus } from './status';
import { berlinNow } from '../../platform/time/berlin-time';

type CardRow = typeof childIdCards.$inferSelect;

/** Portraits (nobody downloads them: no access rule is registered for this area). */
export const ID_CARD_AREA = 'f200-ausweis';
/** Portrait size kept for printing (3:4). */
const PORTRAIT = { width: 450, height: 600 };

export interface CreateCardInput {
  id_kind: number;
  foto: UploadedFile;
  design: number;
  gesichtauto: boolean;
  faktor: number;
  offsetx: number;
  offsety: number;
  qrCodes: QrCode[];
}

/** A random secret for the card's QR code (24 characters of base64url). */
function newSecret(): string {
  return randomBytes(18).toString('base64url');
}

function view(row: CardRow): IdCardView {
  return {
    id: row.childId,
    id_kind: row.childId,
    design: row.design,
    gesichtauto: row.faceAuto,
    gesichtErkannt: row.faceFound,
    faktor: row.factor,
    offsetx: row.offsetX,
    offsety: row.offsetY,
    qrCodes: row.qrCodes,
    ausschnitt: row.crop,
    fotoBreite: row.photoWidth,
    fotoHoehe: row.photoHeight,
    qrInhalt: cardQrText(row.childId, row.secret),
    vorschau: row.preview,
    erstellt: formatGermanDateTime(row.createdAt.getTime()),
  };
}

function content(
  child: ChildWithClass,
  card: Pick<CardRow, 'design' | 'qrCodes' | 'secret'>,
): Omit<CardContent, 'photo'> {
  return {
    name: `${child.vorname} ${child.nachname}`,
    className: child.className,
    birthday: child.birthday ?? '',
    design: card.design,
    qrCodes: card.qrCodes,
    childId: child.id,
    secret: card.secret,
  };
}

/**
 * createKarte (school.md 4.6): the photo must be a JPEG (by content); it is turned upright, the face
 * found (when gesichtauto), the portrait cut by the factor and offsets, and the card with a new QR
 * secret replaces the child's card. No face: the frame is the centred one and gesichtErkannt is false.
 */
export async function createCard(app: AppContext, user: Caller, input: CreateCardInput) {
  const child = await requireChild(app.db, user, input.id_kind, true);
  if (input.foto.size === 0) throw invalid('foto', idCardMessages.photoRequired);
  if (detectFileKind(await firstBytes(input.foto.path, 4))?.mime !== 'image/jpeg') {
    throw invalid('foto', idCardMessages.jpegOnly);
  }
  let photo;
  try {
    photo = await normalisePhoto(await readFile(input.foto.path));
  } catch {
    throw invalid('foto', idCardMessages.unreadablePhoto);
  }
  const face = input.gesichtauto ? await detectFace(photo) : null;
  const crop = faceCropBox(photo, face, input);
  const portrait = await sharp(photo.jpeg)
    .extract(crop)
    .resize(PORTRAIT.width, PORTRAIT.height, { fit: 'fill' })
    .jpeg({ quality: 88 })
    .toBuffer();
  const card = { design: input.design, qrCodes: input.qrCodes, secret: newSecret() };
  const preview = await cardPreview({ ...content(child, card), photo: portrait });
  const row = await withFiles(app, async (tx, files) => {
    await requireChild(tx, user, child.id, true);
    // The child's row serialises two cards made at once for the same child (the later one replaces).
    await tx.select({ id: children.id }).from(children).where(eq(children.id, child.id)).for('update');
    const [old] = await tx.select().from(childIdCards).where(eq(childIdCards.childId, child.id));
    const stored = await files.store({
      path: `${ID_CARD_AREA}/${child.id}/${randomBytes(12).toString('hex')}.jpg`,
      area: ID_CARD_AREA,
      ownerUserId: user.id,
      originalName: 'Ausweisfoto.jpg',
      mime: 'image/jpeg',
      bytes: portrait,
    });
    const values = {
      childId: child.id,
      photoFileId: stored.id,
      design: input.design,
      faceAuto: input.gesichtauto,
      faceFound: face !== null,
      factor: input.faktor,
      offsetX: input.offsetx,
      offsetY: input.offsety,
      qrCodes: input.qrCodes,
      secret: card.secret,
      crop,
      photoWidth: photo.width,
      photoHeight: photo.height,
      preview: `data:image/jpeg;base64,${preview.toString('base64')}`,
      createdAt: new Date(),
    };
    const [saved] = old
      ? await tx.update(childIdCards).set(values).where(eq(childIdCards.childId, child.id)).returning()
      : await tx.insert(childIdCards).values(values).returning();
    if (old) await files.remove([old.photoFileId]);
    if (!saved) throw new Error('ID card not saved');
    return saved;
  });
  return { gesichtErkannt: face !== null, karte: view(row) };
}

/** getKarte: the child's card or null (the child must be seen). */
export async function getCard(db: Db, user: Caller, childId: number): Promise<IdCardView | null> {
  await requireChild(db, user, childId, false);
  const [row] = await db.select().from(childIdCards).where(eq(childIdCards.childId, childId));
  return row ? view(row) : null;
}

/** deleteKarte: the card and its portrait (edit right on the child's class); its QR code stops working. */
export async function deleteCard(app: AppContext, user: Caller, childId: number): Promise<void> {
  await withFiles(app, async (tx, files) => {
    await requireChild(tx, user, childId, true);
    const [row] = await tx.select().from(childIdCards).where(eq(childIdCards.childId, childId));
    const card = requireRecord(row, { canSee: true }, idCardMessages.unknownCard);
    await tx.delete(childIdCards).where(eq(childIdCards.childId, childId));
    await files.remove([card.photoFileId]);
  });
}

async function photoBytes(app: AppContext, fileId: number): Promise<Buffer> {
  const [file] = await app.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
  if (!file) throw new Error(`ID card photo ${fileId} is missing`);
  const bytes = await readStored(app.fileStore, app.db, file.storageName);
  if (!bytes) throw new Error(`ID card photo ${fileId} has no stored bytes`);
  return bytes;
}

/** The printable content of one child's card (seen child with a card). */
export async function cardOfChild(app: AppContext, user: Caller, childId: number): Promise<CardContent> {
  const child = await requireChild(app.db, user, childId, false);
  const [row] = await app.db.select().from(childIdCards).where(eq(childIdCards.childId, childId));
  const card = requireRecord(row, { canSee: true }, idCardMessages.unknownCard);
  return { ...content(child, card), photo: await photoBytes(app, card.photoFileId) };
}

/** 'ID cards for all': the cards of the seen children of the chosen classes, by class and name. */
export async function cardsOfClasses(
  app: AppContext,
  user: Caller,
  classIds: readonly number[],
): Promise<CardContent[]> {
  const rows = await app.db
    .select({ card: childIdCards, child: children, klasse: childClasses })
    .from(childIdCards)
    .innerJoin(children, eq(children.id, childIdCards.childId))
    .innerJoin(childClasses, eq(childClasses.id, children.classId))
    .where(inArray(children.classId, [...new Set(classIds)]))
    .orderBy(asc(childClasses.name), asc(children.nachname), asc(children.vorname));
  const seen = rows.filter((row) => canSeeChildClass(row.klasse, user));
  if (seen.length === 0) throw invalid('filterKlassen', idCardMessages.noCards);
  const result: CardContent[] = [];
  for (const row of seen) {
    const child = { ...row.child, className: row.klasse.name };
    result.push({ ...content(child, row.card), photo: await photoBytes(app, row.card.photoFileId) });
  }
  return result;
}

function secretMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Two scans of one card within this time are one scan (a camera reads a code many times). */
export const SCAN_REPEAT_MS = 60_000;

const invalidQr: ScanMessage = { title: idCardMessages.invalidQr, text: '', type: 'error' };

/**
 * scanKarte (school.md 4.5, 4.7): a card's code checks the child in (not here → Anwesend now) or
 * releases it (Anwesend → Entlassen with the day plan's reason), through the same status change as the
 * list, with the same rules (not expected today → refused; edit right on the class). A code whose
 * secret does not match the child's card, an unknown or unseen child: 'Ungültiger QR-Code!'.
 */
export async function scanCard(db: Db, user: Caller, text: string, now = Date.now()): Promise<ScanMessage> {
  const qr = parseCardQr(text);
  if (!qr) return invalidQr;
  const [row] = await db
    .select({ card: childIdCards, child: children, klasse: childClasses })
    .from(childIdCards)
    .innerJoin(children, eq(children.id, childIdCards.childId))
    .innerJoin(childClasses, eq(childClasses.id, children.classId))
    .where(eq(childIdCards.childId, qr.childId));
  if (!row || !secretMatches(row.card.secret, qr.secret) || !canSeeChildClass(row.klasse, user)) {
    return invalidQr;
  }
  const name = `${row.child.vorname} ${row.child.nachname} (${row.klasse.name})`;
  if (!canChangeChildClass(row.klasse, user)) {
    return { title: idCardMessages.noRight, text: name, type: 'error' };
  }
  const { day } = berlinNow(now);
  const [attendance] = await db
    .select()
    .from(childAttendance)
    .where(and(eq(childAttendance.childId, row.child.id), eq(childAttendance.day, day)));
  const status = statusOf(attendance ? { zeit_bis: attendance.timeTo } : null);
  const recent = attendance && now - attendance.changedAt.getTime() < SCAN_REPEAT_MS;
  if (status === 2) {
    return {
      title: 'Bereits entlassen',
      text: `${name} wurde um ${attendance?.timeTo ?? ''} Uhr entlassen.`,
      type: 'info',
    };
  }
  if (status === 1 && recent) {
    return {
      title: 'Bereits angemeldet',
      text: `${name} ist seit ${attendance?.timeFrom ?? ''} Uhr da.`,
      type: 'info',
    };
  }
  try {
    await changeStatus(
      db,
      user,
      { id_kind: row.child.id, neuStatus: status === 1 ? 2 : 1, nurEntlassenRueckgaengig: false },
      now,
    );
  } catch (error) {
    if (error instanceof CallError && error.status === 'validationError') {
      const reason = Object.values(error.errors)[0]?.[0] ?? error.message;
      return {
        title: reason === childrenMessages.notExpected ? 'Nicht erwartet' : 'Nicht möglich',
        text: `${name}: ${reason}`,
        type: 'warning',
      };
    }
    throw error;
  }
  const { time } = berlinNow(now);
  const id_kind = row.child.id;
  return status === 1
    ? { title: 'Abgemeldet', text: `${name} ist um ${time} Uhr entlassen.`, type: 'success', id_kind }
    : { title: 'Angemeldet', text: `${name} ist seit ${time} Uhr da.`, type: 'success', id_kind };
}
