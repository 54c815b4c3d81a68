import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { isIsoDate, todayIsoDay } from '@hortus/contract';
import {
  STATISTICS_AREA,
  archiveFileName,
  childrenMessages,
  daysOfMonth,
  deletionBlocked,
  evaluationDownloadName,
  evaluationOptions,
  statisticsMessages,
  type EvaluationOptions,
} from '@hortus/contract/modules/children';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { TEMP_AREA, withFiles } from '../../platform/files/files';
import { type AppContext, invalid } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { type ClassAccess } from './classes';
import { classesFor, requireArchiveFile } from './access';
import { childClasses, childAttendance, childStatisticsArchives, children } from './schema';
import { dayPdf, monthEntries, writeMonthZip, type EvaluationRow } from './statistics-pdf';
import { seenIds } from './statistics';

const DELETE_CHUNK = 10_000;
const archivePath = (name: string) => `${STATISTICS_AREA}/${name}`;

/** The records of a period for the chosen classes: a child's current class, a deleted child's last one. */
function evaluatedRecords(from: string, to: string, classIds: readonly number[]) {
  return and(
    gte(childAttendance.day, from),
    lte(childAttendance.day, to),
    or(
      inArray(children.classId, [...classIds]),
      and(isNull(childAttendance.childId), inArray(childAttendance.deletedClassId, [...classIds])),
    ),
  );
}

/** The first and last day an evaluation of `typ` ('tag' or 'monat') covers. */
function evaluatedPeriod(typ: 'tag' | 'monat', wert: string): [string, string] {
  if (typ === 'tag') return [wert, wert];
  const days = daysOfMonth(wert);
  return [days[0] ?? wert, days[days.length - 1] ?? wert];
}

/** The records of a period for the chosen classes, with names and class as printed. */
async function evaluationRows(db: Db, from: string, to: string, classIds: readonly number[]) {
  const rows = await db
    .select({
      id: childAttendance.id,
      tag: childAttendance.day,
      von: childAttendance.timeFrom,
      bis: childAttendance.timeTo,
      grund: childAttendance.reason,
      vorname: sql<string>`coalesce(${children.vorname}, ${childAttendance.deletedVorname}, '')`,
      nachname: sql<string>`coalesce(${children.nachname}, ${childAttendance.deletedNachname}, '')`,
      klasse: sql<string>`coalesce(${childClasses.name}, ${childAttendance.deletedClass}, '')`,
    })
    .from(childAttendance)
    .leftJoin(children, eq(children.id, childAttendance.childId))
    .leftJoin(childClasses, eq(childClasses.id, children.classId))
    .where(evaluatedRecords(from, to, classIds))
    .orderBy(asc(childAttendance.day));
  return rows.map((row): EvaluationRow & { id: number } => ({ ...row, bis: row.bis ?? '' }));
}

export interface EvaluationRequest {
  typ: string;
  wert: string;
  options: EvaluationOptions | undefined;
}

/** What an evaluation call made: the kept file and the name it downloads as. */
export interface MadeEvaluation {
  file: string;
  name: string;
}

function checkPeriod(typ: 'tag' | 'monat', wert: string): void {
  if (typ === 'tag' && !isIsoDate(wert)) throw invalid({ wert: ['Bitte im folgenden Format angeben: TT.MM.YYYY'] });
  if (typ === 'monat' && !/^\d{4}-(0[1-9]|1[0-2])$/.test(wert)) throw invalid({ wert: [statisticsMessages.badMonth] });
}

/**
 * zaehleAnwesenheiten: how many records an evaluation with 'Daten danach löschen' would delete, asked
 * before deleting. The classes as for deleting: seen (else notFound) and editable (else noRight).
 */
export async function countEvaluated(
  db: Db,
  user: Caller,
  request: { typ: 'tag' | 'monat'; wert: string; klassen: readonly number[] },
): Promise<number> {
  checkPeriod(request.typ, request.wert);
  const access = await classesFor(db, user);
  const classIds = chosenClasses(access, { klassen: [...request.klassen], loeschen: true }).map(
    (entry) => entry.row.id,
  );
  const [row] = await db
    .select({ anzahl: sql<number>`count(*)::int` })
    .from(childAttendance)
    .leftJoin(children, eq(children.id, childAttendance.childId))
    .where(evaluatedRecords(...evaluatedPeriod(request.typ, request.wert), classIds));
  return Number(row?.anzahl ?? 0);
}

