import type { ServerModule } from '../../platform/modules/server-module';
import { getSettingsCall } from './calls/settings';
import { dashboardNoticeJob } from './messages-notify';
import { seedDashboardDemo } from './demo-seed';
import { newsFeedWidget } from './news-feed';
import { dashboardWidgetAccess } from './widgets';
import { dashboardProcessing } from './processing';

/** Module 000: the dashboard shows every module's widgets; widget 1 (news feed) is its own. */
export const dashboardServerModule: ServerModule = {
  code: '000',
  processing: dashboardProcessing,
  calls: [getSettingsCall],
  jobs: [dashboardNoticeJob],
  dashboardWidgets: { w1: newsFeedWidget },
  widgetAccess: dashboardWidgetAccess,
  demoSeed: (db) => seedDashboardDemo(db),
};
