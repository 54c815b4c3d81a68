import { IMPORT_FILE_BYTES } from '@hortus/contract';
import { payrollCalls, payrollRights } from '@hortus/contract/modules/payroll';
import { defineCall } from '../../../platform/http/calls';
import { deleteEmployee, loadEmployees, saveEmployee } from '../employees';
import { importEmployees } from '../employees-import';
import { deletePayroll, savePayroll } from '../payrolls';
import { readPayrollSettings, savePayrollSettings } from '../settings';

/** getOrSaveSettings: the employees and settings, after one of the actions (README.md); x|420|000. */
export const getOrSaveSettingsCall = defineCall(payrollCalls.getOrSaveSettings).forSession({
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

/** importMitarbeiter: employees from a CSV or XLSX list (the right that adds employees, x|420|000). */
export const importMitarbeiterCall = defineCall(payrollCalls.importMitarbeiter).forSession({
  rights: [payrollRights.employees],
  upload: { maxFileBytes: IMPORT_FILE_BYTES, maxFiles: 1 },
  handle: ({ db, input, user }) => importEmployees(db, input, user.id),
});
