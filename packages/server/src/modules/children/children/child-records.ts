import { eq } from 'drizzle-orm';
import { canEditClass, canSeeClass, childrenMessages, type SessionUser } from '@hortus/contract';
import type { Db } from '../../../platform/db/database';
import { requireRecord } from '../../../platform/http/records';
import { childClasses, children } from '../schema';

type User = Pick<SessionUser, 'id' | 'gruppen' | 'rechte'>;
export type ChildWithClass = typeof children.$inferSelect & { className: string };

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
      canSee: (r) => canSeeClass(r.klasse.conditions.f200, user),
      ...(edit ? { canChange: (r: NonNullable<typeof row>) => canEditClass(r.klasse.conditions.f200, user) } : {}),
    },
    childrenMessages.unknownChild,
  );
  return { ...checked.child, className: checked.klasse.name };
}
