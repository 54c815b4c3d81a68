import { and, asc, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { users } from '../../platform/db/schema';
import { childClasses, childExceptions, children } from './schema';

/** A child with its class and family (the parent account), as the fee module (220) bills it. */
export interface FamilyChild {
  id: number;
  vorname: string;
  nachname: string;
  classId: number;
  className: string;
  /** The parent account's user id: the family. */
  familyId: number;
  /** The parent account's display name. */
  familyName: string;
}

/** A parent's absence or sickness report of a child and day (active), and when it was made. */
export interface AbsenceReport {
  childId: number;
  day: string;
  madeAt: Date;
}

/**
 * What module 200 offers the fee module (220, `dependsOn: ['200']`) through children's `public.ts`: children
 * with a parent account grouped into families, and the parents' absence reports (module 210's reports are
 * 200's one-off exceptions made by a parent).
 */
export const familyView = {
  /** Children linked to a parent account, by family then name; only the family's when `familyId` is given. */
  familyChildren(db: Db, familyId?: number): Promise<FamilyChild[]> {
    const linked = isNotNull(children.parentUserId);
    return db
      .select({
        id: children.id,
        vorname: children.vorname,
        nachname: children.nachname,
        classId: children.classId,
        className: childClasses.name,
        familyId: children.parentUserId,
        familyName: users.ident,
      })
      .from(children)
      .innerJoin(childClasses, eq(childClasses.id, children.classId))
      .innerJoin(users, eq(users.id, children.parentUserId))
      .where(familyId === undefined ? linked : and(linked, eq(children.parentUserId, familyId)))
      .orderBy(asc(children.parentUserId), asc(children.vorname), asc(children.id)) as Promise<FamilyChild[]>;
  },

  /** Active parent reports of absence (not present) for days `from`..`to`, of the given children or all. */
  absenceReports(db: Db, from: string, to: string, childIds?: readonly number[]): Promise<AbsenceReport[]> {
    if (childIds && childIds.length === 0) return Promise.resolve([]);
    const conditions = [
      eq(childExceptions.byParent, true),
      eq(childExceptions.present, false),
      eq(childExceptions.active, true),
      gte(childExceptions.day, from),
      lte(childExceptions.day, to),
    ];
    if (childIds) conditions.push(inArray(childExceptions.childId, [...childIds]));
    return db
      .select({ childId: childExceptions.childId, day: childExceptions.day, madeAt: childExceptions.createdAt })
      .from(childExceptions)
      .where(and(...conditions));
  },
};
