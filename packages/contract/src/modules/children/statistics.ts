import { z } from 'zod';
import { defineCallSpec } from '../../platform/call-spec';
import {
  dateOfDayNumber,
  dayNumber,
  germanMonthNames,
  germanWeekdayShort,
  isoDayOf,
  isoWeekday,
} from '../../platform/local-time';
import { ruledString } from '../../platform/schema';
import { formatGermanDate, tooLongMessage } from '../../platform/validation';
import { jsonField, recordId } from '../../platform/wire';
import { isoDay, timeField } from '../../platform/fields';
import { attendanceRow } from './calls';

/** Statistik (/200-200, school.md 2.4, 4.10, 5.2, 7.3, 9): texts, rules and calls. */
export const statisticsMessages = {
  noArchive: 'Keine Dokumente im Archiv vorhanden',
  noAttendance: 'Keine Anwesenheiten gefunden',
  /** The month selection of the evaluation dialog without any month (school.md 'Keine Anwesenheiten verfügbar'). */
  noMonths: 'Keine Anwesenheiten verfügbar',
  notReleased: 'nicht entlassen',
  fileFailed: 'Die angeforderte Datei konnte nicht erzeugt werden. Bitte die Netzwerkverbindung prüfen.',
  unknownArchive: 'Das Dokument existiert nicht im Archiv.',
  noRecordsDay: 'Für diesen Tag sind keine Anwesenheiten vorhanden.',
  noClasses: 'Bitte mindestens eine Klasse wählen.',
  noContent: 'Bitte mindestens einen Inhalt wählen.',
  badMonth: 'Bitte einen Monat im Format JJJJ-MM angeben.',
  timeOrder: 'Die Entlasszeit liegt vor der Anmeldezeit.',
  checkInRequired: 'Bitte die Anmeldezeit angeben.',
  saved: 'Die Anwesenheiten wurden gespeichert.',
  /** 'Daten danach löschen' never reaches the running day or a month that has not ended (issue 47). */
  runningDay: 'Die Anwesenheiten des laufenden Tages werden nicht gelöscht.',
  runningMonth: 'Die Anwesenheiten eines Monats werden erst nach seinem Ende gelöscht.',
  deleteTitle: 'Anwesenheiten löschen?',
  /** The question before an evaluation deletes records: how many go. */
  deleteQuestion: (count: number) =>
    count === 1
      ? 'Nach der Auswertung wird 1 Anwesenheit endgültig gelöscht.'
      : `Nach der Auswertung werden ${count} Anwesenheiten endgültig gelöscht.`,
  deleteConfirm: 'Erstellen und löschen',
  countChanged: 'Inzwischen sind es andere Anwesenheiten. Bitte die Auswertung erneut erstellen und bestätigen.',
} as const;

/** File area of the archived evaluations (day PDFs, month ZIPs). */
export const STATISTICS_AREA = 'f200-200';
export const SUFFIX_MAX = 20;
export const RELEASE_REASON_MAX = 200;
/** Prefix of every download name (school.md 9). */
export const DOWNLOAD_PREFIX = 'Anwesenheitsstatistik_';

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const isoMonth = z.string({ error: 'Bitte angeben.' }).regex(MONTH_PATTERN, statisticsMessages.badMonth);

export const evaluationSuffix = ruledString('nameLess').pipe(z.string().max(SUFFIX_MAX, tooLongMessage(SUFFIX_MAX)));

// ---------- day list (saveAnwesenheit) ----------

/** One edited row of the day list: not present → the day's record is removed. */
export const statisticsRowInput = z
  .object({
    id_kind: recordId(),
    anwesend: z.boolean(),
    von: z.union([z.literal(''), timeField]).default(''),
    bis: z.union([z.literal(''), timeField]).default(''),
    entlassgrund: ruledString('nameMore')
      .pipe(z.string().max(RELEASE_REASON_MAX, tooLongMessage(RELEASE_REASON_MAX)))
      .default(''),
  })
  .superRefine((row, ctx) => {
    if (!row.anwesend) return;
    if (row.von === '') ctx.addIssue({ code: 'custom', path: ['von'], message: statisticsMessages.checkInRequired });
    else if (row.bis !== '' && row.bis < row.von) {
      ctx.addIssue({ code: 'custom', path: ['bis'], message: statisticsMessages.timeOrder });
    }
  });
export type StatisticsRowInput = z.input<typeof statisticsRowInput>;
export type StatisticsRowData = z.output<typeof statisticsRowInput>;

