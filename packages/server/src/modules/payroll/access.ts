import { eq } from 'drizzle-orm';
import { hasRight } from '@hortus/contract';
import { payrollRights } from '@hortus/contract/modules/payroll';
import type { AccessPort, Viewer, VisibleIds } from '../../platform/modules/server-module';
import { payrollEmployees } from './schema';

/** Module 420's rule: the employees right sees every employee and payroll, nobody else any. */
const seesPayroll = (viewer: Viewer) => hasRight(viewer.rechte, payrollRights.employees);
const visible = async (_db: unknown, viewer: Viewer): Promise<VisibleIds> => (seesPayroll(viewer) ? 'all' : []);

/**
 * Module 420's access port (platform/modules/server-module.ts): the employee records linked to an account and
 * their payrolls (Datenauskunft, Protokoll) are seen only with the employees right (x|420|000).
 */
export const payrollAccessPort: AccessPort = {
  async personalData(db, viewer, userId) {
    if (seesPayroll(viewer)) return true;
    const linked = await db
      .select({ id: payrollEmployees.id })
      .from(payrollEmployees)
      .where(eq(payrollEmployees.userId, userId))
      .limit(1);
    return linked.length === 0;
  },
  protokoll: { Mitarbeiter: visible, Lohnabrechnung: visible },
};
