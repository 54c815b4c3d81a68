import { z } from 'zod';
import { conditionSchema } from '../../platform/api';
import { defineCallSpec, getOrSaveRequest } from '../../platform/call-spec';
import { parseIsoDay } from '../../platform/local-time';
import { ruledString } from '../../platform/schema';
import {
  MAX_RECORD_ID,
  defineActions,
  jsonField,
  newOrRecordId,
  noActionData,
  recordId,
  storedId,
  wireMessages,
  type ActionInput,
} from '../../platform/wire';
import { tooLongMessage, validationMessages } from '../../platform/validation';
import { calendarRights } from './definition';
import { weekdayKeys, type Repeat, type SeriesException } from './series';
import { versionInput, versionView } from '../../platform/versions';

/** Unauthenticated iCalendar feed (a route outside the call dispatcher): GET /_api/000/110/ical/<token>.ics */
export const CALENDAR_ICAL_PREFIX = '/_api/000/110/ical/';

/** Business constants (core.md section 9). */
export const calendarLimits = {
  yearMin: 1900,
  yearMax: 3000,
  defaultSeriesYears: 5,
  overlapThreshold: 30,
  defaultColor: '#FF0000',
  maxIntervall: 999,
} as const;

export const calendarMessages = {
  add: 'hinzufügen',
  refresh: 'Aktualisieren',
  today: 'heute',
  month: 'Monat',
  week: 'Woche',
  list: 'Liste',
  noEntries: 'Keine Termine in diesem Monat',
  year: 'Jahr',
  yearRange: 'Bitte ein Jahr zwischen 1900 und 3000 angeben.',
  endBeforeStart: 'Das Ende darf nicht vor dem Beginn liegen.',
  invalidDate: 'Ungültiges Datum.',
  dateRange: 'Das Datum muss zwischen 1900 und 3000 liegen.',
  seriesEndBeforeStart: 'Das Serienende darf nicht vor dem Serienbeginn liegen.',
  noWeekday: 'Bitte mindestens einen Wochentag auswählen.',
  invalidColor: 'Bitte eine Farbe im Format #RRGGBB angeben.',
  unknownCategory: 'Diesen Kalender gibt es nicht.',
  categoryNotEditable: 'In diesem Kalender dürfen Sie keine Termine ändern.',
  unknownEvent: 'Diesen Termin gibt es nicht (mehr).',
  notASeries: 'Dieser Termin ist kein Serientermin.',
  atLeastOneCategory: 'Mindestens ein Kalender muss bestehen bleiben.',
  defaultCategoryMissing: 'Der Standardkalender muss einer der Kalender sein.',
  onlyDateParameters: 'Nur Datumsparameter können als Geburtstag gewählt werden.',
  unknownGroup: 'Diese Gruppe gibt es nicht.',
  saved: 'Die Daten wurden erfolgreich gespeichert.',
  settingsSaved: 'Die Einstellungen wurden erfolgreich gespeichert',
  saveFailed: 'Fehler! Bitte die Netzwerkverbindung prüfen.',
  settingsSaveFailed: 'Die Einstellungen konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.',
  deleted: 'Der Termin wurde gelöscht.',
  saveSeriesQuestion:
    'Soll die Änderung für die ganze Serie oder nur für diesen Tag als Einzeltermin gespeichert werden?',
  saveWholeSeries: 'ganze Serie',
  saveSingle: 'nur diesen Termin',
  deleteSeriesQuestion: 'Soll nur dieser Tag als Ausnahme aus der Serie entfernt oder die ganze Serie gelöscht werden?',
  deleteOnlyDay: 'nur Ausnahme für Tag',
  deleteWholeSeries: 'ganze Serie löschen',
  deleteConfirm: 'Der Termin wird mit allen zugehörigen Daten gelöscht.',
  toSeries: 'zum Serientermin',
  feedTitle: 'Kalender abonnieren',
  feedNew: 'neu erzeugen',
  feedCreate: 'Adresse erzeugen',
  feedRevoke: 'widerrufen',
  feedHint:
    'Mit dieser privaten Adresse können Handy- und Outlook-Kalender die Termine abonnieren, die Sie sehen dürfen. Geben Sie sie nicht weiter; „neu erzeugen“ macht die alte Adresse ungültig.',
  feedHidden:
    'Für Ihr Konto ist eine Abo-Adresse aktiv. Sie wird nur beim Erzeugen angezeigt; „neu erzeugen“ liefert eine neue Adresse und macht die alte ungültig.',
  copied: 'Adresse kopiert',
} as const;

