import { z } from 'zod';
import { ruledString } from './schema';
import { tooLongMessage } from './validation';
import { dayRangeError, isoDayField, optionalIsoDayField, recordKeyField, timeOfDayField } from './fields';
import { storedId } from './wire';

/**
 * Wire fields shared by modules that may not import each other: a time and a day field, an attachment, and the
 * settings of parents' reports, which the children's settings store and the reports' settings page edits
 * (one source of truth, docs/architecture.md "Capabilities").
 */
export const timeField = timeOfDayField();
export const isoDay = isoDayField();

export const attachmentView = z.object({ pfad: z.string(), name: z.string() });

/** Longest report text (like the children's letter texts). */
const REPORT_TEXT_MAX = 5_000;
const reportText = ruledString('text').pipe(z.string().max(REPORT_TEXT_MAX, tooLongMessage(REPORT_TEXT_MAX)));

export const releaseTimeCondition = z.object({
  aktiv: z.boolean(),
  klassen: z.array(storedId()).max(500),
  datumVon: optionalIsoDayField(),
  datumBis: optionalIsoDayField(),
  ausnahmen: z.array(z.object({ tag: isoDay })).max(366),
});
export type ReleaseTimeCondition = z.infer<typeof releaseTimeCondition>;

/** The settings of parents' reports (school.md 3.3). */
export const reportSettings = z.object({
  /** Cut-off time for parent reports of the day (module 210). */
  anwesenheitMeldungSpaetestensBis: timeField,
  moeglicheEntlasszeiten: z.array(timeField).max(50),
  /** Per possible release time (key 'HH:MM'). */
  moeglicheEntlasszeiten_bedingungen: z.record(recordKeyField('time'), releaseTimeCondition),
  meldung_erlaubeKommentar: z.boolean(),
  meldung_erlaubeDateiupload: z.boolean(),
  text_alertVorMeldungsformular: reportText,
  text_meldungVerpaetet: reportText,
});
export type ReportSettings = z.infer<typeof reportSettings>;

/**
 * Every release-time condition's 'von' not after its 'bis' (one that could never apply is refused), the
 * message on that condition's 'bis'. Only saves check it: stored settings are read without this rule, so
 * an old value never turns the whole settings back to the defaults.
 */
export function releaseTimeRangesCheck(
  settings: Pick<ReportSettings, 'moeglicheEntlasszeiten_bedingungen'>,
  ctx: z.RefinementCtx,
): void {
  for (const [time, condition] of Object.entries(settings.moeglicheEntlasszeiten_bedingungen)) {
    const message = dayRangeError(condition.datumVon, condition.datumBis);
    if (message !== null) {
      ctx.addIssue({ code: 'custom', path: ['moeglicheEntlasszeiten_bedingungen', time, 'datumBis'], message });
    }
  }
}