/** The chosen classes: seen (else notFound); with `loeschen` also editable (else noRight). */
function chosenClasses(access: ClassAccess[], options: Pick<EvaluationOptions, 'klassen' | 'loeschen'>): ClassAccess[] {
  const ids = [...new Set(options.klassen)];
  if (ids.length === 0) throw invalid({ 'monatsuebersichtElemente.klassen': [statisticsMessages.noClasses] });
  return ids.map((id) =>
    requireRecord(
      access.find((entry) => entry.row.id === id),
      { canSee: (k) => k.sehen, ...(options.loeschen ? { canChange: (k: ClassAccess) => k.bearbeiten } : {}) },
      childrenMessages.unknownClass,
    ),
  );
}

/**
 * createAnwesenheitsstatistik: 'tag' → the day PDF, 'monat' → the month ZIP (streamed to disk), else
 * an archive file name → that file (if the user sees its classes). Archiving stores the file in f200-200
 * (same name replaces) with the classes it covers; deleting removes the evaluated records — all in one
 * transaction with the file.
 */
export async function createEvaluation(
  app: AppContext,
  user: Caller,
  request: EvaluationRequest,
): Promise<MadeEvaluation> {
  const { typ, wert } = request;
  if (typ !== 'tag' && typ !== 'monat') {
    const row = await requireArchiveFile(app.db, user, typ);
    return { file: row.path, name: evaluationDownloadName(typ) };
  }
  const access = await classesFor(app.db, user);
  const options = request.options ?? {
    ...evaluationOptions.parse({}),
    klassen: seenIds(access),
  };
  checkPeriod(typ, wert);
  if (options.loeschen) {
    const blocked = deletionBlocked(typ, wert, todayIsoDay());
    if (blocked !== null) throw invalid({ 'monatsuebersichtElemente.loeschen': [blocked] });
  }
  if (
    typ === 'monat' &&
    !(
      options.anwesenheitsdiagramm ||
      options.entlasszeitendiagramm ||
      options.tabelleKinder ||
      options.tabelleEntlasszeiten ||
      options.tagesuebersichten
    )
  ) {
    throw invalid({ monatsuebersichtElemente: [statisticsMessages.noContent] });
  }
  const classes = chosenClasses(access, options);
  const classIds = classes.map((entry) => entry.row.id);
  const classNames = classes.map((entry) => entry.row.name).sort((a, b) => a.localeCompare(b, 'de'));
  const rows = await evaluationRows(app.db, ...evaluatedPeriod(typ, wert), classIds);
  if (typ === 'tag' && rows.length === 0) throw invalid({ wert: [statisticsMessages.noRecordsDay] });
  if (options.loeschen && options.loeschenAnzahl !== undefined && options.loeschenAnzahl !== rows.length) {
    throw invalid({ 'monatsuebersichtElemente.loeschenAnzahl': [statisticsMessages.countChanged] });
  }
  const archiveName = archiveFileName(typ, wert, options.suffix);
  const name = evaluationDownloadName(archiveName);
  const kept = options.archivieren
    ? { area: STATISTICS_AREA, path: archivePath(archiveName) }
    : { area: TEMP_AREA, path: `${TEMP_AREA}/${user.id}/anwesenheitsstatistik.${typ === 'tag' ? 'pdf' : 'zip'}` };
  const mime = typ === 'tag' ? 'application/pdf' : 'application/zip';
  let bytes: Buffer | { fromPath: string };
  let tempDir: string | null = null;
  try {
    if (typ === 'tag') bytes = await dayPdf(wert, rows, classNames);
    else {
      tempDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'hortus-statistik-'));
      const zipPath = path.join(tempDir, 'monat.zip');
      await writeMonthZip(monthEntries(wert, rows, options, classNames), fs.createWriteStream(zipPath));
      bytes = { fromPath: zipPath };
    }
    const stored = await withFiles(app, async (tx, files) => {
      const row = await files.store({ ...kept, ownerUserId: user.id, originalName: name, mime, bytes });
      if (options.archivieren) {
        await tx
          .insert(childStatisticsArchives)
          .values({ fileId: row.id, classIds })
          .onConflictDoUpdate({ target: childStatisticsArchives.fileId, set: { classIds } });
      }
      // Exactly the evaluated records, in chunks that stay far below the bind-parameter limit.
      const ids = options.loeschen ? rows.map((entry) => entry.id) : [];
      for (let start = 0; start < ids.length; start += DELETE_CHUNK) {
        await tx.delete(childAttendance).where(inArray(childAttendance.id, ids.slice(start, start + DELETE_CHUNK)));
      }
      return row;
    });
    return { file: stored.path, name };
  } finally {
    if (tempDir) await fs.promises.rm(tempDir, { recursive: true, force: true });
  }
}
