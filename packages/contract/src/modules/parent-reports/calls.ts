import { z } from 'zod';
import { defineCallSpec, getOrSaveRequest } from '../../platform/call-spec';
import { ruledString } from '../../platform/schema';
import { fileRules, uploadedFileOf } from '../../platform/uploads';
import { tooLongMessage } from '../../platform/validation';
import { defineActions, recordId } from '../../platform/wire';
import { attachmentView, isoDay, timeField } from '../../platform/fields';
import { releaseTimeRangesCheck, reportSettings } from '../children';
import { parentReportsRights } from './definition';
import { ABSENT, REPORT_COMMENT_MAX, SICK } from './logic';
import {
  consentInput,
  consentRequestView,
  healthInput,
  healthProposalView,
  healthView,
  parentPickupInput,
  parentPickupRemoval,
  permissionInput,
  pickupView,
  sameDayInput,
} from '../children';

/** German texts of module 210, exactly as the specification words them (and ours where it says nothing). */
export const parentReportsMessages = {
  noChildren:
    'Fehler - Ihnen sind keine Kinder zugeordnet. Bitte wenden Sie sich an Ihre Einrichtung damit ihr Konto einem Kind zugeordnet wird.',
  noReports: 'Es wurden noch keine Meldung gesendet',
  noAttachments: 'Keine Anhänge angefügt',
  received: 'Die Meldung ist eingegangen. Vielen Dank.',
  chooseFile: 'Bitte eine Datei auswählen',
  chooseChild: 'Bitte mindestens ein Kind wählen.',
  chooseOption: 'Bitte eine Option wählen.',
  releaseTimeNotOffered: 'Diese Entlasszeit ist für die gewählten Kinder und Tage nicht möglich.',
  commentNotAllowed: 'Kommentare sind nicht erlaubt.',
  uploadNotAllowed: 'Anhänge sind nicht erlaubt.',
  unknownAttachment: 'Der Anhang existiert nicht.',
  tooManyUploads: 'Zu viele nicht gesendete Anhänge. Bitte zuerst die Meldung senden.',
  unknownReport: 'Die Meldung existiert nicht.',
  withdrawn: 'Die Meldung wurde zurückgezogen.',
  withdrawTooLate: 'Die Meldung kann nach der Meldefrist nicht mehr zurückgezogen werden.',
  alreadyWithdrawn: 'Die Meldung ist bereits zurückgezogen.',
  loadFailed: 'Die Daten konnten nicht geladen werden. Bitte die Netzwerkverbindung prüfen.',
  sendFailed: 'Die Meldung konnte nicht gesendet werden. Bitte die Netzwerkverbindung prüfen.',
  lateReportPush: 'Verspätete Meldung',
} as const;

const limited = (max: number, ...rules: Parameters<typeof ruledString>) =>
  ruledString(...rules).pipe(z.string().max(max, tooLongMessage(max)));

/** Most attachments per report and per upload call. */
export const REPORT_ATTACHMENTS_MAX = 5;

/**
 * The report settings (reportSettings, in the platform) are module 200's settings fields (school.md 3.3); 210's
 * settings tab edits the same stored values, so there is one source of truth (docs/architecture.md
 * "Parent reports (module 210)").
 */

/** A mailbox parents may write to (the 'Kontakt' tab), e.g. 'Hortleitung' – leitung@… */
export const contactMailbox = z.object({
  bezeichnung: limited(100, 'required', 'name'),
  email: limited(200, 'required', 'email'),
});
/** The organisation's contact details on the 'Kontakt' tab (module 210's own settings). */
export const contactSettings = z.object({
  kontakt_name: limited(200, 'name'),
  kontakt_adresse: limited(500, 'text'),
  kontakt_telefon: limited(50, 'telefon'),
  kontakt_email: limited(200, 'email'),
  kontakt_oeffnungszeiten: limited(2000, 'text'),
  kontakt_gruppen: z.array(contactMailbox).max(20),
  /** Same-day pickup changes (issue 44): parents send them for today until this time. */
  abholungHeute_spaetestensBis: timeField.default('12:00'),
});
export type ContactSettings = z.infer<typeof contactSettings>;
export const defaultContactSettings: ContactSettings = {
  kontakt_name: '',
  kontakt_adresse: '',
  kontakt_telefon: '',
  kontakt_email: '',
  kontakt_oeffnungszeiten: '',
  kontakt_gruppen: [],
  abholungHeute_spaetestensBis: '12:00',
};

