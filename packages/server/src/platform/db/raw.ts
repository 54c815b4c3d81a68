import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './database';

/** Runs raw SQL and returns its rows, whichever driver answers (PGlite gives {rows}, postgres.js an array). */
export async function queryRows<T = Record<string, unknown>>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * The rows of a query built by PostgreSQL as one JSON text and parsed by V8: for lists of thousands of
 * rows PGlite's row parser, which costs per column and row, was several times slower (issue 35: module
 * 410's load). Columns are named as the caller's row type wants them (`as "camelCase"`); timestamps are
 * best selected as epoch milliseconds. The rows keep the query's order.
 */
export async function jsonRows<T>(db: Db, query: SQL): Promise<T[]> {
  const [row] = await queryRows<{ rows: string | null }>(db, sql`select json_agg(t)::text as rows from (${query}) t`);
  return row?.rows ? (JSON.parse(row.rows) as T[]) : [];
}
