import { holdsDataRight, type SessionUser } from '@hortus/contract';
import { parentReportsRights } from '@hortus/contract/modules/parent-reports';
import type { Db } from '../../platform/db/database';
import type { ChildAttendance } from '../children/public';

/** Most history entries sent. */
export const HISTORY_MAX = 200;

/**
 * The caller's own children (their parent account): module 210's access rule for children. The settings
 * right alone (x|210|set) reads none (docs/architecture.md "Record access").
 */
export async function ownChildren(
  attendance: ChildAttendance,
  db: Db,
  user: Pick<SessionUser, 'id' | 'rechte'>,
  ids?: readonly number[],
) {
  if (!holdsDataRight(user.rechte, parentReportsRights.module, parentReportsRights.settings)) return [];
  return attendance.parentsChildren(db, user.id, ids);
}
