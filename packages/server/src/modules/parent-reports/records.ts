import { holdsDataRight, type SessionUser } from '@hortus/contract';
import { parentReportsRights } from '@hortus/contract/modules/parent-reports';
import type { Db } from '../../platform/db/database';
import type { AppContext } from '../../platform/http/calls';
import type { ChildAttendance } from '../../platform/modules/child-attendance';

/**
 * What module 210 needs of module 200 (the parent's children, the report settings, the exceptions), wired by
 * the app from module 200's ServerModule (docs/architecture.md "Capabilities").
 */
export function attendanceOf(app: AppContext): ChildAttendance {
  if (!app.childAttendance) throw new Error('Module 210 needs the module that provides childAttendance (200)');
  return app.childAttendance;
}

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
