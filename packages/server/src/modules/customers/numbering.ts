import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { type FileTransaction, withFiles } from '../../platform/files/files';
import type { AppContext } from '../../platform/http/calls';

/** Advisory lock that serialises the numbering of invoices, offers, credit notes and reminders. */
export const NUMBERING_LOCK = 410_001;

/** Optimistic tries before the last one renders under the lock (a burst of issuing can take the number each time). */
const OPTIMISTIC_TRIES = 3;

/** The number a document will carry and every fact read from the database that its rendering depends on. */
export interface NumberPlan {
  name: string;
}

/**
 * Issues a numbered document without rendering it under the numbering lock (architecture.md, "Slow work
 * outside the write"): the plan (next number and what else the bytes depend on) is read without a lock, the
 * PDF/XML rendered from it, and one short transaction takes the lock, reads the plan again and stores only
 * when it is unchanged. A request that lost a race to another one renders again with the new plan, so numbers
 * stay gapless and unique; the last try renders under the lock, so every request finishes.
 */
export async function issueNumbered<P extends NumberPlan, R, T>(
  app: AppContext,
  steps: {
    plan: (db: Db) => Promise<P>;
    render: (plan: P) => Promise<R>;
    store: (tx: Db, files: FileTransaction, plan: P, rendered: R) => Promise<T>;
  },
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const early = attempt <= OPTIMISTIC_TRIES ? await steps.plan(app.db) : undefined;
    const rendered = early ? await steps.render(early) : undefined;
    const outcome = await withFiles(app, async (tx, files) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${NUMBERING_LOCK})`);
      const plan = await steps.plan(tx);
      if (early && JSON.stringify(plan) !== JSON.stringify(early)) return { stored: false as const };
      return {
        stored: true as const,
        value: await steps.store(tx, files, plan, rendered ?? (await steps.render(plan))),
      };
    });
    if (outcome.stored) return outcome.value;
  }
}
