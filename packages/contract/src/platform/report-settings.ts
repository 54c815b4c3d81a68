import { z } from 'zod';
import { ruledString } from './schema';
import { isIsoDate, tooLongMessage } from './validation';

/**
 * Wire fields shared by modules that may not import each other: a time and a day field, an attachment, and the
 * settings of parents' reports, which the children's settings store and the reports' settings page edits
 * (one source of truth, docs/architecture.md "Capabilities").
 */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeMessage = 'Bitte eine Uhrzeit im Format HH:MM angeben.';
export const timeField = z.string({ error: 'Bitte angeben.' }).regex(TIME_PATTERN, timeMessage);
export const isoDay = z
  .string({ error: 'Bitte angeben.' })
  .refine(isIsoDate, 'Bitte im folgenden Format angeben: TT.MM.YYYY');

export const attachmentView = z.object({ pfad: z.string(), name: z.string() });

/** Longest report text (like the children's letter texts). */
const REPORT_TEXT_MAX = 5_000;
const reportText = ruledString('text').pipe(z.string().max(REPORT_TEXT_MAX, tooLongMessage(REPORT_TEXT_MAX)));

export const releaseTimeCondition = z.object({
  aktiv: z.boolean(),
  klassen: z.array(z.number().int()).max(500),
  datumVon: z.union([z.literal(''), isoDay]),
  datumBis: z.union([z.literal(''), isoDay]),
  ausnahmen: z.array(z.object({ tag: isoDay })).max(366),
});
export type ReleaseTimeCondition = z.infer<typeof releaseTimeCondition>;

/** The settings of parents' reports (school.md 3.3). */
export const reportSettings = z.object({
  /** Cut-off time for parent reports of the day (module 210). */
  anwesenheitMeldungSpaetestensBis: timeField,
  moeglicheEntlasszeiten: z.array(timeField).max(50),
  /** Per possible release time (key 'HH:MM'). */
  moeglicheEntlasszeiten_bedingungen: z.record(z.string().max(5), releaseTimeCondition),
  meldung_erlaubeKommentar: z.boolean(),
  meldung_erlaubeDateiupload: z.boolean(),
  text_alertVorMeldungsformular: reportText,
  text_meldungVerpaetet: reportText,
});
export type ReportSettings = z.infer<typeof reportSettings>;
