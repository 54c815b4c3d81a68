import { z } from 'zod';
import { conditionSchema, userParameter } from '../../platform/api';
import { LONG_TEXT_MAX } from '../../platform/users';
import { defineCallSpec, getOrSaveRequest } from '../../platform/call-spec';
import type { DeltaShape } from '../../platform/delta';
import { ruledString } from '../../platform/schema';
import { tooLongMessage } from '../../platform/validation';
import { optionalIsoDayField, pastDayError } from '../../platform/fields';
import {
  MAX_RECORD_ID,
  defineActions,
  jsonField,
  newOrRecordId,
  recordId,
  storedId,
  wireMessages,
} from '../../platform/wire';
import { fileRules, uploadedFileOf } from '../../platform/uploads';
import { attachmentView, isoDay, timeField } from '../../platform/fields';
import { releaseTimeRangesCheck, reportSettings } from './report-settings';
import { childrenRights } from './definition';
import { formBoolean, importReply, importRequest, listExportReply, listExportRequest } from '../../platform/import';
import { releaseReasons } from './logic';
import { versionInput, versionView } from '../../platform/versions';
import { healthInput, healthView, permissionInput, pickupView, releaseMessages } from './release';
import { consentRequestInput, consentRequestView } from './consents';
import { healthDecisionInput, healthProposalView } from './health-proposals';

/** German texts of module 200, exactly as the specification words them (and ours where it says nothing). */
export const childrenMessages = {
  noChildren: 'Keine Kinder gefunden',
  noChildrenAvailable: 'Keine Kinder verfügbar',
  noExceptions: 'Keine Ausnahmen gefunden',
  noParents: 'Keine Eltern gefunden',
  saveFailed: 'Die Einstellungen konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.',
  diaryFailed: 'Verbindungsfehler. Bitte die Netzwerkverbindung prüfen.',
  unknownParameter: 'Dieser Parameter gilt nicht für Elternkonten.',
  tooManyAttachments: 'Höchstens 10 Anhänge je Ausnahme.',
  unknownAttachment: 'Der Anhang existiert nicht.',
  /** The edit dialog could not load the child's details (getKind). */
  /** The children list could not be loaded (no copy on the device, no network). */
  loadFailed: 'Die Kinder konnten nicht geladen werden. Bitte die Netzwerkverbindung prüfen.',
  detailsFailed: 'Die Daten des Kindes konnten nicht geladen werden. Bitte die Netzwerkverbindung prüfen.',
  resetFailed: 'Das Passwort konnte nicht zurückgesetzt werden. Bitte die Netzwerkverbindung prüfen.',
  fileFailed: 'Die angeforderte Datei konnte nicht erzeugt werden. Bitte die Netzwerkverbindung prüfen.',
  unknownChild: 'Das Kind existiert nicht.',
  unknownClass: 'Die Klasse existiert nicht.',
  unknownParent: 'Das Elternkonto existiert nicht.',
  parentHasHiddenChildren: 'Dieses Elternkonto dürfen Sie nur ändern, wenn Sie alle seine Kinder bearbeiten dürfen.',
  unknownException: 'Die Ausnahme existiert nicht.',
  unknownDocument: 'Das Dokument existiert nicht.',
  wrongFileType: fileRules.pdfOrImage.message,
  noDocuments: 'Keine Dokumente vorhanden',
  classRequired: 'Bitte eine Klasse wählen.',
  classHasChildren: 'Die Klasse enthält noch Kinder und kann nicht gelöscht werden.',
  notExpected: 'Das Kind wird heute nicht erwartet.',
  notCheckedIn: 'Das Kind ist nicht angemeldet.',
  notReleased: 'Das Kind ist nicht entlassen.',
  releasedNoException: 'Für ein bereits entlassenes Kind kann heute keine Ausnahme mehr angelegt werden.',
  parentException: 'Von Eltern erstellte Ausnahmen können nicht bearbeitet werden.',
  oneRecurringPerWeekday: 'Pro Wochentag ist nur eine Regelausnahme möglich.',
  noParentGroup: 'Bitte zuerst in den Einstellungen die Elterngruppe wählen.',
  unknownGroup: 'Die Gruppe existiert nicht.',
  userNameTaken: 'Dieser Benutzername ist bereits vergeben.',
  unknownSibling: 'Geschwister müssen sichtbare Kinder sein.',
  childDeleted: 'Das Kind wurde gelöscht.',
  parentDeleted: 'Das Elternkonto wurde gelöscht.',
  defaultExceptionComment: 'geht nach Schulschluss',
  letterTitle: 'Zugangsdaten',
  passwordChanged: '(bereits vom Elternkonto geändert)',
  notYetHere: 'Noch nicht da',
} as const;

