import { payrollCalls, payrollRights } from '@hortus/contract/modules/payroll';
import { defineCall } from '../../../platform/http/calls';
import { lodasExport } from '../lodas-export';

/** lodasExport: the month's hours per wage type as a DATEV LODAS file for the payroll office; x|420|000. */
export const lodasExportCall = defineCall(payrollCalls.lodasExport).forSession({
  rights: [payrollRights.employees],
  async handle({ app, input, user }) {
    return { status: 'success', ...(await lodasExport(app, user, input.monat)) };
  },
});
