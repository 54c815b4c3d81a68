import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { feesRuns } from './schema';

/** Whether the month's run is closed (nothing billed in it may change any more). */
export async function closedMonth(db: Db, month: string): Promise<boolean> {
  const [row] = await db
    .select({ id: feesRuns.id })
    .from(feesRuns)
    .where(and(eq(feesRuns.month, month), eq(feesRuns.closed, true)));
  return row !== undefined;
}