const limited = (max: number, ...rules: Parameters<typeof ruledString>) =>
  ruledString(...rules).pipe(z.string().max(max, tooLongMessage(max)));

export const NAME_MAX = 100;
/** How far back a child's birthday may lie. */
export const BIRTHDAY_YEARS_MAX = 20;
export const RECURRING_COMMENT_MAX = 25;
export const EXCEPTION_COMMENT_MAX = 100;
export const DIARY_MAX = 10_000;
export const LETTER_TEXT_MAX = 5_000;

const personName = limited(NAME_MAX, 'required', 'name');
const ids = z.array(recordId()).max(5000);

// ---------- settings ----------

export const childrenSettings = z.object({
  /** The user group whose members are the parent accounts (0 = none chosen). */
  id_nutzergruppe_eltern: storedId(),
  standardbetreuungsplatz: timeField,
  standardentlasszeit: timeField,
  eltern_elternbriefLogindaten_appurl: limited(500, 'httpUrl'),
  eltern_elternbriefLogindaten_textBeforeLogindata: limited(LETTER_TEXT_MAX, 'text'),
  eltern_elternbriefLogindaten_textAfterLogindata: limited(LETTER_TEXT_MAX, 'text'),
  /** The device keeps the module's data for offline use. */
  dataOffline: z.boolean(),
  ...reportSettings.shape,
});
export type ChildrenSettings = z.infer<typeof childrenSettings>;

/** The settings as a save sends them (see releaseTimeRangesCheck). */
export const childrenSettingsInput = childrenSettings.superRefine(releaseTimeRangesCheck);

export const defaultChildrenSettings: ChildrenSettings = {
  id_nutzergruppe_eltern: 0,
  standardbetreuungsplatz: '11:30',
  standardentlasszeit: '15:00',
  eltern_elternbriefLogindaten_appurl: '',
  eltern_elternbriefLogindaten_textBeforeLogindata:
    'Liebe Eltern,\nmit den folgenden Zugangsdaten können Sie sich in unserer App anmelden.',
  eltern_elternbriefLogindaten_textAfterLogindata:
    'Bitte ändern Sie das Startpasswort nach der ersten Anmeldung.\nIhr Hort-Team',
  dataOffline: false,
  anwesenheitMeldungSpaetestensBis: '08:00',
  moeglicheEntlasszeiten: [],
  moeglicheEntlasszeiten_bedingungen: {},
  meldung_erlaubeKommentar: true,
  meldung_erlaubeDateiupload: true,
  text_alertVorMeldungsformular: '',
  text_meldungVerpaetet:
    'Ihre Meldung ist nach [[ZEIT_SPAETESTENS]] Uhr eingegangen. Bitte informieren Sie den Hort zusätzlich telefonisch.',
};

// ---------- classes ----------

export const classConditions = z.object({ f200: z.object({ sehen: conditionSchema, bearbeiten: conditionSchema }) });
export type ClassConditions = z.infer<typeof classConditions>;

export const classNameField = ruledString('required', 'tinytext', 'name');
export const classInput = z.object({
  id: newOrRecordId(),
  name: classNameField,
  bedingungen: classConditions,
  ...versionInput,
});
export type ClassInput = z.input<typeof classInput>;
export type ClassData = z.output<typeof classInput>;

/** The classes as the 'Klassen' settings save them (the web's settings form checks with it too). */
export const classesInput = z.object({
  klassen: z.array(classInput).max(200),
  /** Ids of classes to delete (only classes without children). */
  geloescht: ids.max(200).default([]),
});