/** A row of the day list: every visible child (anwesend = a record exists) and deleted children's records (id_kind 0). */
export const statisticsRowView = attendanceRow.extend({
  /** The caller may change the row (edit right on the child's class; never for deleted children). */
  bearbeiten: z.boolean(),
  /** Only on a deleted child's record (school.md: the attendance record's delKind_* fields): names and last class. */
  delKind_vorname: z.string().optional(),
  delKind_nachname: z.string().optional(),
  delKind_klasse: z.string().optional(),
  delKind_idKlasse: z.number().optional(),
});
export type StatisticsRowView = z.infer<typeof statisticsRowView>;

export const statisticsListReply = z.object({
  status: z.literal('success'),
  tag: z.string(),
  anwesenheiten: z.array(statisticsRowView),
  /** Months ('YYYY-MM', newest first) with records of visible classes. */
  anwesenheitenMonate: z.array(z.string()),
  /** Archive file names (newest first). */
  anwesenheitenDokumente: z.array(z.string()),
});
export type StatisticsListReply = z.infer<typeof statisticsListReply>;

// ---------- evaluations (createAnwesenheitsstatistik) ----------

/** The month evaluation's contents (monatsuebersichtElemente; all on by default) and the options of both tabs. */
export const evaluationOptions = z.object({
  anwesenheitsdiagramm: z.boolean().default(true),
  entlasszeitendiagramm: z.boolean().default(true),
  tabelleKinder: z.boolean().default(true),
  tabelleEntlasszeiten: z.boolean().default(true),
  tagesuebersichten: z.boolean().default(true),
  /** On in the dialog (school.md 9); off when a client leaves them out, so nothing is deleted unasked. */
  archivieren: z.boolean().default(false),
  loeschen: z.boolean().default(false),
  /** With `loeschen`: the number of records the user agreed to delete; another number deletes nothing. */
  loeschenAnzahl: z.number().int().min(0).max(100_000_000).optional(),
  klassen: z.array(recordId()).max(500).default([]),
  suffix: evaluationSuffix.default(''),
});
export type EvaluationOptionsInput = z.input<typeof evaluationOptions>;
export type EvaluationOptions = z.output<typeof evaluationOptions>;

export const contentOptions = [
  ['anwesenheitsdiagramm', 'Diagramm Anwesenheit (Anzahl Kinder je Tag)'],
  ['entlasszeitendiagramm', 'Diagramm Entlasszeiten'],
  ['tabelleKinder', 'Tabelle aller Kinder'],
  ['tabelleEntlasszeiten', 'Tabelle der Entlasszeiten'],
  ['tagesuebersichten', 'Tagesübersichten'],
] as const satisfies readonly (readonly [keyof EvaluationOptions, string])[];

export const statisticsFileReply = z.object({
  status: z.literal('success'),
  /** For download.php. */
  file: z.string(),
  name: z.string(),
  anwesenheitenMonate: z.array(z.string()),
  anwesenheitenDokumente: z.array(z.string()),
});
export type StatisticsFileReply = z.infer<typeof statisticsFileReply>;

const statisticsPath = '/_api/200/200/statistik.php';

export const statisticsCalls = {
  /**
   * The day list of `tag` with the month and archive lists; with `liste` it first saves those rows,
   * with `delDokument` it first deletes that archive file (docs/api.md).
   */
  saveAnwesenheit: defineCallSpec({
    path: statisticsPath,
    func: 'saveAnwesenheit',
    request: {
      tag: isoDay,
      liste: jsonField(z.array(statisticsRowInput).max(5000)).optional(),
      delDokument: z.string().max(200).optional(),
    },
    reply: statisticsListReply,
    timeoutMs: 10_000,
  }),
  /** typ 'tag' (wert = day) → PDF, 'monat' (wert = month) → ZIP, or an archive file name → that file. */
  createAnwesenheitsstatistik: defineCallSpec({
    path: statisticsPath,
    func: 'createAnwesenheitsstatistik',
    request: {
      typ: z.string({ error: 'Bitte angeben.' }).min(1, 'Bitte angeben.').max(200),
      wert: z.string().max(20).default(''),
      monatsuebersichtElemente: jsonField(evaluationOptions).optional(),
    },
    reply: statisticsFileReply,
    timeoutMs: 300_000,
  }),
  /** How many records an evaluation of `typ`/`wert` over `klassen` would delete (the question before deleting). */
  zaehleAnwesenheiten: defineCallSpec({
    path: statisticsPath,
    func: 'zaehleAnwesenheiten',
    request: {
      typ: z.enum(['tag', 'monat'], { error: 'Bitte „tag“ oder „monat“ angeben.' }),
      wert: z.string().max(20).default(''),
      klassen: jsonField(z.array(recordId()).max(500)),
    },
    reply: z.object({ status: z.literal('success'), anzahl: z.number() }),
  }),
};

// ---------- pure rules ----------

