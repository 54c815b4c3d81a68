import type { ServerModule } from '../../platform/modules/server-module';
import { getOrSaveSettingsCall, importMitarbeiterCall } from './calls/employees';
import { getAbrechnungCall, getAbrechnungPdfCall } from './calls/payrolls';
import { lodasExportCall } from './calls/lodas-export';
import { lohnGehaltExportCall } from './calls/lohn-gehalt-export';
import { recordPayrollProtokollDemo, seedPayrollDemo } from './demo-seed';
import { PAYROLL_FILE_AREA } from './employees';
import { payrollPersonalData } from './employees-personal-data';
import { payrollRetentionJob } from './retention';
import { payrollAccessPort, payrollFileAccess } from './access';
import { payrollProtokollLabels } from './schema';
import { payrollProtokollFields, payrollProtokollNames } from './protokoll';
import { payrollProcessing } from './processing';

/**
 * Module 420: employees and monthly payroll timesheets with a PDF statement; the month's hours as a DATEV LODAS
 * file or a DATEV Lohn und Gehalt import (ZIP) for the payroll office; retention of closed payrolls.
 */
export const payrollServerModule: ServerModule = {
  code: '420',
  processing: payrollProcessing,
  calls: [
    getOrSaveSettingsCall,
    getAbrechnungCall,
    getAbrechnungPdfCall,
    importMitarbeiterCall,
    lodasExportCall,
    lohnGehaltExportCall,
  ],
  protokollLabels: payrollProtokollLabels,
  protokollFields: payrollProtokollFields,
  protokollNames: payrollProtokollNames,
  fileAccess: { [PAYROLL_FILE_AREA]: payrollFileAccess },
  demoSeed: async (db, demo) => {
    await seedPayrollDemo(db, demo.now);
    await recordPayrollProtokollDemo(db, demo.protokoll);
  },
  personalData: payrollPersonalData,
  access: payrollAccessPort,
  jobs: [payrollRetentionJob],
};