export const classView = z.object({
  id: z.number(),
  name: z.string(),
  bedingungen: classConditions,
  /** The caller's rights on this class. */
  sehen: z.boolean(),
  bearbeiten: z.boolean(),
  anzahlKinder: z.number(),
  ...versionView,
});
export type ClassView = z.infer<typeof classView>;

// ---------- children ----------

export const recurringExceptionInput = z.object({
  id: newOrRecordId(),
  wochentag: z.number({ error: 'Bitte angeben.' }).int().min(1).max(7),
  anwesend: z.boolean(),
  entlasszeit: timeField,
  kommentar: limited(RECURRING_COMMENT_MAX, 'nameMore').default(''),
});
export type RecurringExceptionInput = z.input<typeof recurringExceptionInput>;

export const exceptionInput = z.object({
  id: newOrRecordId(),
  tag: isoDay,
  anwesend: z.boolean(),
  entlasszeit: timeField,
  kommentar: limited(EXCEPTION_COMMENT_MAX, 'name').default(''),
});
export type ExceptionInput = z.input<typeof exceptionInput>;

export const phoneInput = z.object({
  id: newOrRecordId(),
  name: personName,
  nummer: limited(50, 'required', 'telefon'),
});
export type PhoneInput = z.input<typeof phoneInput>;

/** Authorised pickup person (beyond the spec). */
export const pickupPersonInput = z
  .object({
    id: newOrRecordId(),
    name: personName,
    beziehung: limited(50, 'name').default(''),
    telefon: limited(50, 'telefon').default(''),
    notiz: limited(200, 'nameMore').default(''),
    /** Validity (issue 44; '' = open). */
    gueltigVon: optionalIsoDayField().default(''),
    gueltigBis: optionalIsoDayField().default(''),
  })
  .refine((value) => value.gueltigVon === '' || value.gueltigBis === '' || value.gueltigVon <= value.gueltigBis, {
    path: ['gueltigBis'],
    message: releaseMessages.validityRange,
  });
export type PickupPersonInput = z.input<typeof pickupPersonInput>;

/** 210 abholperson (issue 44): a parent adds (id 0) or changes a pickup person of their own child. */
export const parentPickupInput = z.object({ id_kind: recordId(), person: pickupPersonInput });
export type ParentPickupInput = z.input<typeof parentPickupInput>;
export type ParentPickupData = z.output<typeof parentPickupInput>;

/** 210 abholpersonEntfernen (issue 44): a parent removes a pickup person of their own child. */
export const parentPickupRemoval = z.object({ id_kind: recordId(), id: recordId() });
export type ParentPickupRemoval = z.output<typeof parentPickupRemoval>;

export const childInput = z.object({
  id: newOrRecordId(),
  vorname: personName,
  nachname: personName,
  id_klasse: z
    .number({ error: 'Bitte angeben.' })
    .int()
    .max(MAX_RECORD_ID, wireMessages.invalidId)
    .refine((value) => value > 0, 'Bitte eine Klasse wählen.'),
  junge: z.boolean().default(true),
  /** Not in the future, not more than 20 years back (a Hort child). */
  date_geburtstag: optionalIsoDayField()
    .superRefine((value, ctx) => {
      const message = pastDayError(value, 'Der Geburtstag', BIRTHDAY_YEARS_MAX);
      if (message !== null) ctx.addIssue({ code: 'custom', message });
    })
    .default(''),
  betreuungsplatz: timeField,
  standardentlasszeit: timeField,
  regelausnahmen: z.array(recurringExceptionInput).max(7).default([]),
  ...versionInput,
});
export type ChildInput = z.input<typeof childInput>;

export const editChildInput = z.object({
  kind: childInput,
  /** Parent account (0 = none). */
  id_eltern: storedId().default(0),
  /** The child's staff exceptions (parents' exceptions are kept as they are and may not be sent changed). */
  ausnahmen: z.array(exceptionInput).max(500).default([]),
  telefonnummern: z.array(phoneInput).max(20).default([]),
  geschwister: ids.max(20).default([]),
  abholberechtigte: z.array(pickupPersonInput).max(20).default([]),
});
export type EditChildInput = z.input<typeof editChildInput>;
export type EditChildData = z.output<typeof editChildInput>;

