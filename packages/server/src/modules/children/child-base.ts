import { asc } from 'drizzle-orm';
import { childrenModule } from '@hortus/contract/modules/children';
import type { Db } from '../../platform/db/database';
import { cacheScope, invalidate, remember } from '../../platform/cache/hot-cache';
import { childPickupPersons, childRecurringExceptions, children } from './schema';

export type ChildRow = typeof children.$inferSelect;
export type RecurringRow = typeof childRecurringExceptions.$inferSelect;
export type PickupRow = typeof childPickupPersons.$inferSelect;

/** What changes only through module 200's own writes: the children with their recurring exceptions and pickup persons. */
export interface ChildBase {
  /** In list order (last name, first name, id). */
  rows: ChildRow[];
  recurring: RecurringRow[];
  pickups: PickupRow[];
}

const childScope = cacheScope.module(`${childrenModule.code}-children`);

/**
 * Every child with its recurring exceptions and pickup persons, kept in memory for the list load
 * (docs/architecture.md "Children (module 200)"). `parentUserId` of these rows may be stale (deleting a
 * user unlinks through the foreign key, outside the module): the list load reads the links fresh.
 */
export function cachedChildBase(db: Db): Promise<ChildBase> {
  return remember(db, childScope, 'all', async () => {
    const [rows, recurring, pickups] = await Promise.all([
      db.select().from(children).orderBy(asc(children.nachname), asc(children.vorname), asc(children.id)),
      db.select().from(childRecurringExceptions).orderBy(asc(childRecurringExceptions.weekday)),
      db.select().from(childPickupPersons).orderBy(asc(childPickupPersons.id)),
    ]);
    return { rows, recurring, pickups };
  });
}

/** Every write to children, their recurring exceptions or pickup persons calls this with its handle. */
export function invalidateChildBase(db: Db): Promise<void> {
  return invalidate(db, childScope);
}