export const parentReportsSettings = reportSettings.extend(contactSettings.shape);
export type ParentReportsSettings = z.infer<typeof parentReportsSettings>;
/** The settings as a save sends them: every release-time condition's range checked. */
export const parentReportsSettingsInput = parentReportsSettings.superRefine(releaseTimeRangesCheck);

/** The report form (school.md 3.3): children, absence/sickness/release time, from/to, comment, uploaded attachments. */
export const reportInput = z.object({
  kind: z.array(recordId()).min(1, parentReportsMessages.chooseChild).max(20),
  anwesenheit: z.union([z.literal(ABSENT), z.literal(SICK), timeField], {
    error: (issue) => (issue.input === undefined ? 'Bitte angeben.' : parentReportsMessages.chooseOption),
  }),
  kommentar: limited(REPORT_COMMENT_MAX, 'text').default(''),
  tag: isoDay,
  tag_bis: isoDay,
  /** Paths of files this user uploaded with upload.php and not yet sent (neuDokument[].pfad). */
  anhaenge: z.array(z.string().min(1).max(500)).max(REPORT_ATTACHMENTS_MAX).default([]),
});
export type ReportInput = z.input<typeof reportInput>;
export type ReportData = z.output<typeof reportInput>;

export const parentReportsActions = defineActions({
  /** Send a report: one exception per child and day. */
  meldung: { data: reportInput, rights: [parentReportsRights.report] },
  /** Withdraw one's own report of a day whose cut-off has not passed (beyond the spec). */
  widerrufen: { data: z.object({ id: recordId() }), rights: [parentReportsRights.report] },
  settings: { data: parentReportsSettingsInput, rights: [parentReportsRights.settings] },
  /** A standing permission to go home alone for one's own child ('Kontakt' tab; issue 44). */
  erlaubnis: { data: permissionInput, rights: [parentReportsRights.contact] },
  /** A same-day change for one's own child: 'geht heute allein um …' / 'wird heute abgeholt von …' (issue 44). */
  abholungHeute: { data: sameDayInput, rights: [parentReportsRights.report] },
  /** A yes or no for one's own child to a consent request, or revoking it later (issue 44). */
  einwilligung: { data: consentInput, rights: [parentReportsRights.contact] },
  /** Adds (id 0) or changes a pickup person of one's own child, with its validity ('Kontakt' tab; issue 44). */
  abholperson: { data: parentPickupInput, rights: [parentReportsRights.contact] },
  /** Removes a pickup person of one's own child (issue 44). */
  abholpersonEntfernen: { data: parentPickupRemoval, rights: [parentReportsRights.contact] },
  /** Proposes new health notes for one's own child; staff accept or reject it (issue 44). */
  gesundheitVorschlag: { data: healthInput, rights: [parentReportsRights.contact] },
});
export type ParentReportsSave = NonNullable<z.input<typeof parentReportsActions.field>>;

export const reportChild = z.object({
  id: z.number(),
  vorname: z.string(),
  nachname: z.string(),
  name: z.string(),
  id_klasse: z.number(),
  name_klasse: z.string(),
  /** The child's permission, pickup persons and what applies today (issue 44). */
  abholung: pickupView.optional(),
  /** The child's health and care notes (issue 44). */
  gesundheit: healthView.optional(),
  /** The parents' proposals to change them, newest first, with their state (issue 44). */
  gesundheitVorschlaege: z.array(healthProposalView).optional(),
});
export type ReportChild = z.infer<typeof reportChild>;

