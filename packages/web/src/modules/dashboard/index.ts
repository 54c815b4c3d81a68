import type { ModulePages } from '../../platform/module-page/web-module';
import { DashboardPage } from './pages/dashboard-page';
import { DashboardSettingsPage } from './pages/dashboard-settings-page';

/** Module 000 Dashboard: the widgets (news feed, ...) and the dashboard settings. */
const pages: ModulePages = { '': DashboardPage, set: DashboardSettingsPage };
export default pages;
