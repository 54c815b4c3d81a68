import { z } from 'zod';
import { conditionSchema } from '../../platform/api';
import { defineCallSpec, getOrSaveRequest } from '../../platform/call-spec';
import { ruledString } from '../../platform/schema';
import { slotFields } from '../../platform/slots';
import { defineActions, newOrRecordId, recordId, storedId } from '../../platform/wire';
import { isIsoDate, tooLongMessage } from '../../platform/validation';
import { messages } from '../../platform/messages';
import { attendanceRights } from './definition';

export const attendanceMessages = {
  slotDeleted: 'Slot erfolgreich gelöscht.',
  pollDeleted: 'Anwesenheit erfolgreich gelöscht.',
  qrInvalid: 'Der gescannte QR-Code ist ungültig.',
  qrExpired: 'Der gescannte QR-Code ist nicht oder nicht mehr gültig.',
  qrNotAssessed: 'Sie sind in diesem Slot nicht als Teilnehmer/in eingetragen.',
  qrCheckedIn: 'Sie wurden erfolgreich als anwesend eingetragen.',
  empty: 'Noch keine Anwesenheiten vorhanden',
  noSlots: 'Keine Slots vorhanden',
  noParameters: 'Keine passenden Nutzerparameter gefunden',
  noPeople: 'Keine Daten gefunden',
  unknownSlot: 'Der Slot existiert nicht.',
  unknownPoll: 'Die Anwesenheit existiert nicht.',
  unknownPerson: 'Diese Person wird in diesem Slot nicht erfasst.',
  unknownParameter: 'Bitte einen Nutzerparameter vom Typ Einfachauswahl wählen.',
  unknownOption: 'Bitte eine Option dieses Nutzerparameters wählen.',
  qrScannedNotPresent: 'Der Status Anwesend ist hier nicht möglich.',
  closeOnlyManagers: 'Nur Verwaltende können Anwesenheiten schließen oder öffnen.',
  dataSaved: 'Die Daten wurden erfolgreich gespeichert.',
  settingsSaved: 'Die Einstellungen wurden erfolgreich gespeichert',
  saveFailed: 'Die Daten konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.',
  loadFailed: 'Die Daten konnten nicht geladen werden. Bitte die Netzwerkverbindung prüfen.',
  scanFailed: 'Es ist ein Fehler aufgetreten / Bitte erneut versuchen...',
  cameraFailed: messages.cameraFailed,
} as const;

/** Attendee statuses (school.md 4.1). */
export const attendeeStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type AttendeeStatus = z.infer<typeof attendeeStatus>;

/** A slot's QR value: 128 random bits in base64url (22 characters). */
export const QR_VALUE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const NAME_MAX = 100;
const TEXT_MAX = 5000;
const nameField = ruledString('required', 'name').pipe(z.string().max(NAME_MAX, tooLongMessage(NAME_MAX)));
const textField = ruledString('text').pipe(z.string().max(TEXT_MAX, tooLongMessage(TEXT_MAX)));
const id = storedId();
const isoDate = z
  .string({ error: 'Bitte angeben.' })
  .refine(isIsoDate, 'Bitte im folgenden Format angeben: TT.MM.YYYY');

export const slotConditions = z.object({
  pruefling: conditionSchema,
  sehen: conditionSchema,
  anwhinzufuegen: conditionSchema,
  anwbearbeiten: conditionSchema,
  bearbeiten: conditionSchema,
});
export type SlotConditions = z.infer<typeof slotConditions>;
export const conditionKeys = ['pruefling', 'sehen', 'anwhinzufuegen', 'anwbearbeiten', 'bearbeiten'] as const;

export const attendanceSettings = z.object({
  /** 0 = no leave parameter. */
  id_nutzerparameter_beurlaubt: id.nonnegative(),
  id_nutzerparameter_beurlaubt_selectoptionTrue: id.nonnegative(),
  standard_status: attendeeStatus,
  standard_status_qrscanned: attendeeStatus,
  standardbedingungen: z.object({ f150: slotConditions }),
});
export type AttendanceSettings = z.infer<typeof attendanceSettings>;

/** A slot as the edit dialog sends it: the shared slot fields (docs/architecture.md, Slots) plus its conditions. */
export const slotInput = z.object({
  ...slotFields,
  bedingungen: z.object({ f150: slotConditions }),
  /** Replace the slot's QR value (the old codes stop working). */
  neuerQrCode: z.boolean().default(false),
});
export type SlotInput = z.input<typeof slotInput>;

export const pollInput = z.object({
  id: newOrRecordId(),
  id_slot: recordId(),
  datum: isoDate,
  titel: nameField,
  beschreibung: textField.default(''),
  gaeste: textField.default(''),
  geschlossen: z.boolean().default(false),
  /** Statuses to set; people not listed keep theirs. */
  prueflinge: z
    .array(z.object({ id: recordId(), status: attendeeStatus }))
    .max(5000)
    .default([]),
});
export type PollInput = z.input<typeof pollInput>;

