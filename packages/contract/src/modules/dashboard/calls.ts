import { z } from 'zod';
import { conditionSchema } from '../../platform/api';
import { defineCallSpec, getOrSaveRequest } from '../../platform/call-spec';
import { ruledString } from '../../platform/schema';
import { tooLongMessage } from '../../platform/validation';
import { MAX_RECORD_ID, defineActions, newOrRecordId, recordId, type ActionInput } from '../../platform/wire';
import { dashboardRights } from './definition';
import { versionInput, versionView } from '../../platform/versions';

export const dashboardMessages = {
  noMessages: 'Keine aktuellen Meldungen',
  noWidgets: 'Für Sie sind auf dem Dashboard keine Widgets sichtbar.',
  /** No dashboard on this device yet and the network fails (issue 47: not 'no messages'). */
  loadFailed: 'Das Dashboard konnte nicht geladen werden. Bitte die Netzwerkverbindung prüfen.',
  noFeedback: 'Noch keine Rückmeldungen empfangen',
  settingsSaved: 'Erfolgreich gespeichert',
  typeLocked: 'Der Typ kann nicht geändert werden, wenn bereits Werte durch Nutzer zurückgemeldet wurden.',
  noMailParameter:
    'Die gewählten Empfänger haben keinen E-Mail-Parameter. Die Meldung kann nicht per E-Mail versendet werden.',
  plannedLocked: 'Geplante Meldungen können nach dem Speichern nicht mehr geändert, nur gelöscht werden.',
  startAfterEnd: 'Der Beginn muss vor dem Ende liegen.',
  endInPast: 'Das Ende der Anzeige liegt in der Vergangenheit.',
  unknownMessage: 'Die Meldung existiert nicht.',
  unknownFeedback: 'Diese Rückmeldung gibt es nicht (mehr).',
  notAuthor: 'Nur die Verfasserin oder der Verfasser kann die Meldung ändern.',
  noFeedbackForm: 'Diese Meldung hat kein Rückmeldeformular.',
  alreadyAnswered: 'Die Rückmeldung wurde bereits gesendet.',
  unknownOption: 'Ungültige Auswahl.',
  optionsRequired: 'Bitte mindestens eine Option angeben.',
  answerRequired: 'Bitte beantworten – das ist ein Pflichtfeld.',
  unknownWidget: 'Unbekanntes Widget.',
  unknownGroup: 'Die Gruppe existiert nicht.',
  unknownClass: 'Die Klasse existiert nicht.',
  deleteText: 'Die Meldung und alle Rückmeldungen dazu werden gelöscht.',
  feedbackSent: 'Rückmeldung gesendet.',
  saveFailed: 'Fehler! Bitte die Netzwerkverbindung prüfen.',
  saved: 'Speichern erfolgreich.',
  deleted: 'Die Meldung wurde gelöscht.',
} as const;

export const messageTypes = ['info', 'warning', 'error', 'success', 'ansage', 'party'] as const;
export type MessageType = (typeof messageTypes)[number];

/** Icon (MUI icon name), alert colour and German label of each message type (core.md section 9: six types). */
export const messageTypeStyle: Record<MessageType, { icon: string; color: string; label: string }> = {
  info: { icon: 'Info', color: 'info', label: 'Information' },
  warning: { icon: 'Warning', color: 'warning', label: 'Warnung' },
  error: { icon: 'Error', color: 'error', label: 'Wichtig' },
  success: { icon: 'CheckCircle', color: 'success', label: 'Erfolg' },
  ansage: { icon: 'Campaign', color: 'info', label: 'Ansage' },
  party: { icon: 'Celebration', color: 'success', label: 'Feier' },
};

export const feedbackFieldTypes = ['text', 'einfachauswahl', 'mehrfachauswahl'] as const;
export type FeedbackFieldType = (typeof feedbackFieldTypes)[number];
export const feedbackFieldTypeLabels: Record<FeedbackFieldType, string> = {
  text: 'Text',
  einfachauswahl: 'Einfachauswahl',
  mehrfachauswahl: 'Mehrfachauswahl',
};

