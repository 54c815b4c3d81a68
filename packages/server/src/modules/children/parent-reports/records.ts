import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { holdsDataRight, parentReportsRights, type SessionUser } from '@hortus/contract';
import type { Db } from '../../../platform/db/database';
import { childClasses, childExceptions, children } from '../schema';

type User = Pick<SessionUser, 'id' | 'rechte'>;

/**
 * The caller's own children (their parent account) with their class, in name order: module 210's access
 * rule for children. The settings right alone (x|210|set) reads none (docs/architecture.md "Record access").
 */
export async function ownChildren(db: Db, user: User, ids?: readonly number[]) {
  const reads = holdsDataRight(user.rechte, parentReportsRights.module, parentReportsRights.settings);
  const own = reads ? eq(children.parentUserId, user.id) : sql`false`;
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
}

/** Most history entries sent. */
export const HISTORY_MAX = 200;

/** Parents' reports (exceptions byParent) of the given children, newest first. */
export async function reportsOf(db: Db, childIds: readonly number[]) {
  if (childIds.length === 0) return [];
  return db
    .select()
    .from(childExceptions)
    .where(and(eq(childExceptions.byParent, true), inArray(childExceptions.childId, [...childIds])))
    .orderBy(desc(childExceptions.createdAt), desc(childExceptions.id))
    .limit(HISTORY_MAX);
}
