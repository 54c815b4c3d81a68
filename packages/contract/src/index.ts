export * from './platform/rights';
export * from './platform/messages';
export * from './platform/validation';
export * from './platform/schema';
export * from './platform/wire';
export * from './platform/slots';
export {
  detectFileKind,
  fileMatchesRule,
  fileRuleOf,
  fileRules,
  uploadedFileOf,
  type FileKind,
  type FileRule,
} from './platform/uploads';
export * from './platform/fields';
export * from './platform/import';
export * from './platform/call-spec';
export * from './platform/delta';
export * from './platform/platform-calls';
export * from './platform/module-definition';
export * from './platform/api';
export * from './platform/versions';
export * from './platform/login-route';
export * from './registry';
export * from './modules/app-info/definition';
export * from './modules/messages/definition';
export * from './platform/login-route-guards';
export * from './platform/conditions';
export * from './platform/users';
export * from './modules/user-admin/definition';
export * from './modules/user-admin/calls';
export * from './modules/profile/definition';
export * from './modules/profile/calls';
export * from './modules/app-settings/definition';
export * from './modules/app-settings/calls';
export * from './modules/settings/definition';
export * from './platform/local-time';
export * from './platform/csv';
export * from './platform/protokoll';
export * from './platform/report-settings';
export * from './modules/calendar/series';
export * from './modules/members/definition';
export * from './modules/members/calls';
export * from './modules/cloud/definition';
export * from './modules/cloud/calls';
export * from './modules/cloud/logic';
export * from './modules/calendar/definition';
export * from './modules/calendar/calls';
export * from './modules/calendar/occurrences';
export * from './modules/calendar/ical';
export * from './modules/dashboard/definition';
export * from './modules/dashboard/calls';
export * from './modules/dashboard/logic';
export * from './modules/attendance/definition';
export * from './modules/attendance/calls';
export * from './modules/attendance/logic';
export * from './modules/children/definition';
export * from './modules/children/calls';
export * from './modules/children/history';
export * from './modules/children/logic';
export * from './modules/parent-reports/definition';
export * from './modules/parent-reports/calls';
export * from './modules/parent-reports/logic';
export * from './modules/children/id-cards';
export * from './modules/payroll/definition';
export * from './modules/payroll/calls';
export * from './modules/payroll/logic';
export * from './modules/hydrants/definition';
export * from './modules/hydrants/calls';
export * from './modules/hydrants/logic';
export * from './modules/hydrants/register-io';
export * from './platform/money';
export * from './platform/bank';
export * from './modules/customers/definition';
export * from './modules/customers/calls';
export * from './modules/customers/logic';
export * from './modules/children/statistics';
export * from './modules/children/school-year';
export * from './modules/customers/costs';
export * from './modules/customers/euer';
export * from './modules/customers/datev';
