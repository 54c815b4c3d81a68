import { and, eq, inArray, like, notExists } from 'drizzle-orm';
import { childrenMessages, dayPlan } from '@hortus/contract/modules/children';
import type { Db } from '../../platform/db/database';
import { groupRights } from '../../platform/db/schema';
import type { BackgroundJob } from '../../platform/modules/server-module';
import { sendPush } from '../../platform/push/push';
import {
  childAttendance,
  childClasses,
  childExceptions,
  childMissingNotices,
  childRecurringExceptions,
  children,
} from './schema';
import { berlinNow } from '../../platform/time/berlin-time';

export interface MissingChild {
  id: number;
  name: string;
  classId: number;
}

/**
 * 'Noch nicht da' (beyond the spec): children expected today (their day plan) whose care slot has
 * begun at `time` and who are not checked in.
 */
export async function missingChildren(db: Db, day: string, weekday: number, time: string): Promise<MissingChild[]> {
  const rows = await db
    .select()
    .from(children)
    .where(
      notExists(
        db
          .select({ id: childAttendance.id })
          .from(childAttendance)
          .where(and(eq(childAttendance.childId, children.id), eq(childAttendance.day, day))),
      ),
    );
  const due = rows.filter((row) => row.careFrom <= time);
  if (due.length === 0) return [];
  const ids = due.map((row) => row.id);
  const [rules, exceptions] = await Promise.all([
    db
      .select()
      .from(childRecurringExceptions)
      .where(and(inArray(childRecurringExceptions.childId, ids), eq(childRecurringExceptions.weekday, weekday))),
    db
      .select()
      .from(childExceptions)
      .where(
        and(inArray(childExceptions.childId, ids), eq(childExceptions.day, day), eq(childExceptions.active, true)),
      ),
  ]);
  return due
    .filter(
      (row) =>
        dayPlan(
          row.releaseTime,
          weekday,
          day,
          rules
            .filter((r) => r.childId === row.id)
            .map((r) => ({
              wochentag: r.weekday,
              anwesend: r.present,
              entlasszeit: r.releaseTime,
              kommentar: r.comment,
            })),
          exceptions
            .filter((e) => e.childId === row.id)
            .map((e) => ({
              id: e.id,
              tag: e.day,
              anwesend: e.present,
              entlasszeit: e.releaseTime,
              kommentar: e.comment,
              elternErstellt: e.byParent,
            })),
        ).anwesend,
    )
    .map((row) => ({ id: row.id, name: `${row.vorname} ${row.nachname}`, classId: row.classId }));
}

/**
 * Sends one push per class to the class's editors (its edit groups and users; a class everybody may
 * edit goes to the groups holding the children right), naming the children missing for the first
 * time today. Each child is claimed once per day (insert … on conflict do nothing), so several
 * servers never notify twice. Weekdays only.
 */
export async function notifyMissing(db: Db, now = Date.now()): Promise<number> {
  const { day, weekday, time } = berlinNow(now);
  if (weekday > 5) return 0;
  const missing = await missingChildren(db, day, weekday, time);
  if (missing.length === 0) return 0;
  const claimed = await db
    .insert(childMissingNotices)
    .values(missing.map((child) => ({ childId: child.id, day })))
    .onConflictDoNothing()
    .returning({ childId: childMissingNotices.childId });
  const fresh = missing.filter((child) => claimed.some((row) => row.childId === child.id));
  if (fresh.length === 0) return 0;
  const classes = await db
    .select()
    .from(childClasses)
    .where(inArray(childClasses.id, [...new Set(fresh.map((child) => child.classId))]));
  const childrenGroups = await db
    .selectDistinct({ groupId: groupRights.groupId })
    .from(groupRights)
    .where(like(groupRights.right, 'x|200|000|000%'));
  for (const klasse of classes) {
    const names = fresh.filter((child) => child.classId === klasse.id).map((child) => child.name);
    const edit = klasse.conditions.f200.bearbeiten;
    await sendPush(
      db,
      {
        groupIds: edit.alle ? childrenGroups.map((row) => row.groupId) : edit.gruppen,
        userIds: edit.nutzer ?? [],
      },
      { title: `${childrenMessages.notYetHere} (${klasse.name})`, body: names.join(', '), url: '/200' },
    );
  }
  return fresh.length;
}

export const missingChildrenJob: BackgroundJob = {
  name: 'children-missing',
  everyMs: 5 * 60 * 1000,
  run: (app) => notifyMissing(app.db),
};
