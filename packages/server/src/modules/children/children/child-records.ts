import { eq } from 'drizzle-orm';
import type { SessionUser } from '@hortus/contract';
import { childrenMessages } from '@hortus/contract/modules/children';
import type { Db } from '../../../platform/db/database';
import { requireRecord } from '../../../platform/http/records';
import { canEditChildClass, canSeeChildClass } from './access';
import { cachedChildBase } from './child-base';
import { classesFor } from './classes';
import { childClasses, children } from '../schema';

type User = Pick<SessionUser, 'id' | 'gruppen' | 'rechte'>;
export type ChildWithClass = typeof children.$inferSelect & { className: string };

/** The caller's access to children, for filtering reply parts that name children (./access.ts's rule). */
export interface ChildAccess {
  /** Classes whose children the caller sees / may change. */
  seenClassIds: ReadonlySet<number>;
  editableClassIds: ReadonlySet<number>;
  canSeeChild(child: { classId: number }): boolean;
  canEditChild(child: { classId: number }): boolean;
}

export async function childAccess(db: Db, user: User): Promise<ChildAccess> {
  const classes = await classesFor(db, user);
  const seenClassIds = new Set(classes.filter((entry) => entry.sehen).map((entry) => entry.row.id));
  const editableClassIds = new Set(classes.filter((entry) => entry.bearbeiten).map((entry) => entry.row.id));
  return {
    seenClassIds,
    editableClassIds,
    canSeeChild: (child) => seenClassIds.has(child.classId),
    canEditChild: (child) => editableClassIds.has(child.classId),
  };
}

/** The ids of every child the caller sees. */
export async function allowedChildIds(db: Db, user: User): Promise<Set<number>> {
  const [access, base] = await Promise.all([childAccess(db, user), cachedChildBase(db)]);
  return new Set(base.rows.filter((row) => access.canSeeChild(row)).map((row) => row.id));
}

/** The caller sees this child (an unknown id answers false). */
export async function canSeeChild(db: Db, user: User, childId: number): Promise<boolean> {
  const [row] = await db
    .select({ conditions: childClasses.conditions })
    .from(children)
    .innerJoin(childClasses, eq(childClasses.id, children.classId))
    .where(eq(children.id, childId))
    .limit(1);
  return row !== undefined && canSeeChildClass(row, user);
}

/**
 * A child the caller may see through its class (else notFound, like an unknown id) and, with `edit`,
 * change (edit right on its class, else noRight).
 */
export async function requireChild(db: Db, user: User, id: number, edit: boolean): Promise<ChildWithClass> {
  const [row] = await db
    .select({ child: children, klasse: childClasses })
    .from(children)
    .innerJoin(childClasses, eq(childClasses.id, children.classId))
    .where(eq(children.id, id))
    .limit(1);
  const checked = requireRecord(
    row,
    {
      canSee: (r) => canSeeChildClass(r.klasse, user),
      ...(edit ? { canChange: (r: NonNullable<typeof row>) => canEditChildClass(r.klasse, user) } : {}),
    },
    childrenMessages.unknownChild,
  );
  return { ...checked.child, className: checked.klasse.name };
}
