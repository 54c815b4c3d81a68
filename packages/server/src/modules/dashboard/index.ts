import type { ServerModule } from '../../platform/modules/server-module';
import { dashboardCalls, dashboardNoticeJob } from './calls';
import { seedDashboardDemo } from './demo-seed';

/** Module 000: dashboard with the news feed widget. */
export const dashboardServerModule: ServerModule = {
  code: '000',
  calls: dashboardCalls,
  jobs: [dashboardNoticeJob],
  demoSeed: (db) => seedDashboardDemo(db),
};