// ---------- series ----------

export const patternTypes = ['Tage', 'Wochen', 'Monate', 'Jahre'] as const;

const isoDay = z
  .string({ error: validationMessages.required })
  .refine((value) => parseIsoDay(value) !== null, calendarMessages.invalidDate)
  .refine((value) => {
    const year = Number(value.slice(0, 4));
    return year >= calendarLimits.yearMin && year <= calendarLimits.yearMax;
  }, calendarMessages.dateRange);

/** An exception on the wire: 'id|startMs|endMs' (core.md section 3). */
export const ausnahmeText = z
  .string()
  .max(60)
  .refine((value) => parseAusnahme(value) !== null, calendarMessages.invalidDate);

export function parseAusnahme(text: string): SeriesException | null {
  const match = /^(-?\d{1,15})\|(-?\d{1,15})\|(-?\d{1,15})$/.exec(text);
  if (!match) return null;
  const [id, von, bis] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return bis < von ? null : { id, von, bis };
}

export function formatAusnahme(exception: SeriesException): string {
  return `${exception.id}|${exception.von}|${exception.bis}`;
}

const weekdays = z.object(
  Object.fromEntries(weekdayKeys.map((key) => [key, z.boolean()])) as Record<
    (typeof weekdayKeys)[number],
    z.ZodBoolean
  >,
);

const dayOfMonth = z.number({ error: validationMessages.required }).int().min(1).max(31);

export const repeatWire = z
  .object({
    von: isoDay,
    bis: isoDay,
    mustertyp: z.enum(patternTypes),
    musterintervall: z.number({ error: validationMessages.required }).int().min(1).max(calendarLimits.maxIntervall),
    jaehrlichTag: dayOfMonth,
    jaehrlichMonat: z.number({ error: validationMessages.required }).int().min(1).max(12),
    monatlichTag: dayOfMonth,
    woechentlichWochentage: weekdays,
    ausnahmen: z.array(ausnahmeText).max(2000),
  })
  .superRefine((repeat, ctx) => {
    const von = parseIsoDay(repeat.von);
    const bis = parseIsoDay(repeat.bis);
    if (von !== null && bis !== null && bis < von) {
      ctx.addIssue({ code: 'custom', path: ['bis'], message: calendarMessages.seriesEndBeforeStart });
    }
    if (repeat.mustertyp === 'Wochen' && !weekdayKeys.some((key) => repeat.woechentlichWochentage[key])) {
      ctx.addIssue({ code: 'custom', path: ['woechentlichWochentage'], message: calendarMessages.noWeekday });
    }
  });
export type RepeatWire = z.infer<typeof repeatWire>;

/** The wire repeat with parsed exceptions, as expandSeries takes it. */
export function repeatFromWire(repeat: RepeatWire): Repeat {
  return {
    ...repeat,
    ausnahmen: repeat.ausnahmen.flatMap((text) => {
      const parsed = parseAusnahme(text);
      return parsed ? [parsed] : [];
    }),
  };
}

export function repeatToWire(repeat: Repeat): RepeatWire {
  return { ...repeat, ausnahmen: repeat.ausnahmen.map(formatAusnahme) };
}

// ---------- events ----------

const MIN_MS = Date.UTC(calendarLimits.yearMin, 0, 1) - 86_400_000;
const MAX_MS = Date.UTC(calendarLimits.yearMax + 1, 0, 1) + 86_400_000;
const timestamp = z
  .number({ error: validationMessages.required })
  .int(calendarMessages.invalidDate)
  .min(MIN_MS, calendarMessages.dateRange)
  .max(MAX_MS, calendarMessages.dateRange);