export const statusInput = z.object({
  id_kind: recordId(),
  neuStatus: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: 'Ungültiger Status.' }),
  neuZeit_von: timeField.optional(),
  neuZeit_bis: timeField.optional(),
  entlassgrund: limited(200, 'nameMore').optional(),
  vorname: z.string().max(NAME_MAX).optional(),
  nachname: z.string().max(NAME_MAX).optional(),
  klasse: z.string().max(NAME_MAX).optional(),
  idKlasse: storedId().optional(),
  nurEntlassenRueckgaengig: z.boolean().default(false),
  /** Who picked the child up (issue 44; a listed pickup person or another named person). */
  abgeholtVon: limited(100, 'name').optional(),
});
export type StatusInput = z.input<typeof statusInput>;
export type StatusData = z.output<typeof statusInput>;

export const parentInput = z.object({
  id: newOrRecordId(),
  nn: limited(50, 'required', 'nn'),
  vorname: limited(NAME_MAX, 'name').default(''),
  nachname: limited(NAME_MAX, 'name').default(''),
  ids_kinder: ids.max(20).default([]),
  /** The parent's user parameters with condition f200 (text values / chosen ids keyed by parameter id). */
  nutzerparameterwerte: z.record(z.string(), z.string().max(LONG_TEXT_MAX * 2)).default({}),
  nutzerparameterwerteSelectoptionIDs: z.record(z.string(), ids.max(500)).default({}),
  ...versionInput,
});
export type ParentInput = z.input<typeof parentInput>;
export type ParentData = z.output<typeof parentInput>;

export const childrenActions = defineActions({
  anwesenheitsstatus: { data: statusInput },
  editKind: { data: editChildInput },
  delKind: { data: z.object({ id: recordId() }), rights: [childrenRights.addDelete] },
  editEltern: { data: z.object({ eltern: parentInput }), rights: [childrenRights.parents] },
  delEltern: { data: z.object({ eltern: z.object({ id: recordId() }) }), rights: [childrenRights.parents] },
  /** Our transport of the parent password reset (the spec's settings/resetPW is user administration's). */
  resetElternPW: { data: z.object({ id: recordId() }), rights: [childrenRights.parents] },
  settings: { data: childrenSettingsInput, rights: [childrenRights.settings] },
  klassen: { data: classesInput, rights: [childrenRights.settings] },
  /** Staff record a signed paper permission to go home alone (issue 44; edit right on the child's class). */
  erlaubnis: { data: permissionInput },
  /** A child's health and care notes (issue 44; edit right on the child's class). */
  gesundheit: { data: healthInput },
  /** Accept or reject a parent's proposal of health notes (issue 44; edit right on the child's class). */
  gesundheitVorschlagEntscheiden: { data: healthDecisionInput },
  /** A consent request to the parents of chosen classes (issue 44). */
  einwilligungAnfrage: { data: consentRequestInput, rights: [childrenRights.consents] },
  /** Reminds the parents who have not answered a request yet, by push (issue 44). */
  einwilligungErinnern: { data: z.object({ id: recordId() }), rights: [childrenRights.consents] },
});
export type ChildrenSave = NonNullable<z.input<typeof childrenActions.field>>;

// ---------- views ----------

export const recurringExceptionView = z.object({
  id: z.number(),
  wochentag: z.number(),
  anwesend: z.boolean(),
  entlasszeit: z.string(),
  kommentar: z.string(),
});
export const exceptionView = z.object({
  id: z.number(),
  tag: z.string(),
  anwesend: z.boolean(),
  entlasszeit: z.string(),
  kommentar: z.string(),
  anhaenge: z.array(attachmentView),
  elternErstellt: z.boolean(),
  /** German date and time the parent sent it ('' for staff exceptions). */
  elternErstellt_tag: z.string(),
  elternErstellt_zeit: z.string(),
  aktiv: z.boolean(),
});
export type ExceptionView = z.infer<typeof exceptionView>;

