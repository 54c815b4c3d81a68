import { eq, inArray, lt, sql } from 'drizzle-orm';
import { toLocal } from '@hortus/contract';
import { eraseProtokollOf, readDatenschutzSettings, retentionJob } from '../../platform/audit/protokoll';
import { withFiles } from '../../platform/files/files';
import type { AppContext } from '../../platform/http/calls';
import { removePayrollPdfs } from './employees';
import { payrollEmployees, payrollPayrolls } from './schema';

export const PAYROLL_RETENTION_JOB = 'payroll-retention';

/**
 * The first year whose payrolls are still kept when they are kept `years` years (Berlin time). As tax law
 * counts it, the retention starts at the end of the calendar year of the payroll: with 10 years, the
 * payrolls of 2015 are kept up to 31.12.2025 and go from 1.1.2026.
 */
export function firstKeptPayrollYear(years: number, now = Date.now()): number {
  return toLocal(now).year - years;
}

/**
 * Retention of module 420's payrolls (Datenschutz setting `lohnJahre`, docs/architecture.md "Datenschutz"):
 * a payroll is closed once its calendar year has ended; closed payrolls past their retention are deleted
 * with their stored PDFs, in one transaction. Their overtime is added to the employee's carried overtime,
 * so the overtime balance stays what it was. Their Protokoll history goes too (it holds the payroll's
 * data); one entry 'gelöscht' per payroll stays. Answers how many payrolls went.
 */
export async function applyPayrollRetention(app: AppContext, years: number, now = Date.now()): Promise<number> {
  const keptFrom = firstKeptPayrollYear(years, now);
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