/** The save actions of getOrSaveSettings (per-slot conditions are checked per record in the service). */
export const attendanceActions = defineActions({
  editslot: { data: slotInput },
  delslot: { data: z.object({ id: recordId() }) },
  editanw: { data: pollInput },
  delanw: { data: z.object({ id: recordId() }) },
  settings: { data: attendanceSettings, rights: [attendanceRights.settings] },
});
export type AttendanceSave = NonNullable<z.input<typeof attendanceActions.field>>;

export const pollPerson = z.object({ id: z.number(), name: z.string(), status: attendeeStatus });
export const pollView = z.object({
  id: z.number(),
  id_slot: z.number(),
  datum: z.string(),
  titel: z.string(),
  beschreibung: z.string(),
  beschreibung_nl2br: z.string(),
  gaeste: z.string(),
  gaeste_nl2br: z.string(),
  status: z.enum(['offen', 'geschlossen']),
  geschlossen: z.boolean(),
  prueflinge: z.array(pollPerson),
  /** QR value of the poll (slot admins only, else ''). */
  qr_code: z.string(),
});
export type PollView = z.infer<typeof pollView>;

export const overviewRow = z.object({
  id: z.number(),
  name: z.string(),
  ohneStatus: z.number(),
  anwesend: z.number(),
  entschuldigt: z.number(),
  abwesend: z.number(),
  gesamt: z.number(),
});
export type OverviewRow = z.infer<typeof overviewRow>;

export const slotRights = z.object({
  pruefling: z.boolean(),
  sehen: z.boolean(),
  anwhinzufuegen: z.boolean(),
  anwbearbeiten: z.boolean(),
  bearbeiten: z.boolean(),
});
export type SlotRights = z.infer<typeof slotRights>;

export const slotView = z.object({
  id: z.number(),
  sort: z.string(),
  name: z.string(),
  bedingungen: z.object({ f150: slotConditions }),
  prueflinge: z.array(z.object({ id: z.number(), ident: z.string(), beurlaubt: z.boolean() })),
  anwesenheiten: z.array(pollView),
  /** QR value of the slot (slot admins only, else ''). */
  qr_code: z.string(),
  rechte: slotRights,
  /** Totals per person over all polls (viewers and admins only, else empty). */
  uebersicht: z.array(overviewRow),
});
export type SlotView = z.infer<typeof slotView>;

export const leaveParameter = z.object({
  id: z.number(),
  name: z.string(),
  typ: z.number(),
  selectoptions: z.array(z.object({ id: z.number(), wert: z.string() })),
});

export const attendanceData = z.object({
  slots: z.array(slotView),
  settings: attendanceSettings,
  /** Single-choice user parameters offered for the leave setting (x|150|set only, else empty). */
  nutzerparameter: z.array(leaveParameter),
  /** The user may add slots (x|150|000|adm or x|150|000|010, canAddSlots). */
  darfSlotsAnlegen: z.boolean(),
});
export type AttendanceData = z.infer<typeof attendanceData>;

export const getOrSaveAttendanceReply = z.object({ status: z.literal('success'), save: attendanceData });
export type GetOrSaveAttendanceReply = z.infer<typeof getOrSaveAttendanceReply>;

export const scannedQrCodeReply = z.object({
  status: z.literal('success'),
  /** true: not checked in; message says why. */
  errorQRcode: z.boolean(),
  message: z.string(),
  slotname: z.string(),
  /** The poll the user was checked into (0 on error). */
  id_anwesenheit: z.number(),
});
export type ScannedQrCodeReply = z.infer<typeof scannedQrCodeReply>;

export const getQrCodeReply = z.object({ status: z.literal('success'), file: z.string(), name: z.string() });

/** Calls of module 150 (school.md section 7.1/7.2; the transport of the save actions is our design, docs/api.md). */
export const attendanceCalls = {
  /** Load (empty dataToSave) or run one save action; answers the fresh data either way. */
  getOrSaveSettings: defineCallSpec({
    path: '/_api/100/150/',
    queryKey: 'getOrSaveSettings',
    request: getOrSaveRequest(attendanceActions),
    reply: getOrSaveAttendanceReply,
  }),
  scannedQrCode: defineCallSpec({
    path: '/_api/100/150/',
    queryKey: 'scannedQR-Code',
    request: { id: z.string({ error: 'Bitte angeben.' }).max(500) },
    reply: scannedQrCodeReply,
  }),
  getQrCode: defineCallSpec({
    path: '/_api/100/150/',
    queryKey: 'getQR-Code',
    request: {
      id: recordId(),
      type: z.enum(['slots', 'slots_anwesenheiten'], { error: 'Ungültiger Typ.' }),
    },
    reply: getQrCodeReply,
    timeoutMs: 30_000,
  }),
};
