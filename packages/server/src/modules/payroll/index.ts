import type { ServerModule } from '../../platform/modules/server-module';
import { payrollFileAccess, payrollServerCalls } from './calls';
import { recordPayrollProtokollDemo, seedPayrollDemo } from './demo-seed';
import { PAYROLL_FILE_AREA } from './employees';
import { payrollPersonalData } from './personal-data';
import { payrollRetentionJob } from './retention';
import { payrollAccessPort } from './access-port';
import { payrollProtokollLabels } from './schema';

/** Module 420: employees and monthly payroll timesheets with a PDF statement; retention of closed payrolls. */
export const payrollServerModule: ServerModule = {
  code: '420',
  calls: payrollServerCalls,
  protokollLabels: payrollProtokollLabels,
  fileAccess: { [PAYROLL_FILE_AREA]: payrollFileAccess },
  demoSeed: async (db, demo) => {
    await seedPayrollDemo(db, demo.now);
    await recordPayrollProtokollDemo(db, demo.protokoll);
  },
  personalData: payrollPersonalData,
  access: payrollAccessPort,
  jobs: [payrollRetentionJob],
};
