import { eq } from 'drizzle-orm';
import { hasRight } from '@hortus/contract';
import { payrollMessages, payrollRights } from '@hortus/contract/modules/payroll';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import type { FileAccessRule } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import type { AccessPort, VisibleIds } from '../../platform/modules/server-module';
import { payrollEmployees, payrollPayrolls } from './schema';

/**
 * Who sees and changes what in module 420 (docs/architecture.md "Record access"): the employees right
 * (x|420|000, every call's right) sees and changes every employee and payroll, nobody else any.
 */
export const canSeePayroll = (viewer: Pick<Caller, 'rechte'>) => hasRight(viewer.rechte, payrollRights.employees);
const visible = async (_db: unknown, viewer: Caller): Promise<VisibleIds> => (canSeePayroll(viewer) ? 'all' : []);

export type EmployeeRow = typeof payrollEmployees.$inferSelect;
export type PayrollRow = typeof payrollPayrolls.$inferSelect;

/** The employee, else notFound (the call's right already allows every employee). */
export async function requireEmployee(db: Db, id: number): Promise<EmployeeRow> {
  const [row] = await db.select().from(payrollEmployees).where(eq(payrollEmployees.id, id)).limit(1);
  return requireRecord(row, { canSee: true }, payrollMessages.unknownEmployee);
}

/** The payroll, else notFound. */
export async function requirePayroll(db: Db, id: number): Promise<PayrollRow> {
  const [row] = await db.select().from(payrollPayrolls).where(eq(payrollPayrolls.id, id)).limit(1);
  return requireRecord(row, { canSee: true }, payrollMessages.unknownPayroll);
}

/** Payroll PDFs: whoever manages employees (x|420|000) may fetch them. */
export const payrollFileAccess: FileAccessRule = (_ctx, user) => canSeePayroll(user);

/**
 * Module 420's access port (platform/modules/server-module.ts): the employee records linked to an account and
 * their payrolls (Datenauskunft, Protokoll) are seen only with the employees right (x|420|000).
 */
export const payrollAccessPort: AccessPort = {
  async personalData(db, viewer, userId) {
    if (canSeePayroll(viewer)) return true;
    const linked = await db
      .select({ id: payrollEmployees.id })
      .from(payrollEmployees)
      .where(eq(payrollEmployees.userId, userId))
      .limit(1);
    return linked.length === 0;
  },
  protokoll: { Mitarbeiter: visible, Lohnabrechnung: visible },
};
