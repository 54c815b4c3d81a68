import type { ModulePages, ModuleWidgets } from '../../platform/module-page/web-module';
import { lazyExport } from '../../platform/lazy/lazy-export';
import { DashboardPage } from './pages/dashboard-page';
import { NewsFeedWidget } from './widgets/news-feed-widget';

/**
 * Module 000 Dashboard: the widgets of all modules and the dashboard settings. The settings tab loads
 * when opened, so the dashboard's first screen does not evaluate its forms (Lighthouse TBT, issue 21).
 */
const pages: ModulePages = {
  '': DashboardPage,
  set: lazyExport(() => import('./pages/dashboard-settings-page'), 'DashboardSettingsPage'),
};
export default pages;

/** Widget 1 (news feed), registered like any module's widget. */
export const widgets: ModuleWidgets = { w1: NewsFeedWidget };