/** A month ('YYYY-MM') in German words: '2026-11' → 'November 2026' (dialog and PDF). */
export function germanMonthLabel(month: string): string {
  const name = germanMonthNames[Number(month.slice(5, 7)) - 1];
  return name === undefined ? month : `${name} ${month.slice(0, 4)}`;
}

/** Classes preselected for an evaluation: all but those whose name contains 'neu' (school.md 9). */
export function defaultEvaluationClasses(classes: readonly { id: number; name: string }[]): number[] {
  return classes.filter((klasse) => !/neu/i.test(klasse.name)).map((klasse) => klasse.id);
}

/** Button rule (5.2): a month, at least one class and at least one content option. */
export function canCreateMonth(
  month: string,
  options: Pick<EvaluationOptions, 'klassen'> & Partial<EvaluationOptions>,
): boolean {
  return (
    MONTH_PATTERN.test(month) && options.klassen.length > 0 && contentOptions.some(([key]) => options[key] === true)
  );
}

/** Button rule (5.2): a day evaluation needs at least one record of the day. */
export function canCreateDay(rows: readonly { anwesend: boolean }[]): boolean {
  return rows.some((row) => row.anwesend);
}

/**
 * Why the records of an evaluated day or month may not be deleted yet (null: they may): the running day,
 * a day to come, or a month that has not ended (issue 47: a day evaluation wiped today's check-ins).
 */
export function deletionBlocked(kind: 'tag' | 'monat', value: string, today: string): string | null {
  if (kind === 'tag') return value >= today ? statisticsMessages.runningDay : null;
  return value >= today.slice(0, 7) ? statisticsMessages.runningMonth : null;
}

/** Archive file name (school.md 9): the day or month plus the optional suffix, '.pdf' or '.zip'. */
export function archiveFileName(kind: 'tag' | 'monat', value: string, suffix = ''): string {
  const trimmed = suffix.trim();
  return `${value}${trimmed ? `_${trimmed}` : ''}.${kind === 'tag' ? 'pdf' : 'zip'}`;
}

/** The name a file downloads as: 'Anwesenheitsstatistik_' plus the archive name. */
export function evaluationDownloadName(archiveName: string): string {
  return `${DOWNLOAD_PREFIX}${archiveName}`;
}

/** Reads an archive file name back (null: not one of ours). */
export function parseArchiveName(name: string): { kind: 'tag' | 'monat'; value: string; suffix: string } | null {
  const match = /^(\d{4}-\d{2}(?:-\d{2})?)(?:_([\p{L}0-9 _-]{1,20}))?\.(pdf|zip)$/u.exec(name);
  if (!match) return null;
  const [, value = '', suffix = '', extension] = match;
  const kind = value.length === 10 ? 'tag' : 'monat';
  if ((kind === 'tag') !== (extension === 'pdf')) return null;
  return { kind, value, suffix };
}

/** Release-time buckets of the charts: quarter hours ('15:00' = 15:00–15:14), then 'nicht entlassen'. */
export function releaseTimeBucket(bis: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(bis);
  if (!match) return statisticsMessages.notReleased;
  const minute = Math.floor(Number(match[2]) / 15) * 15;
  return `${match[1]}:${String(minute).padStart(2, '0')}`;
}

export interface ChartBar {
  label: string;
  count: number;
}

/** Bars of the release-times chart: one per quarter hour that occurs (ascending), 'nicht entlassen' last if any. */
export function releaseTimeBars(rows: readonly { bis: string }[]): ChartBar[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const bucket = releaseTimeBucket(row.bis);
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  const notReleased = counts.get(statisticsMessages.notReleased);
  counts.delete(statisticsMessages.notReleased);
  const bars = [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([label, count]) => ({ label, count }));
  return notReleased ? [...bars, { label: statisticsMessages.notReleased, count: notReleased }] : bars;
}

/** Every ISO day of a month 'YYYY-MM'. */
export function daysOfMonth(month: string): string[] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const first = dayNumber(year, monthNumber, 1);
  const days: string[] = [];
  for (let day = first; dateOfDayNumber(day).month === monthNumber; day++) days.push(isoDayOf(day));
  return days;
}

/**
 * Bars of the attendance chart: children present per day of the month — every Monday to Friday,
 * and weekend days only when they have records. Label 'Mo 03.11.'.
 */
export function attendanceBars(month: string, rows: readonly { tag: string }[]): ChartBar[] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.tag, (counts.get(row.tag) ?? 0) + 1);
  return daysOfMonth(month)
    .filter((day) => isoWeekday(dayNumber(...splitDay(day))) <= 5 || counts.has(day))
    .map((day) => ({
      label: `${germanWeekdayShort[isoWeekday(dayNumber(...splitDay(day))) - 1]} ${formatGermanDate(day).slice(0, 6)}`,
      count: counts.get(day) ?? 0,
    }));
}

function splitDay(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}
