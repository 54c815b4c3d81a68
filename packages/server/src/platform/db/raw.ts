import type { SQL } from 'drizzle-orm';
import type { Db } from './database';

/** Runs raw SQL and returns its rows, whichever driver answers (PGlite gives {rows}, postgres.js an array). */
export async function queryRows<T = Record<string, unknown>>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
