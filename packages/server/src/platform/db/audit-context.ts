import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type postgres from 'postgres';
import type { Db } from './database';

/**
 * Who acts in the current request, for the Protokoll (docs/architecture.md "Protokoll"). The dispatcher
 * runs every handler of a signed-in user inside `actingAs`; the database's row triggers (migration
 * 0016_protokoll) read the user from the transaction-local setting `hortus.nutzer`, which this module
 * sets in the same transaction as the write:
 * - every transaction opened through `db.transaction` starts with `set_config('hortus.nutzer', …, true)`;
 * - a write statement outside a transaction (insert/update/delete/with…) runs in a transaction of its own
 *   that sets it first.
 * Transaction-local settings end with their transaction, so no pooled connection carries a user over to
 * the next request. Writes without an acting user (jobs, start-up, the command line) are recorded as 'System'.
 */
interface Actor {
  nutzerId: number;
}

const actor = new AsyncLocalStorage<Actor>();

/** Runs `work` with `nutzerId` as the acting user of every write it causes. */
export function actingAs<T>(nutzerId: number, work: () => T): T {
  return actor.run({ nutzerId }, work);
}

/** The acting user of the current request, if any. */
export function actingUser(): number | null {
  return actor.getStore()?.nutzerId ?? null;
}

/** A statement that may write (a CTE may too); plain reads run as they are. */
const writePattern = /^\s*(?:insert|update|delete|with|merge)\b/i;

type TransactionFn = (work: (tx: Db) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/** Every transaction opened from `db` names the acting user first (nested ones are savepoints: already set). */
function markTransactions(db: Db): void {
  const target = db as unknown as { transaction: TransactionFn };
  const original = target.transaction.bind(db) as TransactionFn;
  target.transaction = (work, config) =>
    original(async (tx) => {
      const nutzerId = actingUser();
      if (nutzerId !== null) await tx.execute(sql`select set_config('hortus.nutzer', ${String(nutzerId)}, true)`);
      return work(tx);
    }, config);
}

/** PGlite: single writes of a request run in a transaction that names the user. */
export function attachAuditContextPglite(db: Db, client: PGlite): void {
  markTransactions(db);
  const original = client.query.bind(client) as PGlite['query'];
  const patched = ((query: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
    const nutzerId = actingUser();
    if (nutzerId === null || !writePattern.test(query)) return original(query, params, options);
    return client.transaction(async (tx) => {
      await tx.query(`select set_config('hortus.nutzer', $1, true)`, [String(nutzerId)]);
      return tx.query(query, params, options);
    });
  }) as PGlite['query'];
  (client as { query: PGlite['query'] }).query = patched;
}

type Unsafe = postgres.Sql['unsafe'];

/**
 * PostgreSQL (postgres.js pool): single writes of a request run in a transaction that names the user.
 * Drizzle awaits `unsafe(…)` or `unsafe(…).values()`; the wrapper answers both.
 */
export function attachAuditContextPostgres(db: Db, client: postgres.Sql): void {
  markTransactions(db);
  const original = client.unsafe.bind(client) as Unsafe;
  const patched = (query: string, params?: unknown[], options?: Parameters<Unsafe>[2]) => {
    const nutzerId = actingUser();
    if (nutzerId === null || !writePattern.test(query)) return original(query, params as never, options);
    let values = false;
    let running: Promise<unknown> | null = null;
    const start = () =>
      (running ??= client.begin(async (tx) => {
        await tx`select set_config('hortus.nutzer', ${String(nutzerId)}, true)`;
        const pending = tx.unsafe(query, params as never, options);
        return values ? await pending.values() : await pending;
      }) as Promise<unknown>);
    return {
      values() {
        values = true;
        return start();
      },
      then(resolve?: (value: unknown) => unknown, reject?: (reason: unknown) => unknown) {
        return start().then(resolve, reject);
      },
      catch(reject: (reason: unknown) => unknown) {
        return start().catch(reject);
      },
    };
  };
  (client as unknown as { unsafe: unknown }).unsafe = patched;
}
