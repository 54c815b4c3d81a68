import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { canSeeChildClass } from './access';
import { cachedChildBase } from './child-base';
import { classesFor } from './access';

/**
 * What module 200 tells the messages (120, which declares `dependsOn: ['200']`) about families, by its one access
 * rule for children (./access.ts): who may write to whom follows whom a user may see.
 */
export interface FamilyContacts {
  /** The classes the viewer sees (id, name), in name order. */
  seenClasses(db: Db, viewer: Caller): Promise<{ id: number; name: string }[]>;
  /** Parent accounts of the children the viewer sees, per class (only classes of `classIds` when given). */
  parentsSeenBy(db: Db, viewer: Caller, classIds?: readonly number[]): Promise<Map<number, number[]>>;
  /** Every account linked to a child as its parent. */
  parentAccountIds(db: Db): Promise<Set<number>>;
  /** The classes of a parent account's children. */
  classesOfParent(db: Db, parentUserId: number): Promise<number[]>;
  /** Whether `user` sees one of the classes (the classes' see condition and a data right of 200). */
  seesOneOf(db: Db, user: Caller, classIds: readonly number[]): Promise<boolean>;
}

export const familyContacts: FamilyContacts = {
  async seenClasses(db, viewer) {
    const classes = await classesFor(db, viewer);
    return classes.filter((entry) => entry.sehen).map((entry) => ({ id: entry.row.id, name: entry.row.name }));
  },

  async parentsSeenBy(db, viewer, classIds) {
    const [classes, base] = await Promise.all([classesFor(db, viewer), cachedChildBase(db)]);
    const wanted = classIds ? new Set(classIds) : undefined;
    const seen = new Set(
      classes.filter((entry) => entry.sehen && (!wanted || wanted.has(entry.row.id))).map((entry) => entry.row.id),
    );
    const parents = new Map<number, number[]>();
    for (const child of base.rows) {
      if (child.parentUserId === null || !seen.has(child.classId)) continue;
      const list = parents.get(child.classId) ?? [];
      if (!list.includes(child.parentUserId)) list.push(child.parentUserId);
      parents.set(child.classId, list);
    }
    return parents;
  },

  async parentAccountIds(db) {
    const base = await cachedChildBase(db);
    const ids = new Set<number>();
    for (const child of base.rows) if (child.parentUserId !== null) ids.add(child.parentUserId);
    return ids;
  },

  async classesOfParent(db, parentUserId) {
    const base = await cachedChildBase(db);
    return [...new Set(base.rows.filter((child) => child.parentUserId === parentUserId).map((child) => child.classId))];
  },

  async seesOneOf(db, user, classIds) {
    if (classIds.length === 0) return false;
    const classes = await classesFor(db, user);
    return classes.some((entry) => classIds.includes(entry.row.id) && canSeeChildClass(entry.row, user));
  },
};
