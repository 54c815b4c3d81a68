import type { Db } from '../../src/platform/db/database';
import { testDbKind } from './helper';

/** Counts the statements the database client runs while `work` runs (PGlite query/exec, postgres.js unsafe). */
export async function countQueries(db: Db, work: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { $client: Record<string, unknown> }).$client;
  const names = testDbKind === 'pglite' ? ['query', 'exec'] : ['unsafe'];
  let count = 0;
  const originals = names.map((name) => [name, client[name]] as const);
  for (const [name, original] of originals) {
    client[name] = (...args: unknown[]) => {
      count++;
      return (original as (...a: unknown[]) => unknown).apply(client, args);
    };
  }
  try {
    await work();
  } finally {
    for (const [name, original] of originals) client[name] = original;
  }
  return count;
}