export const MELDUNG_TITLE_MAX = 200;
export const MELDUNG_TEXT_MAX = 10_000;
export const FEEDBACK_ANSWER_MAX = 2_000;

/** Database ids are PostgreSQL integers: larger numbers are refused as bad input, never reach the database. */
const ID_MAX = MAX_RECORD_ID;
const id = recordId();
/** 'YYYY-MM-DDTHH:mm' in local (Berlin) time, or '' for none. */
export const localDateTime = z.string().regex(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})?$/, 'Bitte Datum und Uhrzeit angeben.');

export const feedbackField = z
  .object({
    /** Server-assigned; 0 or negative for a new field. */
    id: z.number().int().min(-ID_MAX).max(ID_MAX),
    sort: z.number().int().min(-100_000).max(100_000),
    name: ruledString('required', 'text').pipe(z.string().max(MELDUNG_TITLE_MAX, tooLongMessage(MELDUNG_TITLE_MAX))),
    beschreibung: ruledString('text')
      .pipe(z.string().max(1000, tooLongMessage(1000)))
      .default(''),
    typ: z.enum(feedbackFieldTypes),
    /** Option values of choice fields: required, at most 25 characters, name character set. */
    selectoptions: z
      .array(ruledString('required', 'tinytext', 'name'))
      .max(50)
      .default([]),
    /** An empty answer cannot be sent. Missing: required for choice fields, optional for text (fieldRequired). */
    pflicht: z.boolean().optional(),
  })
  .superRefine((field, ctx) => {
    if (field.typ !== 'text' && field.selectoptions.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['selectoptions'], message: dashboardMessages.optionsRequired });
    }
  });
export type FeedbackField = z.infer<typeof feedbackField>;

/**
 * Who receives a message: the platform's condition {alle, gruppen, nutzer} and, opt-in, `klassen`: ids of
 * the audiences in w1_200_Klassen (module 200's classes), whose people (the parent accounts of the class's
 * children, as they are when read) receive the message too — 'parents can be filtered by class'.
 */
export const recipientCondition = conditionSchema.extend({
  klassen: z.array(recordId()).max(500).optional(),
});
export type RecipientCondition = z.output<typeof recipientCondition>;

export const sendMailParameter = z.object({ id, name: z.string().max(200).default(''), checked: z.boolean() });

/** A message as the author's form sends it (saveMeldung). */
export const meldungInput = z
  .object({
    /** Empty, missing or 0: a new message. */
    id: newOrRecordId(),
    typ: z.enum(messageTypes).default('info'),
    titel: ruledString('required', 'text').pipe(z.string().max(MELDUNG_TITLE_MAX, tooLongMessage(MELDUNG_TITLE_MAX))),
    text: ruledString('required', 'text').pipe(z.string().max(MELDUNG_TEXT_MAX, tooLongMessage(MELDUNG_TEXT_MAX))),
    popup: z.boolean().default(false),
    anzeigePlanen: z.boolean().default(false),
    von: localDateTime.default(''),
    /** '' = no end. */
    bis: localDateTime.default(''),
    bedingung_f000w1_sehen: recipientCondition,
    sendMail: z.boolean().default(false),
    sendMailParameter: z.array(sendMailParameter).max(100).default([]),
    rueckmeldung: z
      .object({ nutzen: z.boolean(), formularfelder: z.array(feedbackField).max(50) })
      .default({ nutzen: false, formularfelder: [] }),
    ...versionInput,
  })
  .superRefine((meldung, ctx) => {
    if (!meldung.anzeigePlanen) return;
    if (meldung.von === '') ctx.addIssue({ code: 'custom', path: ['von'], message: 'Bitte angeben.' });
    if (meldung.von !== '' && meldung.bis !== '' && meldung.bis < meldung.von) {
      ctx.addIssue({ code: 'custom', path: ['bis'], message: dashboardMessages.startAfterEnd });
    }
  });