/** school.md's anwesenheitHeute; time_angemeldet/time_abgemeldet repeat zeit_von/zeit_bis ('' while here). */
export const attendanceToday = z.object({
  id: z.number(),
  tag: z.string(),
  zeit_von: z.string(),
  time_angemeldet: z.string(),
  zeit_bis: z.string().nullable(),
  time_abgemeldet: z.string(),
  entlassgrund: z.string(),
  /** Comment of today's recurring exception ('' if none). */
  entlassgrundRegelausnahme: z.string(),
  /** Comment of today's one-off exception when it decides the day ('' otherwise). */
  entlassgrundAusnahme: z.string(),
  /** Who picked the child up ('' = alone or not asked; issue 44). */
  abgeholtVon: z.string().optional(),
  status: z.number(),
  anwesendHeuteBis: z.string(),
});
export type AttendanceToday = z.infer<typeof attendanceToday>;

export const phoneView = z.object({ id: z.number(), id_eltern: z.number(), name: z.string(), nummer: z.string() });
export const pickupPersonView = z.object({
  id: z.number(),
  name: z.string(),
  beziehung: z.string(),
  telefon: z.string(),
  notiz: z.string(),
  gueltigVon: z.string().optional(),
  gueltigBis: z.string().optional(),
});
export const documentView = z.object({ id: z.number(), pfad: z.string(), name: z.string(), art: z.string() });

export const childView = z.object({
  id: z.number(),
  id_elternkonto: z.number(),
  id_eltern: z.number(),
  id_klasse: z.number(),
  idKlasse: z.number(),
  name_klasse: z.string(),
  vorname: z.string(),
  nachname: z.string(),
  name: z.string(),
  nameMitKlasse: z.string(),
  nameVollst: z.string(),
  junge: z.boolean(),
  date_geburtstag: z.string(),
  betreuungsplatz: z.string(),
  standardentlasszeit: z.string(),
  geschwister: z.array(z.number()),
  /** Details (getKind); empty in the list load. */
  telefonnummern: z.array(phoneView),
  regelausnahmen: z.array(recurringExceptionView),
  /** One-off exceptions: today's in the list load, from 30 days ago on in the details (getKind). */
  ausnahmen: z.array(exceptionView),
  abholberechtigte: z.array(pickupPersonView),
  /** 0 Abwesend, 1 Anwesend, 2 Entlassen. */
  anwesenheitsstatus: z.number(),
  /** Expected today (the day's plan). */
  anwesend: z.boolean(),
  /** Release time of today's plan. */
  anwesendHeuteBis: z.string(),
  entlassgrund: z.enum(releaseReasons),
  entlassgrundKommentar: z.string(),
  anwesenheitHeute: attendanceToday.nullable(),
  /** Details (getKind); empty in the list load. */
  tagebucheintraege: z.record(z.string(), z.string()),
  /** Details (getKind); empty in the list load. */
  dokumente: z.array(documentView),
  /** The caller may edit the child (edit right on its class). */
  allowEdit: z.boolean(),
  /** What applies to its release today, its permission and pickup persons (issue 44). */
  abholung: pickupView.optional(),
  /** Health and care notes (issue 44). */
  gesundheit: healthView.optional(),
  /** Parents' open proposals to change the health notes (issue 44; details only, getKind). */
  gesundheitVorschlaege: z.array(healthProposalView).optional(),
  ...versionView,
});
export type ChildView = z.infer<typeof childView>;

export const parentView = z.object({
  id: z.number(),
  nn: z.string(),
  name: z.string(),
  vorname: z.string(),
  nachname: z.string(),
  anzahlKinder: z.number(),
  ids_kinder: z.array(z.number()),
  kinder: z.array(z.object({ id: z.number(), name: z.string() })),
  telefonnummern: z.array(phoneView),
  nutzer: z.object({
    id: z.number(),
    nn: z.string(),
    rootPW: z.boolean(),
    /** The parent group's parameters the caller sees by condition f200 (`bearbeiten`: may change). */
    nutzerparameter: z.array(userParameter.extend({ bearbeiten: z.boolean() })),
    nutzerparameterwerte: z.record(z.string(), z.string()),
    nutzerparameterwerteSelectoptionIDs: z.record(z.string(), z.array(z.number())),
  }),
  ...versionView,
});
export type ParentView = z.infer<typeof parentView>;