/** An event as the client sends it (saveTermin). start/end are UTC milliseconds. */
export const eventInput = z
  .object({
    /** Empty, missing or 0: a new event. */
    id: newOrRecordId(),
    name: ruledString('required', 'text').pipe(z.string().max(200, tooLongMessage(200))),
    beschreibung: z.string().max(5000, tooLongMessage(5000)).default(''),
    start: timestamp,
    end: timestamp,
    id_kalenderkategorie: recordId(),
    timed: z.boolean(),
    istSerie: z.boolean(),
    repeat: repeatWire.nullable().default(null),
    /** The series a detached single event came from (0: none). */
    ausSerie: newOrRecordId(),
    ...versionInput,
  })
  .superRefine((event, ctx) => {
    if (event.end < event.start)
      ctx.addIssue({ code: 'custom', path: ['end'], message: calendarMessages.endBeforeStart });
    if (event.istSerie && event.repeat === null) {
      ctx.addIssue({ code: 'custom', path: ['repeat'], message: validationMessages.required });
    }
  });
export type EventInput = z.input<typeof eventInput>;

/** An event as the server sends it: with the category colour; series carry their repeat. */
export const calendarEvent = z.object({
  id: z.number(),
  name: z.string(),
  beschreibung: z.string(),
  start: z.number(),
  end: z.number(),
  id_kalenderkategorie: z.number(),
  timed: z.boolean(),
  istSerie: z.boolean(),
  repeat: repeatWire.nullable(),
  color: z.string(),
  ausSerie: z.number(),
  ...versionView,
});
export type CalendarEvent = z.infer<typeof calendarEvent>;

// ---------- categories and settings ----------

export const categoryConditions = z.object({
  f110: z.object({ sehen: conditionSchema, bearbeiten: conditionSchema }),
});

export const categoryInput = z.object({
  /** Existing id, or zero/negative for a new category (temporary id, replaced by the server). */
  id: z
    .number({ error: validationMessages.required })
    .int('Ungültige Nummer.')
    .min(-MAX_RECORD_ID, 'Ungültige Nummer.')
    .max(MAX_RECORD_ID, 'Ungültige Nummer.'),
  name: ruledString('required', 'tinytext', 'name'),
  farbe: z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/, calendarMessages.invalidColor)
    .default(calendarLimits.defaultColor),
  bedingungen: categoryConditions,
});
export type CategoryInput = z.input<typeof categoryInput>;

export const calendarCategory = z.object({
  id: z.number(),
  name: z.string(),
  farbe: z.string(),
  /** Number of events in the category. */
  termine: z.number(),
  bedingungen: categoryConditions,
});
export type CalendarCategory = z.infer<typeof calendarCategory>;

/** Who sees birthdays: per group ('gruppe' + id) everybody's (alle) or those of members of chosen groups. */
export const birthdayVisibility = z.object({
  gruppen: z.record(
    z.string().regex(/^gruppe\d+$/),
    z.object({ alle: z.boolean(), gruppen: z.array(z.number().int()).max(500) }),
  ),
});
export type BirthdayVisibility = z.infer<typeof birthdayVisibility>;

/** A category of the settings: stored (> 0), none (0) or one added by the same save (its temporary id < 0). */
const settingsCategoryId = z
  .number({ error: wireMessages.invalidId })
  .int(wireMessages.invalidId)
  .min(-MAX_RECORD_ID, wireMessages.invalidId)
  .max(MAX_RECORD_ID, wireMessages.invalidId);

/** The stored calendar settings (module settings 110). 0 = none. */
export const storedCalendarSettings = z.object({
  standard_id_kategorie: settingsCategoryId,
  id_kalenderkategorie_geburtstag: settingsCategoryId,
  id_nutzerparameter_geburtstag: storedId(),
  bedingungen_geburtstage_sehen: birthdayVisibility,
});
export type StoredCalendarSettings = z.infer<typeof storedCalendarSettings>;

export const birthday = z.object({
  id_nutzer: z.number(),
  ident_nutzer: z.string(),
  name: z.string(),
  tag: z.number(),
  monat: z.number(),
  jahr: z.number(),
});
export type Birthday = z.infer<typeof birthday>;

