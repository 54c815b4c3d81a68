import { asc, inArray, sql } from 'drizzle-orm';
import { fromHundredths, leaveBudget, type LeaveBudget, type PayrollSummary } from '@hortus/contract/modules/payroll';
import type { Db } from '../../platform/db/database';
import { payrollPayrolls } from './schema';

/** Employees' leave across payrolls: the payrolls' heads, the leave carried into a year and a year's budget. */

/** What the list and the leave/overtime balances need of a payroll (not its days). */
export interface PayrollHead extends PayrollSummary {
  employeeId: number;
  overtimeHundredths: number;
  urlaubAusVorjahr: number;
}

export async function payrollHeads(db: Db, employeeIds?: readonly number[]): Promise<PayrollHead[]> {
  const query = db
    .select({
      id: payrollPayrolls.id,
      employeeId: payrollPayrolls.employeeId,
      jahr: payrollPayrolls.jahr,
      monat: payrollPayrolls.monat,
      hoursHundredths: payrollPayrolls.hoursHundredths,
      overtimeHundredths: payrollPayrolls.overtimeHundredths,
      leaveDays: payrollPayrolls.leaveDays,
      urlaubAusVorjahr: sql<string>`${payrollPayrolls.data}->>'urlaubAusVorjahr'`,
      updatedAt: payrollPayrolls.updatedAt,
    })
    .from(payrollPayrolls)
    .orderBy(asc(payrollPayrolls.jahr), asc(payrollPayrolls.monat));
  const rows = await (employeeIds ? query.where(inArray(payrollPayrolls.employeeId, [...employeeIds])) : query);
  return rows.map((row) => ({
    id: row.id,
    employeeId: row.employeeId,
    jahr: row.jahr,
    monat: row.monat,
    xSummeStunden: fromHundredths(row.hoursHundredths),
    xSummeUeberstunden: fromHundredths(row.overtimeHundredths),
    xSummeUrlaubstage: row.leaveDays,
    overtimeHundredths: row.overtimeHundredths,
    urlaubAusVorjahr: Number(row.urlaubAusVorjahr) || 0,
    timeLastEdit: row.updatedAt.toISOString(),
  }));
}

/**
 * Leave carried into `jahr`: the carry-over written in the year's first payroll; without one, what was
 * left of the previous year (never negative); 0 without payrolls of either year.
 */
export function carriedLeave(heads: readonly PayrollHead[], entitlement: number, jahr: number, depth = 0): number {
  const first = heads.find((head) => head.jahr === jahr);
  if (first) return first.urlaubAusVorjahr;
  const previous = heads.filter((head) => head.jahr === jahr - 1);
  if (previous.length === 0 || depth > 50) return 0;
  const budget = leaveOfYear(heads, entitlement, jahr - 1, 12, depth + 1);
  return Math.max(0, budget.rest);
}

/** The leave budget of `jahr` counting payrolls up to and including `uptoMonth`. */
export function leaveOfYear(
  heads: readonly PayrollHead[],
  entitlement: number,
  jahr: number,
  uptoMonth = 12,
  depth = 0,
): LeaveBudget {
  const taken = heads
    .filter((head) => head.jahr === jahr && head.monat <= uptoMonth)
    .reduce((sum, head) => sum + head.xSummeUrlaubstage, 0);
  return leaveBudget(jahr, entitlement, carriedLeave(heads, entitlement, jahr, depth), taken);
}
