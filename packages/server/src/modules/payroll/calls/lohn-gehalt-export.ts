import { payrollCalls, payrollRights } from '@hortus/contract/modules/payroll';
import { defineCall } from '../../../platform/http/calls';
import { lohnGehaltExport } from '../lohn-gehalt-export';

/** lohnGehaltExport: the month's hours per wage type (and day) for DATEV Lohn und Gehalt; x|420|000. */
export const lohnGehaltExportCall = defineCall(payrollCalls.lohnGehaltExport).forSession({
  rights: [payrollRights.employees],
  async handle({ app, input, user }) {
    return { status: 'success', ...(await lohnGehaltExport(app, user, input.monat)) };
  },
});