export const attendanceRow = z.object({
  id_kind: z.number(),
  tag: z.string(),
  vorname: z.string(),
  nachname: z.string(),
  id_klasse: z.number(),
  name_klasse: z.string(),
  anwesend: z.boolean(),
  von: z.string(),
  bis: z.string(),
  entlassgrund: z.string(),
});

export const childrenData = z.object({
  settings: childrenSettings,
  klassen: z.array(classView),
  kinder: z.array(childView),
  /** Parent accounts (x|200|100 only, else empty). */
  eltern: z.array(parentView),
  /** Today's attendance of the visible children. */
  anwesenheiten: z.array(attendanceRow),
  anwesenheitenMonate: z.array(z.string()),
  anwesenheitenDokumente: z.array(z.string()),
  /** User groups (id, name) for the class conditions and the parent group (x|200|set only, else empty). */
  gruppen: z.array(z.object({ id: z.number(), name: z.string() })),
  /** Consent requests with the answers for the children the caller sees (issue 44). */
  einwilligungen: z.array(consentRequestView).optional(),
  /** Today (Europe/Berlin) as the server sees it. */
  heute: z.string(),
  xtime: z.number(),
});
export type ChildrenData = z.infer<typeof childrenData>;

export const childrenReply = z.object({
  status: z.literal('success'),
  save: childrenData,
  /** editEltern of a new account and resetElternPW: the generated start password, shown once. */
  neuPW: z.string().optional(),
  /** delEltern: the parent's children were updated. */
  kindUpdated: z.boolean().optional(),
  /** einwilligungErinnern: how many parent accounts were reminded. */
  erinnert: z.number().optional(),
});
export type ChildrenReply = z.infer<typeof childrenReply>;

// ---------- widget 2 ----------

export const w2Exception = z.object({
  id: z.number(),
  id_kind: z.number(),
  kind_vorname: z.string(),
  kind_nachname: z.string(),
  kind_klasse: z.string(),
  kind_id_klasse: z.number(),
  entlasszeit: z.string(),
  anwesend: z.union([z.literal(0), z.literal(1)]),
  regelausnahme: z.boolean(),
  elternErstellt: z.boolean(),
  elternErstellt_tag: z.string(),
  elternErstellt_zeit: z.string(),
  anwesenheit_text: z.string(),
  kommentar: z.string(),
  anhaenge: z.array(attachmentView),
});
export type W2Exception = z.infer<typeof w2Exception>;

export const w2Reply = z.object({
  status: z.literal('success'),
  ausnahmen: z.array(w2Exception),
  klassenVorhanden: z.array(z.string()),
  klassenVorhandenIds: z.array(z.number()),
  timeLastUpdate: z.number(),
});
export type W2Reply = z.infer<typeof w2Reply>;

/** Widget 2's part of the dashboard settings entry (nothing beyond the frame: it loads by date). */
export const absencesWidgetData = z.object({});

// ---------- calls ----------

const childrenPath = '/_api/200/200/';

/** A parent account in createElternbrief: its id (our client) or the account object with its `id` (the spec's client). */
const parentAccountRef = z.preprocess(
  (value) => (typeof value === 'object' && value !== null && 'id' in value ? (value as { id: unknown }).id : value),
  recordId(),
);

/** Module 200's snapshot row by row (answers with what changed, docs/api.md). */
const childrenDelta: DeltaShape = {
  snapshot: 'save',
  collections: { klassen: 'id', kinder: 'id', eltern: 'id', anwesenheiten: 'id_kind', gruppen: 'id' },
};