export type MeldungInput = z.output<typeof meldungInput>;

export const feedbackValue = z.union([z.string().max(FEEDBACK_ANSWER_MAX), z.array(z.string().max(100)).max(50)]);
export const feedbackValues = z.record(z.string().regex(/^\d+$/), feedbackValue);
export type FeedbackValues = z.infer<typeof feedbackValues>;

/** A recipient's entry in the results table. */
export const feedbackUser = z.object({
  id: z.number(),
  ident: z.string(),
  /** ISO timestamp of the answer. */
  date: z.string(),
  kannAendern: z.boolean(),
  werte: feedbackValues,
});
export type FeedbackUser = z.infer<typeof feedbackUser>;

/** A message as the feed shows it. */
export const meldung = z.object({
  id: z.number(),
  typ: z.enum(messageTypes),
  titel: z.string(),
  text: z.string(),
  icon: z.string(),
  color: z.string(),
  popup: z.boolean(),
  /** The viewer has already seen the popup. */
  popupGesehen: z.boolean(),
  anzeigePlanen: z.boolean(),
  von: z.string(),
  bis: z.string(),
  /** Creation time (ms). */
  timestamp: z.number(),
  autor: z.object({ id: z.number(), ident: z.string() }),
  /** The viewer is the author: edit, delete and results. */
  kannBearbeiten: z.boolean(),
  bedingung_f000w1_sehen: recipientCondition,
  rueckmeldung: z.object({
    nutzen: z.boolean(),
    formularfelder: z.array(feedbackField),
    /** Number of answers (the author locks field types while answers exist). */
    anzahl: z.number(),
    /** Field ids that already hold answers (their type is locked). */
    beantworteteFelder: z.array(z.number()),
    /** The viewer's own answer, null when not answered yet. */
    user: z.object({ werte: feedbackValues, date: z.string(), kannAendern: z.boolean() }).nullable(),
  }),
  ...versionView,
});
export type Meldung = z.infer<typeof meldung>;

export const widgetId = z.string().regex(/^w\d{1,2}$/);

/** Dashboard settings as saved by /000-set. */
export const dashboardSettings = z.object({
  /** Shown widgets in display order. */
  useWidgets: z.array(widgetId).max(20),
  /** Who sees each widget ({alle, gruppen}); a widget without entry is seen by all. */
  bedingung_f000_sehen: z.record(widgetId, conditionSchema),
  w1_bedingung_meldungErstellen: conditionSchema,
  /** Default recipient groups, ids joined by '-'. */
  w1_standardEmpfaenger: z.string().regex(/^(\d+(-\d+)*)?$/, 'Ungültige Gruppenliste.'),
  /**
   * The parents' group (0 = none): the message dialog offers to narrow it to the parents of chosen classes
   * (w1_200_Klassen). Missing when saving: the stored value stays.
   */
  w1_200_Elterngruppe: z.number().int().min(0).max(ID_MAX).optional(),
});
export type DashboardSettings = z.infer<typeof dashboardSettings>;

export const emailParameter = z.object({
  id: z.number(),
  name: z.string(),
  /** Groups that carry this parameter. */
  gruppen: z.array(z.number()),
});
export type EmailParameter = z.infer<typeof emailParameter>;

/**
 * A widget's entry in the dashboard reply: what the dashboard knows of every widget, plus the fields
 * the widget's own loader adds (its module's schema reads them, e.g. newsFeedWidget).
 */
export const dashboardWidget = z.looseObject({
  id: widgetId,
  name: z.string(),
  bedingung_f000_sehen: conditionSchema,
  nutzer_sehen: z.boolean(),
});
export type DashboardWidget = z.infer<typeof dashboardWidget>;

