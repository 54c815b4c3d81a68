import type { ImportReply, ImportRow } from '@hortus/contract';
import type { Db } from '../db/database';
import { CallError } from '../http/calls';
import type { ImportErrors } from './table';

/** What a module made of one data row: a record to create, a duplicate, or an error (already in `errors`). */
export type RowPlan<R> =
  | { zeile: number; name: string; ergebnis: 'neu'; record: R }
  | { zeile: number; name: string; ergebnis: 'doppelt' | 'fehler' };

/**
 * Ends an import: the preview (`probelauf`) answers what would happen; otherwise one transaction creates the
 * new rows through the module's `create`, each row in a savepoint, so a row its service refuses (a
 * CallError, e.g. a user name taken meanwhile) is reported with the service's German messages and left out
 * while the others are kept. Any other failure rolls the whole import back.
 */
export async function finishImport<R, Extra extends object>(
  db: Db,
  probelauf: boolean,
  plans: readonly RowPlan<R>[],
  errors: ImportErrors,
  create: (tx: Db, row: { zeile: number; record: R }) => Promise<void>,
  after?: (tx: Db) => Promise<Extra>,
): Promise<ImportReply & Partial<Extra>> {
  const rows: ImportRow[] = plans.map(({ zeile, name, ergebnis }) => ({
    zeile,
    name,
    ergebnis: errors.has(zeile) ? 'fehler' : ergebnis,
  }));
  const fresh = plans.filter(
    (plan): plan is Extract<RowPlan<R>, { ergebnis: 'neu' }> => plan.ergebnis === 'neu' && !errors.has(plan.zeile),
  );
  let extra = {} as Partial<Extra>;
  if (!probelauf && fresh.length > 0) {
    extra = await db.transaction(async (tx) => {
      for (const plan of fresh) {
        try {
          await tx.transaction((savepoint) => create(savepoint, plan));
        } catch (error) {
          if (!(error instanceof CallError)) throw error;
          const fields = Object.values(error.errors ?? {}).flat();
          for (const meldung of fields.length > 0 ? fields : [error.message]) errors.add(plan.zeile, '', meldung);
          const row = rows.find((entry) => entry.zeile === plan.zeile);
          if (row) row.ergebnis = 'fehler';
        }
      }
      return after ? await after(tx) : ({} as Extra);
    });
  }
  return {
    status: 'success',
    probelauf,
    neu: rows.filter((row) => row.ergebnis === 'neu').length,
    doppelt: rows.filter((row) => row.ergebnis === 'doppelt').length,
    fehler: errors.list,
    zeilen: rows,
    ...extra,
  };
}
