import { z } from 'zod';
import { ruledString } from '../../platform/schema';
import { tooLongMessage } from '../../platform/validation';
import { dayRangeError, isoDay, optionalIsoDayField, recordKeyField, timeField } from '../../platform/fields';
import { storedId } from '../../platform/wire';

/**
 * The settings of parents' reports (school.md 3.3): stored with the children's settings (module 200), edited on
 * the reports' settings page too (210 declares 200 and reads them from here). One source of truth.
 */

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
