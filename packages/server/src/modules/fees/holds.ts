import { and, inArray, isNotNull, isNull, lt, notInArray } from 'drizzle-orm';
import { LEGAL_RETENTION_YEARS } from '@hortus/contract';
import { eraseProtokollOf, retentionJob } from '../../platform/audit/protokoll';
import { files } from '../../platform/db/schema';
import type { Db } from '../../platform/db/database';
import { withFiles } from '../../platform/files/files';
import type { AppContext } from '../../platform/http/calls';
import type { AccountEraser } from '../../platform/modules/server-module';
import { firstKeptYear } from '../../platform/privacy/retention';
import { feesMandates, feesRuns, feesStatements } from './schema';

/**
 * Retention holds of module 220 (GoBD, § 147 AO; docs/architecture.md "Datenschutz"). A statement is a booking
 * voucher and a run's pain.008 file the voucher of the bank's collection: both are kept 8 years after the end of
 * their calendar year (`LEGAL_RETENTION_YEARS.buchungsbeleg`), also when the family is erased. Erasing a family
 * (its parent account) holds them: blocked (`blocked_at`), shown to nobody — not the office, not a PDF, not a
 * certificate, not the Datenauskunft — and deleted by the retention job when the period ends. A mandate no
 * statement names goes at once; one that a statement names is held with it.
 */

/** ServerModule.eraseAccount: an erased family's statements and used mandates are held, its other mandates go. */
export const holdFamilies: AccountEraser = async (tx, userIds) => {
  if (userIds.length === 0) return;
  const at = new Date();
  const held = await tx
    .update(feesStatements)
    .set({ blockedAt: at })
    .where(and(inArray(feesStatements.familyId, [...userIds]), isNull(feesStatements.blockedAt)))
    .returning({ reference: feesStatements.mandateReference });
  const named = [...new Set(held.map((row) => row.reference).filter((reference) => reference !== ''))];
  const unused = await tx
    .delete(feesMandates)
    .where(
      and(
        inArray(feesMandates.familyId, [...userIds]),
        named.length > 0 ? notInArray(feesMandates.reference, named) : undefined,
      ),
    )
    .returning({ id: feesMandates.id });
  for (const row of unused) await eraseProtokollOf(tx, '220', 'Mandat', String(row.id));
  await tx
    .update(feesMandates)
    .set({ blockedAt: at })
    .where(and(inArray(feesMandates.familyId, [...userIds]), isNull(feesMandates.blockedAt)));
};

/**
 * The retention job's work: runs of years past the period go with their statements (held or not) and their
 * pain.008 file; then the held mandates no kept statement names. Answers what went.
 */
export async function applyFeesRetention(
  app: AppContext,
  now = Date.now(),
): Promise<{ laeufe: number; mandate: number }> {
  // The first calendar year still kept (Berlin): with 8 years, 2017's runs go from 1.1.2026.
  const keptFrom = `${firstKeptYear(LEGAL_RETENTION_YEARS.buchungsbeleg, now)}-01`;
  return withFiles(app, async (tx, stored) => {
    const expired = await tx
      .delete(feesRuns)
      .where(lt(feesRuns.month, keptFrom))
      .returning({ id: feesRuns.id, sepaFile: feesRuns.sepaFile });
    const paths = expired.map((run) => run.sepaFile).filter((path) => path !== '');
    if (paths.length > 0) {
      const rows = await tx.select({ id: files.id }).from(files).where(inArray(files.path, paths));
      await stored.remove(rows.map((row) => row.id));
    }
    const mandates = await removeHeldMandates(tx);
    return { laeufe: expired.length, mandate: mandates };
  });
}

/** Held mandates that no kept statement names any more, with their Protokoll history (it holds the IBAN). */
async function removeHeldMandates(tx: Db): Promise<number> {
  const named = await tx
    .selectDistinct({ reference: feesStatements.mandateReference })
    .from(feesStatements)
    .where(isNotNull(feesStatements.blockedAt));
  const references = named.map((row) => row.reference).filter((reference) => reference !== '');
  const removed = await tx
    .delete(feesMandates)
    .where(
      and(
        isNotNull(feesMandates.blockedAt),
        references.length > 0 ? notInArray(feesMandates.reference, references) : undefined,
      ),
    )
    .returning({ id: feesMandates.id });
  for (const row of removed) await eraseProtokollOf(tx, '220', 'Mandat', String(row.id));
  return removed.length;
}

/** Daily: statements and pain.008 files past their legal period go; the run is recorded for the Datenschutz page. */
export const feesRetentionJob = retentionJob(
  'fees-retention',
  'Beitragsabrechnungen und Lastschriftdateien löschen',
  (app) => applyFeesRetention(app),
  (done) => `${done.laeufe} Beitragsläufe und ${done.mandate} gesperrte Mandate gelöscht`,
);