/** Calls of module 200 (school.md 7.3; docs/api.md). */
export const childrenCalls = {
  /** Children with classes, parent accounts, phone numbers and pickup persons from a CSV or XLSX list. */
  importKinder: defineCallSpec({
    path: '/_api/200/200/',
    func: 'importKinder',
    request: importRequest,
    reply: importReply,
    timeoutMs: 120_000,
  }),
  /**
   * The children the caller sees as a list in the import's columns (importKinder reads it back); the parent
   * columns only for holders of the parents right.
   */
  exportKinder: defineCallSpec({
    path: '/_api/200/200/',
    func: 'exportKinder',
    request: {
      ...listExportRequest,
      /** Also the health notes (allergies, medication, notes, emergency contacts); left out unless chosen. */
      gesundheit: formBoolean.default(false),
    },
    reply: listExportReply,
    timeoutMs: 60_000,
  }),
  /** Load (empty dataToSave) or run one save action; answers the fresh data either way. */
  getSettings: defineCallSpec({
    path: childrenPath,
    func: 'getSettings',
    request: getOrSaveRequest(childrenActions),
    reply: childrenReply,
    // school.md 9: load 15000 ms, save 10000 ms.
    timeoutMs: 15_000,
    saveTimeoutMs: 10_000,
    delta: childrenDelta,
  }),
  /** The store load: the same data without an action. */
  getData: defineCallSpec({
    path: childrenPath,
    func: 'getData',
    request: {},
    reply: childrenReply,
    timeoutMs: 15_000,
    delta: childrenDelta,
  }),
  /**
   * One child with its details (phone numbers, diary, documents, one-off exceptions from 30 days ago
   * on), loaded when the edit dialog opens; the list load leaves them empty (docs/api.md).
   */
  getKind: defineCallSpec({
    path: childrenPath,
    func: 'getKind',
    request: { id: recordId() },
    reply: z.object({ status: z.literal('success'), kind: childView }),
  }),
  saveTagebucheintrag: defineCallSpec({
    path: childrenPath,
    func: 'saveTagebucheintrag',
    request: {
      tag: isoDay,
      text: limited(DIARY_MAX, 'text'),
      idKind: recordId(),
    },
    reply: z.object({ status: z.literal('success'), tagebucheintraege: z.record(z.string(), z.string()) }),
  }),
  createElternbrief: defineCallSpec({
    path: '/_api/200/200/eltern.php',
    func: 'createElternbrief',
    request: { eltern: jsonField(z.array(parentAccountRef).min(1, 'Bitte angeben.').max(5000)) },
    reply: z.object({ status: z.literal('success'), file: z.string(), name: z.string() }),
    timeoutMs: 60_000,
  }),
  /** A document of a child (PDF or image, judged by its content; multipart, one file). */
  uploadDokument: defineCallSpec({
    path: childrenPath,
    func: 'uploadDokument',
    request: { idKind: recordId(), file: uploadedFileOf(fileRules.pdfOrImage) },
    reply: z.object({ status: z.literal('success'), dokument: documentView }),
    timeoutMs: 60_000,
  }),
  deleteDokument: defineCallSpec({
    path: childrenPath,
    func: 'deleteDokument',
    request: { id: recordId() },
    reply: z.object({ status: z.literal('success') }),
  }),
  /** An attachment (PDF or image, judged by its content) of a staff exception (multipart, one file). */
  uploadAnhang: defineCallSpec({
    path: childrenPath,
    func: 'uploadAnhang',
    request: { idAusnahme: recordId(), file: uploadedFileOf(fileRules.pdfOrImage) },
    reply: z.object({ status: z.literal('success'), anhang: attachmentView }),
    timeoutMs: 60_000,
  }),
  deleteAnhang: defineCallSpec({
    path: childrenPath,
    func: 'deleteAnhang',
    request: { idAusnahme: recordId(), pfad: z.string({ error: 'Bitte angeben.' }).min(1, 'Bitte angeben.').max(500) },
    reply: z.object({ status: z.literal('success') }),
  }),
  w2: defineCallSpec({
    path: '/_api/000/000/',
    func: 'w2',
    request: { tag: isoDay.optional() },
    reply: w2Reply,
  }),
};
