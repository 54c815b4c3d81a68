import { z } from 'zod';
import { conditionSchema, sessionCode } from '../../platform/api';
import { jsonField, ruledString } from '../../platform/schema';
import { check } from '../../platform/validation';

/** Calls of module 130 (school.md section 7.1, docs/api.md). */
export const cloudPaths = {
  getOrSaveSettings: '/_api/100/130/?getOrSaveSettings',
  getQrCode: '/_api/100/130/?getQR-Code',
} as const;

export const CLOUD_TIMEOUT_MS = 10_000;
/** Largest file one upload request may carry (20 MB); larger files are answered with tooLarge (413). */
export const CLOUD_MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Area of the stored slot files; the download rule lets only viewers of the slot fetch them. */
export const CLOUD_FILE_AREA = 'f100-130';

export const cloudMessages = {
  slotDeleted: 'Slot erfolgreich gelöscht.',
  slotSaved: 'Der Slot wurde erfolgreich gespeichert.',
  settingsSaved: 'Die Einstellungen wurden erfolgreich gespeichert',
  topicMissing: 'Bitte gib ein Thema an.',
  fileMissing: 'Bitte mindestens eine Datei auswählen.',
  wrongFileType: 'Es können nur PDF-Dateien und Bilder (PNG, JPEG, GIF, WebP) hochgeladen werden.',
  fileTooLarge: 'Die Datei ist zu groß (höchstens 20 MB).',
  unknownSlot: 'Der Slot existiert nicht.',
  unknownFile: 'Die Datei existiert nicht.',
  unknownTopic: 'Das Thema existiert nicht.',
  tooLong: 'Der Text ist zu lang.',
  saveFailed: 'Die Daten konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.',
  qrFailed: 'Die angeforderte Datei konnte nicht erzeugt werden. Bitte die Netzwerkverbindung prüfen.',
  downloadFailed: 'Die angeforderte Datei konnte nicht heruntergeladen werden. Bitte die Netzwerkverbindung prüfen.',
  empty: 'Keine Slots vorhanden',
  noFiles: 'Noch keine Dateien vorhanden',
  settingsTitle: 'Einstellungen',
} as const;

/** The three per-slot conditions (school.md 3.1 and 6). */
export const cloudConditions = z.object({
  sehen: conditionSchema,
  upload: conditionSchema,
  bearbeiten: conditionSchema,
});
export type CloudConditions = z.infer<typeof cloudConditions>;

export const cloudSettings = z.object({ standardbedingungen: z.object({ f130: cloudConditions }) });
export type CloudSettings = z.infer<typeof cloudSettings>;

export const cloudFile = z.object({
  id: z.number(),
  titel: z.string(),
  endung: z.string(),
  ident_login_upload: z.string(),
  date_lastMod_de: z.string(),
  /** Logical path for ./_api/data/download.php. */
  pfad: z.string(),
  /** The caller may delete it (slot admin, or own upload). */
  loeschen: z.boolean(),
});
export type CloudFile = z.infer<typeof cloudFile>;

export const cloudSlot = z.object({
  id: z.number(),
  sort: z.string(),
  name: z.string(),
  bedingungen: z.object({ f130: cloudConditions }),
  /** Topic -> files, topics in alphabetical order, files newest first. */
  dateien: z.record(z.string(), z.array(cloudFile)),
  /** The address the slot's QR code encodes: app address + /130?s={id}. */
  qr_code: z.string(),
  /** What the caller may do in this slot. */
  rechte: z.object({ sehen: z.boolean(), upload: z.boolean(), bearbeiten: z.boolean() }),
});
export type CloudSlot = z.infer<typeof cloudSlot>;

export const cloudData = z.object({
  slots: z.array(cloudSlot),
  settings: cloudSettings,
  /** The caller may add slots (x|130|000|adm or x|130|000|010). */
  slotHinzufuegen: z.boolean(),
});
export type CloudData = z.infer<typeof cloudData>;

