import type { ModulePages, ModuleWidgets } from '../../platform/module-page/web-module';
import { DashboardPage } from './pages/dashboard-page';
import { DashboardSettingsPage } from './pages/dashboard-settings-page';
import { NewsFeedWidget } from './widgets/news-feed-widget';

/** Module 000 Dashboard: the widgets of all modules and the dashboard settings. */
const pages: ModulePages = { '': DashboardPage, set: DashboardSettingsPage };
export default pages;

/** Widget 1 (news feed), registered like any module's widget. */
export const widgets: ModuleWidgets = { w1: NewsFeedWidget };
