import { payrollCalls, payrollRights } from '@hortus/contract/modules/payroll';
import { offerFile } from '../../../platform/files/offer-file';
import { defineCall } from '../../../platform/http/calls';
import { readAppSettings } from '../../../platform/settings/app-settings';
import { requireEmployee, requirePayroll } from '../access';
import { PAYROLL_FILE_AREA, payrollPdfPath } from '../employees';
import { getPayroll } from '../payrolls';
import { payrollPdf, payrollPdfName } from '../payrolls-pdf';

/** getAbrechnung: one employee's payroll of a month (stored or prepared); x|420|000. */
export const getAbrechnungCall = defineCall(payrollCalls.getAbrechnung).forSession({
  rights: [payrollRights.employees],
  handle({ db, input }) {
    return getPayroll(db, input, new Date());
  },
});

/** getAbrechnungPdf: the payroll's PDF statement, stored in the module's file area and offered for download. */
export const getAbrechnungPdfCall = defineCall(payrollCalls.getAbrechnungPdf).forSession({
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
