import type { ModulePages } from '../../platform/module-page/web-module';
import { lazyExport } from '../../platform/lazy/lazy-export';
import { ChildrenPage } from './pages/children-page';

/** Module 200 Kinder: children and today's attendance, parent accounts, settings; dashboard widget 2. */
const pages: ModulePages = {
  '': ChildrenPage,
  checkin: lazyExport(() => import('./pages/check-in-page'), 'CheckInPage'),
  '100': lazyExport(() => import('./pages/parents-page'), 'ParentsPage'),
  '200': lazyExport(() => import('./pages/statistics-page'), 'StatisticsPage'),
  set: lazyExport(() => import('./pages/children-settings-page'), 'ChildrenSettingsPage'),
};
export default pages;

export { widgets } from './widgets';
