import { parentReportsMessages } from '@hortus/contract/modules/parent-reports';
import type { Db } from '../../platform/db/database';
import type { ChildAttendance } from '../children/public';
import { sendPush, type PushTargets } from '../../platform/push/push';

interface ReportedChild {
  vorname: string;
  nachname: string;
  classId: number;
}

/**
 * A report that arrived after today's cut-off (beyond the spec): one push per class to the staff who may
 * edit it, naming the children and what was reported. Sent in the background (sendPush never throws);
 * answers the targets per class.
 */
export async function notifyLateReport(
  attendance: ChildAttendance,
  db: Db,
  kinder: readonly ReportedChild[],
  text: string,
): Promise<Map<number, PushTargets>> {
  const targets = await attendance.classEditors(db, [...new Set(kinder.map((kind) => kind.classId))]);
  for (const [classId, to] of targets) {
    const names = kinder
      .filter((kind) => kind.classId === classId)
      .map((kind) => `${kind.vorname} ${kind.nachname}`)
      .join(', ');
    void sendPush(db, to, { title: parentReportsMessages.lateReportPush, body: `${names}: ${text}`, url: '/200' });
  }
  return targets;
}
