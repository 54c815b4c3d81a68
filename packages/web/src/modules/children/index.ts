import type { ModulePages } from '../../platform/module-page/web-module';
import { ChildrenPage } from './pages/children-page';
import { ChildrenSettingsPage } from './pages/children-settings-page';
import { ParentsPage } from './pages/parents-page';
import { StatisticsPage } from './pages/statistics-page';

/** Module 200 Kinder: children and today's attendance, parent accounts, settings; dashboard widget 2. */
const pages: ModulePages = {
  '': ChildrenPage,
  '100': ParentsPage,
  '200': StatisticsPage,
  set: ChildrenSettingsPage,
};
export default pages;

export { widgets } from './widgets';
