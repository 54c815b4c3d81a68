import { eq, inArray, lt, sql } from 'drizzle-orm';
import { eraseProtokollOf, readDatenschutzSettings, retentionJob } from '../../platform/audit/protokoll';
import { withFiles } from '../../platform/files/files';
import type { AppContext } from '../../platform/http/calls';
import { firstKeptYear } from '../../platform/privacy/retention';
import { removePayrollPdfs } from './employees';
import { payrollEmployees, payrollPayrolls } from './schema';

export const PAYROLL_RETENTION_JOB = 'payroll-retention';

/**
 * Retention of module 420's payrolls (Datenschutz setting `lohnJahre`, docs/architecture.md "Datenschutz"):
 * a payroll is closed once its calendar year has ended; closed payrolls past their retention are deleted
 * with their stored PDFs, in one transaction. Their overtime is added to the employee's carried overtime,
 * so the overtime balance stays what it was. Their Protokoll history goes too (it holds the payroll's
 * data); one entry 'gelöscht' per payroll stays. Answers how many payrolls went.
 */
export async function applyPayrollRetention(app: AppContext, years: number, now = Date.now()): Promise<number> {
  // Counted from the end of the payroll's calendar year: with 10 years, 2015's go from 1.1.2026.
  const keptFrom = firstKeptYear(years, now);
  return withFiles(app, async (tx, stored) => {
    const expired = await tx
      .select({
        id: payrollPayrolls.id,
        employeeId: payrollPayrolls.employeeId,
        overtime: payrollPayrolls.overtimeHundredths,
      })
      .from(payrollPayrolls)
      .where(lt(payrollPayrolls.jahr, keptFrom));
    if (expired.length === 0) return 0;
    const carried = new Map<number, number>();
    for (const row of expired) carried.set(row.employeeId, (carried.get(row.employeeId) ?? 0) + row.overtime);
    for (const [employeeId, overtime] of carried) {
      if (overtime === 0) continue;
      await tx
        .update(payrollEmployees)
        .set({ overtimeCarriedHundredths: sql`${payrollEmployees.overtimeCarriedHundredths} + ${overtime}` })
        .where(eq(payrollEmployees.id, employeeId));
    }
    const ids = expired.map((row) => row.id);
    await removePayrollPdfs(tx, stored, ids);
    await tx.delete(payrollPayrolls).where(inArray(payrollPayrolls.id, ids));
    for (const id of ids) await eraseProtokollOf(tx, '420', 'Lohnabrechnung', String(id));
    return ids.length;
  });
}

/** Daily: closed payrolls past `lohnJahre` go; the run is recorded for the Datenschutz page. */
export const payrollRetentionJob = retentionJob(
  PAYROLL_RETENTION_JOB,
  'Lohnabrechnungen löschen',
  async (app) => applyPayrollRetention(app, (await readDatenschutzSettings(app.db)).lohnJahre),
  (removed) => `${removed} Lohnabrechnungen gelöscht`,
);
