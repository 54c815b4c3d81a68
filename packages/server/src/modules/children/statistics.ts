import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  STATISTICS_AREA,
  childrenMessages,
  type StatisticsListReply,
  type StatisticsRowData,
  type StatisticsRowView,
} from '@hortus/contract/modules/children';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { withFiles } from '../../platform/files/files';
import type { AppContext } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { cachedChildBase } from './child-base';
import { type ClassAccess } from './classes';
import { archiveFiles, canSeeArchive, classesFor, requireArchiveFile } from './access';
import { childAttendance, children } from './schema';

/** The ids of the classes the caller sees. */
export const seenIds = (access: ClassAccess[]) => access.filter((entry) => entry.sehen).map((entry) => entry.row.id);

/** The day list: every child of a seen class (present = a record exists) and deleted children's records of seen classes. */
export async function dayList(db: Db, user: Caller, day: string): Promise<StatisticsRowView[]> {
  const access = await classesFor(db, user);
  const byClass = new Map(access.filter((entry) => entry.sehen).map((entry) => [entry.row.id, entry]));
  const [base, records] = await Promise.all([
    cachedChildBase(db),
    db.select().from(childAttendance).where(eq(childAttendance.day, day)),
  ]);
  const recordOf = new Map(records.filter((r) => r.childId !== null).map((r) => [r.childId, r]));
  const rows: StatisticsRowView[] = [];
  for (const child of base.rows) {
    const klasse = byClass.get(child.classId);
    if (!klasse) continue;
    const record = recordOf.get(child.id);
    rows.push({
      id_kind: child.id,
      tag: day,
      vorname: child.vorname,
      nachname: child.nachname,
      id_klasse: child.classId,
      name_klasse: klasse.row.name,
      anwesend: record !== undefined,
      von: record?.timeFrom ?? '',
      bis: record?.timeTo ?? '',
      entlassgrund: record?.reason ?? '',
      bearbeiten: klasse.bearbeiten,
    });
  }
  for (const record of records) {
    if (record.childId !== null || record.deletedClassId === null || !byClass.has(record.deletedClassId)) continue;
    const [vorname, nachname, klasse] = [
      record.deletedVorname ?? '',
      record.deletedNachname ?? '',
      record.deletedClass ?? '',
    ];
    rows.push({
      id_kind: 0,
      tag: day,
      vorname,
      nachname,
      id_klasse: record.deletedClassId,
      name_klasse: klasse,
      anwesend: true,
      von: record.timeFrom,
      bis: record.timeTo ?? '',
      entlassgrund: record.reason,
      bearbeiten: false,
      // The spec's client reads a deleted child's row by these fields (school.md, attendance record).
      delKind_vorname: vorname,
      delKind_nachname: nachname,
      delKind_klasse: klasse,
      delKind_idKlasse: record.deletedClassId,
    });
  }
  return rows.sort(
    (a, b) =>
      a.name_klasse.localeCompare(b.name_klasse, 'de') ||
      a.nachname.localeCompare(b.nachname, 'de') ||
      a.vorname.localeCompare(b.vorname, 'de'),
  );
}

/** Months ('YYYY-MM', newest first) with records of the given classes (current or, for deleted children, last class). */
async function monthsWithRecords(db: Db, classIds: readonly number[]): Promise<string[]> {
  if (classIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ month: sql<string>`to_char(${childAttendance.day}, 'YYYY-MM')` })
    .from(childAttendance)
    .leftJoin(children, eq(children.id, childAttendance.childId))
    .where(inArray(sql`coalesce(${children.classId}, ${childAttendance.deletedClassId})`, [...classIds]))
    .orderBy(desc(sql`to_char(${childAttendance.day}, 'YYYY-MM')`));
  return rows.map((row) => row.month);
}

/** The names of the archive files the user may see, newest first. */
async function archiveNames(db: Db, access: ClassAccess[]): Promise<string[]> {
  const rows = await archiveFiles(db);
  return rows
    .filter((row) => canSeeArchive(access, row.classIds))
    .map((row) => row.file.path.slice(STATISTICS_AREA.length + 1));
}

/** The month and archive lists of the statistics dialog (saveAnwesenheit, createAnwesenheitsstatistik, getSettings). */
export async function statisticsLists(
  db: Db,
  user: Caller,
  known?: ClassAccess[],
): Promise<Omit<StatisticsListReply, 'status' | 'tag' | 'anwesenheiten'>> {
  const access = known ?? (await classesFor(db, user));
  const [anwesenheitenMonate, anwesenheitenDokumente] = await Promise.all([
    monthsWithRecords(db, seenIds(access)),
    archiveNames(db, access),
  ]);
  return { anwesenheitenMonate, anwesenheitenDokumente };
}

/** delDokument: removes one archive file the user may see (its classes row goes with it). */
export async function deleteArchiveFile(app: AppContext, user: Caller, name: string): Promise<void> {
  const row = await requireArchiveFile(app.db, user, name);
  await withFiles(app, (_tx, files) => files.remove([row.id]));
}

/**
 * saveAnwesenheit's liste: each row needs the edit right on the child's class (unseen → notFound, seen
 * only → noRight); all rows are written in one transaction. Not present removes the day's record.
 */
export async function saveDayRows(
  db: Db,
  user: Caller,
  day: string,
  rows: readonly StatisticsRowData[],
): Promise<void> {
  if (rows.length === 0) return;
  const access = await classesFor(db, user);
  const ids = [...new Set(rows.map((row) => row.id_kind))];
  const kids = await db
    .select({ id: children.id, classId: children.classId })
    .from(children)
    .where(inArray(children.id, ids));
  for (const id of ids) {
    const kid = kids.find((entry) => entry.id === id);
    const klasse = kid ? access.find((entry) => entry.row.id === kid.classId) : undefined;
    requireRecord(klasse, { canSee: (k) => k.sehen, canChange: (k) => k.bearbeiten }, childrenMessages.unknownChild);
  }
  await db.transaction(async (tx) => {
    for (const row of rows) {
      if (!row.anwesend) {
        await tx
          .delete(childAttendance)
          .where(and(eq(childAttendance.childId, row.id_kind), eq(childAttendance.day, day)));
        continue;
      }
      const values = {
        timeFrom: row.von,
        timeTo: row.bis === '' ? null : row.bis,
        reason: row.entlassgrund.trim(),
        changedAt: new Date(),
      };
      await tx
        .insert(childAttendance)
        .values({ childId: row.id_kind, day, ...values })
        .onConflictDoUpdate({ target: [childAttendance.childId, childAttendance.day], set: values });
    }
  });
}