const nameMax = (max: number) => (value: string) => [...value].length <= max;

/** A slot as the edit dialog sends it; id 0 = new. */
export const cloudSlotInput = z.object({
  id: z.number().int().min(0),
  sort: ruledString('required', 'name', 'tinytext'),
  name: ruledString('required', 'name').refine(nameMax(100), cloudMessages.tooLong),
  bedingungen: z.object({ f130: cloudConditions }),
});
export type CloudSlotInput = z.infer<typeof cloudSlotInput>;

export const cloudDataToSave = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('editslot'), data: cloudSlotInput }),
    z.object({ type: z.literal('delslot'), data: z.object({ id: z.number().int().positive() }) }),
    z.object({ type: z.literal('settings'), data: cloudSettings }),
    z.object({ type: z.literal('uploadslot'), data: z.unknown().optional() }),
    z.object({ type: z.literal('deleteSlotDatei'), data: z.unknown().optional() }),
  ],
  { error: 'Unbekannte Aktion.' },
);
export type CloudDataToSave = z.infer<typeof cloudDataToSave>;

const optionalText = z.string().max(500).optional();

/**
 * getOrSaveSettings: one path for loading (no dataToSave), the save actions (form fields) and the
 * multipart upload / file delete. The fields each type needs are checked by the type's own schema.
 */
export const cloudRequest = z.object({
  code: sessionCode,
  dataToSave: jsonField(cloudDataToSave).optional(),
  upload4slotid: optionalText,
  thema: optionalText,
  file: z.unknown().optional(),
  filesCount: optionalText,
  filesCountMax: optionalText,
  idSlot: optionalText,
  delThema: optionalText,
  delDatei: optionalText,
});

const positiveId = z.coerce.number({ error: 'Ungültige Nummer.' }).int().positive('Ungültige Nummer.');

/** A topic: not blank ('Bitte gib ein Thema an.'), the name rule, at most 100 characters. */
export const cloudTopic = z
  .string({ error: cloudMessages.topicMissing })
  .trim()
  .min(1, cloudMessages.topicMissing)
  .superRefine((value, ctx) => {
    const message = check(value, ['name']);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  })
  .refine(nameMax(100), cloudMessages.tooLong);

/**
 * A file part as the server's multipart parser hands it over: streamed to a temporary file. Only the
 * parser can make one (it carries the `uploadedFileMark` symbol, which no JSON or form body can), so a
 * client can never name a server path as "its file".
 */
export const uploadedFileMark: unique symbol = Symbol('hortus.uploadedFile');
export interface UploadedFile {
  readonly [uploadedFileMark]: true;
  filename: string;
  mimetype: string;
  /** The temporary file on the server (removed after the call). */
  path: string;
  size: number;
}
export const uploadedFile = z.custom<UploadedFile>(
  (value) => typeof value === 'object' && value !== null && (value as Partial<UploadedFile>)[uploadedFileMark] === true,
  { error: (issue) => (issue.input === undefined ? 'Bitte angeben.' : 'Bitte eine Datei wählen.') },
);

export const cloudUploadFields = z.object({
  upload4slotid: positiveId,
  thema: cloudTopic,
  file: uploadedFile,
});

/** deleteSlotDatei: one file (delDatei) or a whole topic (delThema); delDatei wins when both are sent. */
export const cloudDeleteFields = z.object({
  idSlot: positiveId,
  delDatei: positiveId.optional(),
  delThema: cloudTopic.optional(),
});

export const cloudLoadReply = z.object({ status: z.literal('success'), save: cloudData });
export const cloudSaveReply = z.object({ status: z.literal('success'), save: cloudData, id: z.number().optional() });
export const cloudUploadReply = z.object({ status: z.literal('success'), neu: cloudFile, thema: z.string() });

export const cloudQrRequest = z.object({ code: sessionCode, id: positiveId });
export const cloudQrReply = z.object({ status: z.literal('success'), file: z.string(), name: z.string() });
