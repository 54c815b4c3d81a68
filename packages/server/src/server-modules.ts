import type { ServerModule } from './platform/modules/server-module';
import { dashboardServerModule } from './modules/dashboard';
import { appSettingsServerModule } from './modules/app-settings';
import { userAdminServerModule } from './modules/user-admin';
import { profileServerModule } from './modules/profile';
import { membersServerModule } from './modules/members';
import { calendarServerModule } from './modules/calendar';
import { cloudServerModule } from './modules/cloud';
import { attendanceServerModule } from './modules/attendance';
import { childrenServerModule } from './modules/children';
import { parentReportsServerModule } from './modules/parent-reports';
import { messagesServerModule } from './modules/messages';
import { feesServerModule } from './modules/fees';
import { payrollServerModule } from './modules/payroll';
import { hydrantsServerModule } from './modules/hydrants';
import { customersServerModule } from './modules/customers';

/**
 * The server's modules, one line each (in demo-seed order). A module's `index.ts` exports its
 * ServerModule: calls, file areas, jobs, routes, demo seed.
 */
export const serverModules: readonly ServerModule[] = [
  appSettingsServerModule,
  userAdminServerModule,
  profileServerModule,
  membersServerModule,
  cloudServerModule,
  calendarServerModule,
  dashboardServerModule,
  attendanceServerModule,
  childrenServerModule,
  parentReportsServerModule,
  messagesServerModule,
  feesServerModule,
  payrollServerModule,
  hydrantsServerModule,
  customersServerModule,
];
