import { and, asc, desc, eq, inArray, like, notExists } from 'drizzle-orm';
import { reportSettings } from '@hortus/contract';
import { childrenRights } from '@hortus/contract/modules/children';
import type { Db } from '../../../platform/db/database';
import { files, groupRights } from '../../../platform/db/schema';
import type { ChildAttendance } from '../../../platform/modules/child-attendance';
import type { PushTargets } from '../../../platform/push/push';
import { childClasses, childExceptionFiles, childExceptions, children } from '../schema';
import { readChildrenSettings, writeChildrenSettings } from '../settings';
import { canSeeChild } from './child-records';
import { checkedFile } from './documents';
import { exceptionAttachments, exceptionViewOf } from './load';

/**
 * What module 200 offers the parents' reports (module 210) through the platform: the parent's children, the
 * report settings, and the parents' reports as the children's one-off exceptions (docs/architecture.md
 * "Capabilities").
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

  checkedUpload: checkedFile,

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
