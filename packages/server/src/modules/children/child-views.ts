import { and, asc, eq, gte, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { childNames, dayPlan, statusOf, type AttendanceToday, type ChildView } from '@hortus/contract/modules/children';
import type { Db } from '../../platform/db/database';
import { files } from '../../platform/db/schema';
import { cachedChildBase, type ChildRow, type PickupRow, type RecurringRow } from './child-base';
import { type ClassAccess } from './classes';
import { EXCEPTION_DAYS_BACK, exceptionAttachments, exceptionViewOf } from './exception-views';
import { healthOf, pickupPersonView, pickupViewOf, releaseData } from './release';
import { healthProposalsOf } from './health-proposals';
import {
  childAttendance,
  childDiary,
  childDocuments,
  childExceptions,
  childPhones,
  childPickupPersons,
  childRecurringExceptions,
  children,
} from './schema';
import { addDays } from '../../platform/time/berlin-time';

function childIdQuery(db: Db, where: SQL | undefined) {
  return db.select({ id: children.id }).from(children).where(where);
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const id = key(row);
    const list = map.get(id);
    if (list) list.push(row);
    else map.set(id, [row]);
  }
  return map;
}
/**
 * Children of the given classes, shaped for the reply. Without `details` (the list load) a child carries
 * what the list, today's status and the release dialog need: its recurring exceptions, today's one-off
 * exceptions, pickup persons and today's attendance; phone numbers, diary, documents and the one-off
 * exceptions of other days are empty and come with `details` (getKind, when the dialog opens).
 */
