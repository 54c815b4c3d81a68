import { holdsDataRight, type SessionUser } from '@hortus/contract';
import { canEditClass, canSeeClass, childrenRights } from '@hortus/contract/modules/children';
import type { childClasses } from '../schema';

type User = Pick<SessionUser, 'id' | 'gruppen' | 'rechte'>;
type ClassConditions = Pick<typeof childClasses.$inferSelect, 'conditions'>;

/**
 * Module 200's one access rule for children (docs/architecture.md "Record access"): a child is seen by
 * whoever holds a data right of the module (any `x|200…` right but the settings right `x|200|set`) and
 * passes the see condition of the child's class; it is changed through the class's edit condition.
 * Every call, reply part and download that names a child goes through these two predicates (directly,
 * through `classesFor`, `childAccess` or `requireChild`).
 */
export function readsChildren(user: User): boolean {
  return holdsDataRight(user.rechte, childrenRights.module, childrenRights.settings);
}

export function canSeeChildClass(klasse: ClassConditions, user: User): boolean {
  return readsChildren(user) && canSeeClass(klasse.conditions.f200, user);
}

export function canEditChildClass(klasse: ClassConditions, user: User): boolean {
  return readsChildren(user) && canEditClass(klasse.conditions.f200, user);
}
