import { holdsDataRight, messages } from '@hortus/contract';
import { parentReportsRights } from '@hortus/contract/modules/parent-reports';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { CallError, type FileAccessRule } from '../../platform/http/calls';
import { childAttendance, type ChildAttendance } from '../children/public';

/**
 * Who sees and changes what in module 210 (docs/architecture.md "Record access"): a parent reaches only their
 * own children; an attachment its uploader, the parent of a child whose report uses it and staff who see
 * that child.
 */

/**
 * The caller's own children (their parent account): module 210's access rule for children. The settings
 * right alone (x|210|set) reads none (docs/architecture.md "Record access").
 */
export async function ownChildren(attendance: ChildAttendance, db: Db, user: Caller, ids?: readonly number[]) {
  if (!holdsDataRight(user.rechte, parentReportsRights.module, parentReportsRights.settings)) return [];
  return attendance.parentsChildren(db, user.id, ids);
}

/** One's own child, else noRight (like a report for another family's child). */
export async function requireOwnChild(attendance: ChildAttendance, db: Db, user: Caller, childId: number) {
  const [own] = await ownChildren(attendance, db, user, [childId]);
  if (!own) throw new CallError('noRight', messages.accessDenied);
  return own;
}

/**
 * A report attachment: its uploader, the parent of a child whose report uses it, and staff who see that
 * child's class.
 */
export const reportFileAccess: FileAccessRule = async (ctx, user, file) => {
  if (file.ownerUserId === user.id) return true;
  const attendance = childAttendance;
  const uses = await attendance.fileUses(ctx.db, file.id);
  for (const use of uses) {
    if (use.parentUserId === user.id) return true;
    // else this child's class may still grant it, or the next use
    if (await attendance.canSeeChild(ctx.db, user, use.childId)) return true;
  }
  return false;
};
