import { eq } from 'drizzle-orm';
import { hydrantMessages } from '@hortus/contract/modules/hydrants';
import type { Db } from '../../platform/db/database';
import { requireRecord } from '../../platform/http/records';
import { hydrants } from './schema';

export type HydrantRow = typeof hydrants.$inferSelect;

/**
 * A hydrant by id, or notFound ('Diesen Hydranten gibt es nicht (mehr).'). Every holder of x|310|000 sees and
 * changes every hydrant (business.md 7.1), so the only record rule is that it exists.
 */
export async function requireHydrant(db: Db, id: number): Promise<HydrantRow> {
  const [row] = await db.select().from(hydrants).where(eq(hydrants.id, id)).limit(1);
  return requireRecord(row, { canSee: true, canChange: true }, hydrantMessages.unknownHydrant);
}
