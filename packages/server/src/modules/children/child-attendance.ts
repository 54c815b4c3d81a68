import { and, asc, desc, eq, inArray, like, notExists } from 'drizzle-orm';
import { childrenRights, reportSettings, type ReportSettings } from '@hortus/contract/modules/children';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { files, groupRights } from '../../platform/db/schema';
import { childClasses, childExceptionFiles, childExceptions, children } from './schema';
import { readChildrenSettings, writeChildrenSettings } from './settings';
import { canSeeChild } from './access';
import { exceptionAttachments, exceptionViewOf } from './exception-views';
import type { SQL } from 'drizzle-orm';
import type { PushTargets } from '../../platform/push/push';

/** A parent's child with its class. */
export interface ParentsChild {
  id: number;
  vorname: string;
  nachname: string;
  classId: number;
  className: string;
}

/** A parent's report as one of the child's one-off exceptions (what a report history shows). */
export interface ParentReportRow {
  id: number;
  childId: number;
  day: string;
  present: boolean;
  releaseTime: string;
  comment: string;
  active: boolean;
  anhaenge: { pfad: string; name: string }[];
  elternErstellt_tag: string;
  elternErstellt_zeit: string;
}

/** A new exception a parent reported for a child and day. */
export interface NewParentReport {
  childId: number;
  day: string;
  present: boolean;
  releaseTime: string;
  comment: string;
  createdBy: number;
  createdAt: Date;
  /** Default true (the demo also seeds withdrawn ones). */
  active?: boolean;
}

/**
 * What the module that keeps children, classes and their attendance exceptions (200) offers the parents'
 * reports (210, which declares `dependsOn: ['200']`), through children's `public.ts`. Functions taking `db`
 * also take a transaction.
 */
export interface ChildAttendance {
  /** A parent account's children with their class, in name order; only those of `ids` when given. */
  parentsChildren(db: Db, parentUserId: number, ids?: readonly number[]): Promise<ParentsChild[]>;
  /** Whether the user sees the child through its class. */
  canSeeChild(db: Db, user: Caller, childId: number): Promise<boolean>;
  /** Who may edit each class (its edit groups and users), for pushes about its children. */
  classEditors(db: Db, classIds: readonly number[]): Promise<Map<number, PushTargets>>;
  /** The report settings, stored with the children's settings (one source of truth). */
  readReportSettings(db: Db): Promise<ReportSettings>;
  saveReportSettings(db: Db, settings: ReportSettings): Promise<void>;
  /** The parents' reports of the children, newest first, at most `limit`. */
  parentReports(db: Db, childIds: readonly number[], limit: number): Promise<ParentReportRow[]>;
  /** A condition on the platform's files table in a query: the file is attached to no exception. */
  fileUnattached(db: Db): SQL;
  /**
   * The reports as new exceptions with the given files attached; the older active parent reports of the same
   * children and days become inactive. Answers the new ids.
   */
  replaceParentReports(db: Db, reports: readonly NewParentReport[], fileIds: readonly number[]): Promise<number[]>;
  /** A parent report locked for a change (undefined: no such report). */
  lockParentReport(
    db: Db,
    id: number,
  ): Promise<{ day: string; active: boolean; byParent: boolean; parentUserId: number | null } | undefined>;
  /** A parent report becomes inactive (the history keeps it). */
  withdrawParentReport(db: Db, id: number): Promise<void>;
  /** The children (and their parent accounts) whose exceptions use a file. */
  fileUses(db: Db, fileId: number): Promise<{ childId: number; parentUserId: number | null }[]>;
}

/**
 * Module 200's child attendance for the parents' reports (module 210): the parent's children, the report
 * settings, and the parents' reports as the children's one-off exceptions.
 */
