import { hasRight, IMPORT_FILE_BYTES } from '@hortus/contract';
import { payrollCalls, payrollRights } from '@hortus/contract/modules/payroll';
import { importEmployees } from './import';
import { offerFile } from '../../platform/files/offer-file';
import { defineCall, type CallDefinition, type FileAccessRule } from '../../platform/http/calls';
import { readAppSettings } from '../../platform/settings/app-settings';
import {
  deleteEmployee,
  loadEmployees,
  PAYROLL_FILE_AREA,
  payrollPdfPath,
  requireEmployee,
  saveEmployee,
} from './employees';
import { payrollPdf, payrollPdfName } from './payroll-pdf';
import { deletePayroll, getPayroll, requirePayroll, savePayroll } from './payrolls';
import { readPayrollSettings, savePayrollSettings } from './settings';

/** Calls of module 420 under /_api/400/420/ (docs/api.md). Every call needs x|420|000. */

export const getOrSavePayrollCall = defineCall(payrollCalls.getOrSaveSettings).forSession({
  rights: [payrollRights.employees],
  async handle({ app, db, input, user }) {
    const save = input.dataToSave;
    if (save) {
      switch (save.type) {
        case 'saveMitarbeiter':
          await saveEmployee(db, await readPayrollSettings(db), save.data.mitarbeiter, {
            by: user.id,
            version: save.data.mitarbeiter.version,
          });
          break;
        case 'delMitarbeiter':
          await deleteEmployee(app, save.data.idDelMitarbeiter);
          break;
        case 'saveAbrechnung':
          await savePayroll(db, save.data.abrechnung, { by: user.id, version: save.data.abrechnung.version });
          break;
        case 'delAbrechnung':
          await deletePayroll(app, save.data.idDelAbrechnung);
          break;
        case 'saveSettings':
          await savePayrollSettings(db, save.data.settings);
          break;
      }
    }
    return {
      status: 'success',
      save: { mitarbeiter: await loadEmployees(db, new Date()), settings: await readPayrollSettings(db) },
    };
  },
});

export const getPayrollCall = defineCall(payrollCalls.getAbrechnung).forSession({
  rights: [payrollRights.employees],
  handle({ db, input }) {
    return getPayroll(db, input, new Date());
  },
});

export const getPayrollPdfCall = defineCall(payrollCalls.getAbrechnungPdf).forSession({
  rights: [payrollRights.employees],
  async handle({ app, db, input, user }) {
    const row = await requirePayroll(db, input.id);
    const employee = await requireEmployee(db, row.employeeId);
    const reply = await getPayroll(db, { idMitarbeiter: employee.id, jahr: row.jahr, monat: row.monat }, new Date());
    const settings = await readAppSettings(db);
    const bytes = await payrollPdf(employee, reply, settings.app_titel);
    const offered = await offerFile(
      { app, user },
      { name: payrollPdfName(employee, row.jahr, row.monat), mime: 'application/pdf', bytes },
      { via: 'download', area: PAYROLL_FILE_AREA, path: payrollPdfPath(row.id) },
    );
    return { status: 'success', ...offered };
  },
});

/** Payroll PDFs: whoever manages employees (x|420|000) may fetch them. */
export const payrollFileAccess: FileAccessRule = (_ctx, user) => hasRight(user.rechte, payrollRights.employees);

/** importMitarbeiter: employees from a CSV or XLSX list (the right that adds employees, x|420|000). */
export const importEmployeesCall = defineCall(payrollCalls.importMitarbeiter).forSession({
  rights: [payrollRights.employees],
  upload: { maxFileBytes: IMPORT_FILE_BYTES, maxFiles: 1 },
  handle: ({ db, input, user }) => importEmployees(db, input, user.id),
});

export const payrollServerCalls: CallDefinition[] = [
  getOrSavePayrollCall,
  getPayrollCall,
  getPayrollPdfCall,
  importEmployeesCall,
];
