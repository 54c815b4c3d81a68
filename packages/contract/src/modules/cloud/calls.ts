import { z } from 'zod';
import { conditionSchema } from '../../platform/api';
import { defineCallSpec, getOrSaveRequest } from '../../platform/call-spec';
import { slotFields } from '../../platform/slots';
import { defineActions, recordId } from '../../platform/wire';
import { check, tooLongMessage } from '../../platform/validation';
import { cloudRights } from './definition';
import { fileRules, uploadedFile, uploadedFileOf } from '../../platform/uploads';

/** Largest file one upload request may carry (20 MB); larger files are answered with tooLarge (413). */
export const CLOUD_MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Area of the stored slot files; the download rule lets only viewers of the slot fetch them. */
export const CLOUD_FILE_AREA = 'f100-130';

const TOPIC_MAX = 100;

export const cloudMessages = {
  slotDeleted: 'Slot erfolgreich gelöscht.',
  fileDeleted: 'Datei erfolgreich gelöscht.',
  topicDeleted: 'Thema erfolgreich gelöscht.',
  slotSaved: 'Der Slot wurde erfolgreich gespeichert.',
  settingsSaved: 'Die Einstellungen wurden erfolgreich gespeichert',
  topicMissing: 'Bitte gib ein Thema an.',
  fileMissing: 'Bitte mindestens eine Datei auswählen.',
  wrongFileType: 'Es können nur PDF-Dateien und Bilder (PNG, JPEG, GIF, WebP) hochgeladen werden.',
  fileTooLarge: 'Die Datei ist zu groß (höchstens 20 MB).',
  unknownSlot: 'Der Slot existiert nicht.',
  unknownFile: 'Die Datei existiert nicht.',
  unknownTopic: 'Das Thema existiert nicht.',
  tooLong: tooLongMessage(TOPIC_MAX),
  saveFailed: 'Die Daten konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.',
  /** Beyond school.md 8 (which reports nothing): an upload lost offline must not look like a success (issue 47). */
  uploadFailed: 'Die Dateien konnten nicht hochgeladen werden. Bitte die Netzwerkverbindung prüfen.',
  deleteFailed: 'Die Datei konnte nicht gelöscht werden. Bitte die Netzwerkverbindung prüfen.',
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
  /** The caller may add slots (x|130|000|adm or x|130|000|010, canAddSlots). */
  slotHinzufuegen: z.boolean(),
});
export type CloudData = z.infer<typeof cloudData>;

/** A slot as the edit dialog sends it: the shared slot fields (docs/architecture.md, Slots) plus its conditions. */
export const cloudSlotInput = z.object({
  ...slotFields,
  bedingungen: z.object({ f130: cloudConditions }),
});
export type CloudSlotInput = z.output<typeof cloudSlotInput>;

/**
 * The actions of getOrSaveSettings. uploadslot and deleteSlotDatei carry their fields beside
 * `dataToSave` (the specification's wire format), so their `data` is empty; per-slot conditions are
 * checked per record in the service, only the settings need a right of their own.
 */
export const cloudActions = defineActions({
  editslot: { data: cloudSlotInput },
  delslot: { data: z.object({ id: recordId() }) },
  settings: { data: cloudSettings, rights: [cloudRights.settings] },
  uploadslot: { data: z.unknown().optional() },
  deleteSlotDatei: { data: z.unknown().optional() },
});
export type CloudSave = NonNullable<z.input<typeof cloudActions.field>>;

const optionalText = z.string().max(500, tooLongMessage(500)).optional();

/** A topic: not blank ('Bitte gib ein Thema an.'), the name rule, at most 100 characters. */
export const cloudTopic = z
  .string({ error: cloudMessages.topicMissing })
  .trim()
  .min(1, cloudMessages.topicMissing)
  .superRefine((value, ctx) => {
    const message = check(value, ['name']);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  })
  .refine((value) => [...value].length <= TOPIC_MAX, cloudMessages.tooLong);

/** The fields uploadslot needs (read by the handler once the action is known). */
export const cloudUploadFields = z.object({
  upload4slotid: recordId(),
  thema: cloudTopic,
  file: uploadedFile,
});

/** deleteSlotDatei: one file (delDatei) or a whole topic (delThema); delDatei wins when both are sent. */
export const cloudDeleteFields = z.object({
  idSlot: recordId(),
  delDatei: recordId().optional(),
  delThema: cloudTopic.optional(),
});

export const cloudSaveReply = z.object({ status: z.literal('success'), save: cloudData, id: z.number().optional() });
export const cloudUploadReply = z.object({ status: z.literal('success'), neu: cloudFile, thema: z.string() });
export const cloudQrReply = z.object({ status: z.literal('success'), file: z.string(), name: z.string() });

/** Calls of module 130 (school.md section 7.1, docs/api.md). */
export const cloudCalls = {
  /**
   * One call for loading (empty dataToSave), the save actions, the multipart upload (one file per
   * request) and the file delete. Uploads and deletes answer from the fields beside dataToSave.
   */
  getOrSaveSettings: defineCallSpec({
    path: '/_api/100/130/',
    queryKey: 'getOrSaveSettings',
    request: getOrSaveRequest(cloudActions, {
      upload4slotid: recordId().optional(),
      thema: optionalText,
      /** The upload's file (PDF or image; the server judges the content). */
      file: uploadedFileOf(fileRules.pdfOrImage).optional(),
      filesCount: optionalText,
      filesCountMax: optionalText,
      idSlot: recordId().optional(),
      delThema: optionalText,
      delDatei: recordId().optional(),
    }),
    reply: z.union([cloudSaveReply, cloudUploadReply]),
  }),
  /** QR code PDF of a slot (slot admins), stored for the caller and fetched through download.php. */
  getQrCode: defineCallSpec({
    path: '/_api/100/130/',
    queryKey: 'getQR-Code',
    request: { id: recordId() },
    reply: cloudQrReply,
    timeoutMs: 30_000,
  }),
};