export const calendarSettings = storedCalendarSettings.extend({
  /** Birthdays the user may see (empty when none is configured or allowed). */
  geburtstage: z.array(birthday),
  /** Version of the birthdays (our extension): sent back as geburtstageStand, the same list is not sent again. */
  geburtstageStand: z.string().optional(),
  /** true: the client's geburtstageStand is current, `geburtstage` is empty and the client keeps its list. */
  geburtstageUnveraendert: z.literal(true).optional(),
  /**
   * Only for holders of x|110|set: every category (also those they cannot see themselves, without
   * events), so the settings tab can manage them. saveSettings replaces this list.
   */
  alleKategorien: z.array(calendarCategory).optional(),
});
export type CalendarSettings = z.infer<typeof calendarSettings>;

export const saveCalendarSettingsInput = storedCalendarSettings.extend({
  kategorien: z.array(categoryInput).min(1, calendarMessages.atLeastOneCategory).max(200),
});
export type SaveCalendarSettingsInput = z.input<typeof saveCalendarSettingsInput>;

// ---------- the call ----------

const occurrenceRange = z
  .object({ von: timestamp, bis: timestamp })
  .refine((range) => range.bis >= range.von, { message: calendarMessages.endBeforeStart, path: ['bis'] });

/**
 * The calendar's save actions (core.md section 7: getOrSaveSettings with dataToSave). Every action
 * answers the state after it; missing/empty dataToSave (or type load) only loads.
 */
export const calendarActions = defineActions({
  load: { data: noActionData },
  saveTermin: {
    data: eventInput,
    /** With a detached single event (id 0, ausSerie > 0): the occurrence to exclude from the series. */
    fields: { ausnahme: occurrenceRange.optional() },
  },
  delTermin: {
    data: z.object({
      id: recordId(),
      /** Only this occurrence of a series ('nur Ausnahme für Tag'); without it the whole event goes. */
      ausnahme: occurrenceRange.optional(),
    }),
  },
  saveSettings: { data: saveCalendarSettingsInput, rights: [calendarRights.settings] },
  /** iCalendar feed: a new private address (the old one stops working) or none at all. */
  feedNeu: { data: noActionData },
  feedWiderrufen: { data: noActionData },
});
/** What a client sends as dataToSave (one action). */
export type CalendarDataToSave = ActionInput<(typeof calendarActions)['actions']>;

export const calendarState = z.object({
  kategorien: z.array(calendarCategory),
  events: z.array(calendarEvent),
  stats: z.object({ allowEditKategorien: z.array(z.number()) }),
  /** The time window the events were chosen for (only when the request named one). */
  fenster: z.object({ von: z.number(), bis: z.number() }).optional(),
});
export type CalendarState = z.infer<typeof calendarState>;

export const calendarReply = z.object({
  status: z.literal('success'),
  /** Server time (UTC ms) of the reply. */
  xtime: z.number(),
  settings: calendarSettings,
  kalender: calendarState,
  /** Id of the event saved by saveTermin. */
  saveTerminNeuId: z.number().optional(),
  feed: z.object({
    aktiv: z.boolean(),
    /** Only in the reply of feedNeu: the private address (shown once; the server keeps only a hash). */
    url: z.string().optional(),
  }),
});
export type CalendarReply = z.infer<typeof calendarReply>;

/** Calls of module 110 (core.md section 7; docs/api.md). */
export const calendarCalls = {
  /** Load (empty dataToSave) or run one action; answers the state after it either way. */
  getOrSaveSettings: defineCallSpec({
    path: '/_api/000/110/',
    queryKey: 'getOrSaveSettings',
    request: getOrSaveRequest(calendarActions, {
      /**
       * Our extension: only events that may show between von and bis (UTC ms; the web asks for the
       * visible range with a margin). Without both, every visible event comes, as the specification's
       * client expects.
       */
      von: jsonField(timestamp).optional(),
      bis: jsonField(timestamp).optional(),
      /** The birthdays' version the client holds (settings.geburtstageStand of its last reply). */
      geburtstageStand: z.string().max(64).optional(),
    }),
    reply: calendarReply,
  }),
};