export async function childViews(
  db: Db,
  access: readonly ClassAccess[],
  classIds: readonly number[],
  options: { today: string; weekday: number; onlyChildIds?: readonly number[]; details?: boolean },
): Promise<ChildView[]> {
  const details = options.details ?? false;
  if (classIds.length === 0) return [];
  const classSet = new Set(classIds);
  let rows: ChildRow[];
  let recurring: RecurringRow[];
  let pickups: PickupRow[];
  let childIds: ReturnType<typeof childIdQuery> | null = null;
  if (details || options.onlyChildIds) {
    const where = options.onlyChildIds
      ? and(inArray(children.classId, [...classIds]), inArray(children.id, [...options.onlyChildIds]))
      : inArray(children.classId, [...classIds]);
    const ids = childIdQuery(db, where);
    childIds = ids;
    [rows, recurring, pickups] = await Promise.all([
      db.select().from(children).where(where).orderBy(asc(children.nachname), asc(children.vorname), asc(children.id)),
      db
        .select()
        .from(childRecurringExceptions)
        .where(inArray(childRecurringExceptions.childId, ids))
        .orderBy(asc(childRecurringExceptions.weekday)),
      db
        .select()
        .from(childPickupPersons)
        .where(inArray(childPickupPersons.childId, ids))
        .orderBy(asc(childPickupPersons.id)),
    ]);
  } else {
    // The list load: children from memory, their parent links fresh (a deleted user unlinks outside the module).
    const [base, links] = await Promise.all([
      cachedChildBase(db),
      db
        .select({ id: children.id, parentUserId: children.parentUserId })
        .from(children)
        .where(isNotNull(children.parentUserId)),
    ]);
    const parentOf = new Map(links.map((link) => [link.id, link.parentUserId]));
    rows = base.rows
      .filter((row) => classSet.has(row.classId))
      .map((row) => ({ ...row, parentUserId: parentOf.get(row.id) ?? null }));
    recurring = base.recurring;
    pickups = base.pickups;
  }
  if (rows.length === 0) return [];
  // Siblings are named only when the caller sees them (./access.ts).
  const seenClasses = new Set(access.filter((entry) => entry.sehen).map((entry) => entry.row.id));
  const seenChildIds = new Set(
    (await cachedChildBase(db)).rows.filter((row) => seenClasses.has(row.classId)).map((row) => row.id),
  );
  const shown = new Set(rows.map((row) => row.id));
  const ofShown = <T extends { childId: number | null }>(list: T[]) =>
    list.filter((row) => row.childId !== null && shown.has(row.childId));
  const exceptionDays = details
    ? gte(childExceptions.day, addDays(options.today, -EXCEPTION_DAYS_BACK))
    : eq(childExceptions.day, options.today);
  const [phones, exceptionRows, attendanceRows, diary, documents] = await Promise.all([
    childIds
      ? db.select().from(childPhones).where(inArray(childPhones.childId, childIds)).orderBy(asc(childPhones.id))
      : Promise.resolve([]),
    db
      .select()
      .from(childExceptions)
      .where(childIds ? and(inArray(childExceptions.childId, childIds), exceptionDays) : exceptionDays)
      .orderBy(asc(childExceptions.day), asc(childExceptions.id)),
    // Only what the list shows: each column of each row costs PGlite's parser (500 rows of all columns
    // were half of a 1,000-children load).
    db
      .select({
        id: childAttendance.id,
        childId: childAttendance.childId,
        day: childAttendance.day,
        timeFrom: childAttendance.timeFrom,
        timeTo: childAttendance.timeTo,
        reason: childAttendance.reason,
        pickedUpBy: childAttendance.pickedUpBy,
      })
      .from(childAttendance)
      .where(
        childIds
          ? and(inArray(childAttendance.childId, childIds), eq(childAttendance.day, options.today))
          : eq(childAttendance.day, options.today),
      ),
    childIds ? db.select().from(childDiary).where(inArray(childDiary.childId, childIds)) : Promise.resolve([]),
    childIds
      ? db
          .select({
            id: childDocuments.id,
            childId: childDocuments.childId,
            kind: childDocuments.kind,
            path: files.path,
            name: files.originalName,
          })
          .from(childDocuments)
          .innerJoin(files, eq(files.id, childDocuments.fileId))
          .where(inArray(childDocuments.childId, childIds))
          .orderBy(asc(childDocuments.id))
      : Promise.resolve([]),
  ]);
  const exceptions = ofShown(exceptionRows);
  const attendance = ofShown(attendanceRows);
  const [attachments, release, proposals] = await Promise.all([
    exceptionAttachments(
      db,
      exceptions.map((row) => row.id),
    ),
    releaseData(
      db,
      rows.map((row) => row.id),
      options.today,
      details,
    ),
    details
      ? healthProposalsOf(
          db,
          rows.map((row) => row.id),
          true,
        )
      : Promise.resolve(undefined),
  ]);
  const classById = new Map(access.map((entry) => [entry.row.id, entry]));
  const phonesBy = groupBy(phones, (row) => row.childId);
  const recurringBy = groupBy(recurring, (row) => row.childId);
  const exceptionsBy = groupBy(exceptions, (row) => row.childId);
  const pickupsBy = groupBy(pickups, (row) => row.childId);
  const attendanceBy = new Map(attendance.map((row) => [row.childId ?? 0, row]));
  const diaryBy = groupBy(diary, (row) => row.childId);
  const documentsBy = groupBy(documents, (row) => row.childId);

  return rows.map((row) => {
    const klasse = classById.get(row.classId);
    const className = klasse?.row.name ?? '';
    const regelausnahmen = (recurringBy.get(row.id) ?? []).map((entry) => ({
      id: entry.id,
      wochentag: entry.weekday,
      anwesend: entry.present,
      entlasszeit: entry.releaseTime,
      kommentar: entry.comment,
    }));
    const ausnahmen = (exceptionsBy.get(row.id) ?? []).map((entry) =>
      exceptionViewOf(entry, attachments.get(entry.id) ?? []),
    );
    const plan = dayPlan(
      row.releaseTime,
      options.weekday,
      options.today,
      regelausnahmen,
      ausnahmen.filter((entry) => entry.aktiv),
    );
    const record = attendanceBy.get(row.id);
    const todaysRecurring = regelausnahmen.find((entry) => entry.wochentag === options.weekday);
    const today: AttendanceToday | null = record
      ? {
          id: record.id,
          tag: record.day,
          zeit_von: record.timeFrom,
          time_angemeldet: record.timeFrom,
          zeit_bis: record.timeTo,
          time_abgemeldet: record.timeTo ?? '',
          entlassgrund: record.reason,
          entlassgrundRegelausnahme: todaysRecurring?.kommentar ?? '',
          entlassgrundAusnahme: plan.grund === 'Ausnahme' ? plan.kommentar : '',
          // Our addition (issue 44) is opt-in for the spec's client: present only once someone was recorded.
          ...(record.pickedUpBy ? { abgeholtVon: record.pickedUpBy } : {}),
          status: statusOf({ zeit_bis: record.timeTo }),
          anwesendHeuteBis: plan.entlasszeit,
        }
      : null;
    return {
      id: row.id,
      id_elternkonto: row.parentUserId ?? 0,
      id_eltern: row.parentUserId ?? 0,
      id_klasse: row.classId,
      idKlasse: row.classId,
      name_klasse: className,
      vorname: row.vorname,
      nachname: row.nachname,
      ...childNames(row.vorname, row.nachname, className),
      junge: row.junge,
      date_geburtstag: row.birthday ?? '',
      betreuungsplatz: row.careFrom,
      standardentlasszeit: row.releaseTime,
      geschwister: row.siblings.filter((id) => seenChildIds.has(id)),
      telefonnummern: (phonesBy.get(row.id) ?? []).map((entry) => ({
        id: entry.id,
        id_eltern: 0,
        name: entry.name,
        nummer: entry.nummer,
      })),
      regelausnahmen,
      ausnahmen,
      abholberechtigte: (pickupsBy.get(row.id) ?? []).map(pickupPersonView),
      anwesenheitsstatus: statusOf(today),
      anwesend: plan.anwesend,
      anwesendHeuteBis: plan.entlasszeit,
      entlassgrund: plan.grund,
      entlassgrundKommentar: plan.kommentar,
      anwesenheitHeute: today,
      tagebucheintraege: Object.fromEntries((diaryBy.get(row.id) ?? []).map((entry) => [entry.day, entry.text])),
      dokumente: (documentsBy.get(row.id) ?? []).map((entry) => ({
        id: entry.id,
        pfad: entry.path,
        name: entry.name,
        art: entry.kind,
      })),
      allowEdit: klasse?.bearbeiten ?? false,
      abholung: pickupViewOf(release, row.id, pickupsBy.get(row.id) ?? [], plan, options.today, options.weekday),
      gesundheit: healthOf(release, row.id),
      ...(proposals ? { gesundheitVorschlaege: proposals.get(row.id) ?? [] } : {}),
      version: row.version,
    };
  });
}