export const childAttendance: ChildAttendance = {
  parentsChildren(db, parentUserId, ids) {
    const own = eq(children.parentUserId, parentUserId);
    return db
      .select({
        id: children.id,
        vorname: children.vorname,
        nachname: children.nachname,
        classId: children.classId,
        className: childClasses.name,
      })
      .from(children)
      .innerJoin(childClasses, eq(childClasses.id, children.classId))
      .where(ids ? and(own, inArray(children.id, [...ids])) : own)
      .orderBy(asc(children.vorname), asc(children.nachname), asc(children.id));
  },

  canSeeChild: (db, user, childId) => canSeeChild(db, user, childId),

  async classEditors(db, classIds) {
    let everybody: number[] | undefined;
    const everybodyGroups = async () =>
      (everybody ??= (
        await db
          .selectDistinct({ groupId: groupRights.groupId })
          .from(groupRights)
          .where(like(groupRights.right, `${childrenRights.list}%`))
      ).map((row) => row.groupId));
    const targets = new Map<number, PushTargets>();
    for (const classId of classIds) targets.set(classId, await classEditors(db, classId, everybodyGroups));
    return targets;
  },

  async readReportSettings(db) {
    return reportSettings.parse(await readChildrenSettings(db));
  },

  async saveReportSettings(db, settings) {
    const current = await readChildrenSettings(db);
    // Only the report fields change (never the parent group): written as they are.
    await writeChildrenSettings(db, { ...current, ...reportSettings.parse(settings) });
  },

  async parentReports(db, childIds, limit) {
    if (childIds.length === 0) return [];
    const rows = await db
      .select()
      .from(childExceptions)
      .where(and(eq(childExceptions.byParent, true), inArray(childExceptions.childId, [...childIds])))
      .orderBy(desc(childExceptions.createdAt), desc(childExceptions.id))
      .limit(limit);
    const attachments = await exceptionAttachments(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => {
      const view = exceptionViewOf(row, attachments.get(row.id) ?? []);
      return {
        id: row.id,
        childId: row.childId,
        day: row.day,
        present: row.present,
        releaseTime: row.releaseTime,
        comment: row.comment,
        active: row.active,
        anhaenge: view.anhaenge,
        elternErstellt_tag: view.elternErstellt_tag,
        elternErstellt_zeit: view.elternErstellt_zeit,
      };
    });
  },

  fileUnattached(db) {
    return notExists(
      db
        .select({ fileId: childExceptionFiles.fileId })
        .from(childExceptionFiles)
        .where(eq(childExceptionFiles.fileId, files.id)),
    );
  },

  async replaceParentReports(db, reports, fileIds) {
    if (reports.length === 0) return [];
    await db
      .update(childExceptions)
      .set({ active: false })
      .where(
        and(
          inArray(childExceptions.childId, [...new Set(reports.map((report) => report.childId))]),
          inArray(childExceptions.day, [...new Set(reports.map((report) => report.day))]),
          eq(childExceptions.byParent, true),
          eq(childExceptions.active, true),
        ),
      );
    const rows = await db
      .insert(childExceptions)
      .values(reports.map((report) => ({ ...report, byParent: true })))
      .returning({ id: childExceptions.id });
    if (fileIds.length > 0) {
      await db
        .insert(childExceptionFiles)
        .values(rows.flatMap((row) => fileIds.map((fileId) => ({ exceptionId: row.id, fileId }))));
    }
    return rows.map((row) => row.id);
  },

  async lockParentReport(db, id) {
    const [row] = await db
      .select({
        day: childExceptions.day,
        active: childExceptions.active,
        byParent: childExceptions.byParent,
        parentUserId: children.parentUserId,
      })
      .from(childExceptions)
      .innerJoin(children, eq(children.id, childExceptions.childId))
      .where(eq(childExceptions.id, id))
      .for('update', { of: childExceptions });
    return row;
  },

  async withdrawParentReport(db, id) {
    await db.update(childExceptions).set({ active: false }).where(eq(childExceptions.id, id));
  },

  fileUses(db, fileId) {
    return db
      .select({ childId: childExceptions.childId, parentUserId: children.parentUserId })
      .from(childExceptionFiles)
      .innerJoin(childExceptions, eq(childExceptions.id, childExceptionFiles.exceptionId))
      .innerJoin(children, eq(children.id, childExceptions.childId))
      .where(eq(childExceptionFiles.fileId, fileId));
  },
};

/**
 * Who hears of a late report of a class: the class's edit groups and users; a class everybody may edit
 * goes to the groups holding the children right.
 */
async function classEditors(db: Db, classId: number, everybodyGroups: () => Promise<number[]>): Promise<PushTargets> {
  const [klasse] = await db
    .select()
    .from(childClasses)
    .where(inArray(childClasses.id, [classId]));
  if (!klasse) return { userIds: [], groupIds: [] };
  const edit = klasse.conditions.f200.bearbeiten;
  return { groupIds: edit.alle ? await everybodyGroups() : edit.gruppen, userIds: edit.nutzer ?? [] };
}
