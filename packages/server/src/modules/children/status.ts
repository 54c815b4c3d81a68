import { and, eq } from 'drizzle-orm';
import {
  childrenMessages,
  dayPlan,
  releaseReasonText,
  statusOf,
  type StatusData,
} from '@hortus/contract/modules/children';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { invalid } from '../../platform/http/calls';
import { requireChild } from './access';
import { childAttendance, childExceptions, childRecurringExceptions } from './schema';
import { berlinNow } from '../../platform/time/berlin-time';

/** Today's plan of a child (expected or not, release time, reason). */
export async function todaysPlan(db: Db, childId: number, releaseTime: string, day: string, weekday: number) {
  const [recurring, exceptions] = await Promise.all([
    db.select().from(childRecurringExceptions).where(eq(childRecurringExceptions.childId, childId)),
    db
      .select()
      .from(childExceptions)
      .where(and(eq(childExceptions.childId, childId), eq(childExceptions.day, day), eq(childExceptions.active, true))),
  ]);
  return dayPlan(
    releaseTime,
    weekday,
    day,
    recurring.map((r) => ({
      wochentag: r.weekday,
      anwesend: r.present,
      entlasszeit: r.releaseTime,
      kommentar: r.comment,
    })),
    exceptions.map((e) => ({
      id: e.id,
      tag: e.day,
      anwesend: e.present,
      entlasszeit: e.releaseTime,
      kommentar: e.comment,
      elternErstellt: e.byParent,
    })),
  );
}

/**
 * anwesenheitsstatus (school.md 4.4): 0/3 → 1 checks in (now or the chosen time), 1 → 2 releases
 * (time and reason from the day's plan unless sent), 2 → 0 deletes today's attendance, or with
 * nurEntlassenRueckgaengig only undoes the release. Needs the edit right on the child's class.
 */
export async function changeStatus(db: Db, user: Caller, input: StatusData, now = Date.now()): Promise<void> {
  const child = await requireChild(db, user, input.id_kind, true);
  const { day, weekday, time } = berlinNow(now);
  await db.transaction(async (tx) => {
    const [record] = await tx
      .select()
      .from(childAttendance)
      .where(and(eq(childAttendance.childId, child.id), eq(childAttendance.day, day)))
      .for('update');
    const current = statusOf(record ? { zeit_bis: record.timeTo } : null);
    const where = and(eq(childAttendance.childId, child.id), eq(childAttendance.day, day));
    switch (input.neuStatus) {
      case 1: {
        const plan = await todaysPlan(tx, child.id, child.releaseTime, day, weekday);
        if (!plan.anwesend) throw invalid({ neuStatus: [childrenMessages.notExpected] });
        const timeFrom = input.neuZeit_von ?? time;
        if (record) {
          await tx
            .update(childAttendance)
            .set({ timeFrom, timeTo: null, reason: '', pickedUpBy: '', changedAt: new Date(now) })
            .where(where);
        } else {
          await tx.insert(childAttendance).values({ childId: child.id, day, timeFrom, changedAt: new Date(now) });
        }
        break;
      }
      case 2: {
        if (current !== 1) throw invalid({ neuStatus: [childrenMessages.notCheckedIn] });
        const plan = await todaysPlan(tx, child.id, child.releaseTime, day, weekday);
        await tx
          .update(childAttendance)
          .set({
            timeTo: input.neuZeit_bis ?? time,
            reason: input.entlassgrund?.trim() || releaseReasonText(plan),
            pickedUpBy: input.abgeholtVon?.trim() ?? '',
            changedAt: new Date(now),
          })
          .where(where);
        break;
      }
      default: {
        if (input.nurEntlassenRueckgaengig) {
          if (current !== 2) throw invalid({ neuStatus: [childrenMessages.notReleased] });
          await tx
            .update(childAttendance)
            .set({ timeTo: null, reason: '', pickedUpBy: '', changedAt: new Date(now) })
            .where(where);
        } else if (record) {
          await tx.delete(childAttendance).where(where);
        }
      }
    }
  });
}
