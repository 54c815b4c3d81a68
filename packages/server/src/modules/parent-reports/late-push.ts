import { inArray, like } from 'drizzle-orm';
import { childrenRights, parentReportsMessages } from '@hortus/contract';
import type { Db } from '../../platform/db/database';
import { groupRights } from '../../platform/db/schema';
import { sendPush, type PushTargets } from '../../platform/push/push';
import { childClasses } from '../children/schema';

interface ReportedChild {
  vorname: string;
  nachname: string;
  classId: number;
}

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

/**
 * A report that arrived after today's cut-off (beyond the spec): one push per class to the staff who may
 * edit it, naming the children and what was reported. Sent in the background (sendPush never throws);
 * answers the targets per class.
 */
export async function notifyLateReport(
  db: Db,
  kinder: readonly ReportedChild[],
  text: string,
): Promise<Map<number, PushTargets>> {
  let everybody: number[] | undefined;
  const everybodyGroups = async () =>
    (everybody ??= (
      await db
        .selectDistinct({ groupId: groupRights.groupId })
        .from(groupRights)
        .where(like(groupRights.right, `${childrenRights.list}%`))
    ).map((row) => row.groupId));
  const targets = new Map<number, PushTargets>();
  for (const classId of new Set(kinder.map((kind) => kind.classId))) {
    const to = await classEditors(db, classId, everybodyGroups);
    targets.set(classId, to);
    const names = kinder
      .filter((kind) => kind.classId === classId)
      .map((kind) => `${kind.vorname} ${kind.nachname}`)
      .join(', ');
    void sendPush(db, to, { title: parentReportsMessages.lateReportPush, body: `${names}: ${text}`, url: '/200' });
  }
  return targets;
}
