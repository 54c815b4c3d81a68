import { and, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { readDatenschutzSettings, retentionJob } from '../../platform/audit/protokoll';
import type { Db } from '../../platform/db/database';
import { berlinNow } from '../../platform/time/berlin-time';
import { childAttendance } from './schema';

/** The first day still kept when `months` months are kept up to `today` ('YYYY-MM-DD', Berlin). */
export function keptFrom(today: string, months: number): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) - months;
  const last = new Date(Date.UTC(Math.floor(total / 12), (total % 12) + 1, 0)).getUTCDate();
  const y = String(Math.floor(total / 12)).padStart(4, '0');
  const m = String((total % 12) + 1).padStart(2, '0');
  return `${y}-${m}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/**
 * Retention of module 200's attendance history (Datenschutz settings, docs/architecture.md "Datenschutz"):
 * rows of days before the kept months are deleted; the rows of children who left (deleted, `child_id`
 * null) lose their names once their day is `ausgetreteneMonate` months past — they keep the class for
 * the statistics' counts. Answers how many rows went and how many were anonymised.
 */
export async function applyAttendanceRetention(
  db: Db,
  settings: { anwesenheitMonate: number; ausgetreteneMonate: number },
  now = Date.now(),
): Promise<{ geloescht: number; anonymisiert: number }> {
  const { day } = berlinNow(now);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(childAttendance)
      .where(lt(childAttendance.day, keptFrom(day, settings.anwesenheitMonate)))
      .returning({ id: childAttendance.id });
    const anonymised = await tx
      .update(childAttendance)
      .set({ deletedVorname: null, deletedNachname: null })
      .where(
        and(
          isNull(childAttendance.childId),
          lt(childAttendance.day, keptFrom(day, settings.ausgetreteneMonate)),
          or(isNotNull(childAttendance.deletedVorname), isNotNull(childAttendance.deletedNachname)),
        ),
      )
      .returning({ id: childAttendance.id });
    return { geloescht: removed.length, anonymisiert: anonymised.length };
  });
}

/** Daily: attendance history past its retention goes, leavers' names past theirs. */
export const attendanceRetentionJob = retentionJob(
  'children-attendance-retention',
  'Anwesenheiten bereinigen und anonymisieren',
  async (app) => applyAttendanceRetention(app.db, await readDatenschutzSettings(app.db)),
  (done) => `${done.geloescht} Anwesenheiten gelöscht, ${done.anonymisiert} anonymisiert`,
);