/** Widget 1 (news feed): what its loader adds to the widget entry. */
export const newsFeedData = z.object({
  /** The messages addressed to the viewer and inside their window. */
  meldungen: z.array(meldung),
  /** The viewer may create messages (w1_bedingung_meldungErstellen). */
  kannErstellen: z.boolean(),
  /** Default recipient groups for a new message. */
  standardEmpfaenger: z.array(z.number()),
  /** E-mail parameters (type 4) offered for sending. */
  emailParameter: z.array(emailParameter),
});
export type NewsFeedData = z.infer<typeof newsFeedData>;
export const newsFeedWidget = dashboardWidget.extend(newsFeedData.shape);
export type NewsFeedWidget = z.infer<typeof newsFeedWidget>;

/** getSettings' one action: saving the dashboard settings (x|000|set). */
export const dashboardActions = defineActions({
  saveSettings: { data: dashboardSettings, rights: [dashboardRights.settings] },
});
export type DashboardSave = ActionInput<(typeof dashboardActions)['actions']>;

export const getDashboardReply = z.object({
  status: z.literal('success'),
  save: z.object({
    xtime: z.number(),
    settings: dashboardSettings.extend({
      /** Every widget of every module, in default order. */
      allWidgets: z.array(z.object({ id: widgetId, name: z.string() })),
      w1_200_Elterngruppe: z.number(),
      w1_200_Klassen: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
    widgets: z.array(dashboardWidget),
  }),
});
export type GetDashboardReply = z.infer<typeof getDashboardReply>;
export type DashboardSettingsReply = GetDashboardReply['save']['settings'];

const meldungId = id;
export const feedbackOverviewTypes = ['refresh', 'delete', 'allowRefill', 'deleteAll', 'allowRefillAll'] as const;

/**
 * The actions of widget 1's call (core.md section 7: dataToSave with func …). The wire names the
 * action by `func`; saveRueckmeldung and the results overview carry fields beside `data`.
 */
export const w1Actions = defineActions(
  {
    saveMeldung: { data: meldungInput },
    delMeldung: { data: z.object({ id: meldungId }) },
    saveRueckmeldung: {
      data: z.object({ meldungId, werte: feedbackValues }),
      /** Children the answer is for (ignored until module 200). */
      fields: { kinder: z.array(z.number()).max(100).default([]) },
    },
    settingsRueckmeldungenuebersicht: {
      /** The user an entry belongs to (delete, allowRefill). */
      data: z.object({ userId: id.optional() }).default({}),
      fields: { meldungId, type: z.enum(feedbackOverviewTypes, { error: 'Ungültiger Typ.' }) },
    },
    popupGesehen: { data: z.object({ meldungId }) },
  },
  { typeKey: 'func' },
);
/** What a client sends as w1's dataToSave (one action, named by func). */
export type W1Data = ActionInput<(typeof w1Actions)['actions'], 'func'>;

export const w1Reply = z.object({
  status: z.literal('success'),
  savedMeldung: meldung.nullable(),
  users: z.array(feedbackUser),
  /** saveMeldung with sendMail: how many addresses the mail was queued for. */
  mailEmpfaenger: z.number().optional(),
});
export type W1Reply = z.infer<typeof w1Reply>;

/** Calls of the dashboard (core.md section 7, 000/000) plus the CSV export of feedback results. */
export const dashboardCalls = {
  /** Load (empty dataToSave) or save the settings first; answers settings and the caller's widgets. */
  getSettings: defineCallSpec({
    path: '/_api/000/000/',
    func: 'getSettings',
    request: getOrSaveRequest(dashboardActions),
    reply: getDashboardReply,
  }),
  /** Widget 1's actions (an empty dataToSave does nothing and answers an empty reply). */
  w1: defineCallSpec({
    path: '/_api/000/000/',
    func: 'w1',
    request: getOrSaveRequest(w1Actions),
    reply: w1Reply,
  }),
  /** CSV export of a message's feedback results (a file; GET for a plain download link). */
  w1csv: defineCallSpec({
    path: '/_api/000/000/',
    func: 'w1csv',
    request: { meldungId: recordId() },
    reply: z.object({ status: z.literal('success') }),
    allowGet: true,
  }),
};