/** One exception a report made (a report for two children and three days makes six). */
export const reportHistoryEntry = z.object({
  id: z.number(),
  id_kind: z.number(),
  kind_name: z.string(),
  tag: z.string(),
  /** The day in German (TT.MM.YYYY). */
  tagValue: z.string(),
  anwesend: z.boolean(),
  entlasszeit: z.string(),
  anwesenheit_text: z.string(),
  /** The parent's own text (a sickness report's 'Krank: ' mark is in anwesenheit_text, not repeated here). */
  kommentar: z.string(),
  anhaenge: z.array(attachmentView),
  elternErstellt_tag: z.string(),
  elternErstellt_zeit: z.string(),
  aktiv: z.boolean(),
  /** Not active because a later report of the same child and day replaced it (else withdrawn when not active). */
  ersetzt: z.boolean(),
  /** Active and its day's cut-off not passed: the parent may still withdraw it. */
  widerrufbar: z.boolean(),
});
export type ReportHistoryEntry = z.infer<typeof reportHistoryEntry>;

export const parentReportsData = z.object({
  /** The caller's own children (parent account); empty for staff. */
  kinder: z.array(reportChild),
  settings: parentReportsSettings,
  /** The caller's own reports, newest first (at most 200). */
  historie: z.array(reportHistoryEntry),
  /** Classes for the release-time conditions (x|210|set only, else empty). */
  klassen: z.array(z.object({ id: z.number(), name: z.string() })),
  /** Consent requests for the caller's children with their answers (issue 44). */
  einwilligungen: z.array(consentRequestView).optional(),
  /** Today (Europe/Berlin) and the time 'HH:MM' as the server sees them. */
  heute: z.string(),
  jetzt: z.string(),
  /** Version stamp of the data (ms). */
  xtime: z.number(),
});
export type ParentReportsData = z.infer<typeof parentReportsData>;

export const parentReportsReply = z.object({
  status: z.literal('success'),
  save: parentReportsData,
  /** After meldung: whether it arrived after the cut-off, and the text to show. */
  meldung: z.object({ verspaetet: z.boolean(), text: z.string() }).optional(),
});
export type ParentReportsReply = z.infer<typeof parentReportsReply>;

export const uploadedDocument = z.object({ pfad: z.string(), name: z.string() });

const reportsPath = '/_api/200/210/';

/** Calls of module 210 (school.md 7.4; docs/api.md). */
export const parentReportsCalls = {
  /** Load (empty dataToSave) or run meldung / widerrufen / settings; answers the fresh data. Cached as f210. */
  getSettings: defineCallSpec({
    path: reportsPath,
    func: 'getSettings',
    request: getOrSaveRequest(parentReportsActions),
    reply: parentReportsReply,
    timeoutMs: 10_000,
    delta: { snapshot: 'save', collections: { kinder: 'id', historie: 'id', klassen: 'id' } },
  }),
  /**
   * Attachments of a report before it is sent (multipart file1, file2, …; PDF and images by content; none:
   * 'Bitte eine Datei auswählen').
   */
  upload: defineCallSpec({
    path: `${reportsPath}upload.php`,
    request: {
      file1: uploadedFileOf(fileRules.pdfOrImage).optional(),
      file2: uploadedFileOf(fileRules.pdfOrImage).optional(),
      file3: uploadedFileOf(fileRules.pdfOrImage).optional(),
      file4: uploadedFileOf(fileRules.pdfOrImage).optional(),
      file5: uploadedFileOf(fileRules.pdfOrImage).optional(),
    },
    reply: z.object({ status: z.literal('success'), neuDokument: z.array(uploadedDocument) }),
    timeoutMs: 60_000,
  }),
};
