import type { ModulePages } from '../../platform/module-page/web-module';
import { lazyExport } from '../../platform/lazy/lazy-export';
import { CalendarPage } from './pages/calendar-page';
import { placeholderPage } from './pages/placeholder-page';

/** Module 110 Kalender: the calendar, two placeholder tabs and the settings. */
const pages: ModulePages = {
  '': CalendarPage,
  '100': placeholderPage('Tab 2'),
  '200': placeholderPage('Tab 3'),
  set: lazyExport(() => import('./pages/calendar-settings-page'), 'CalendarSettingsPage'),
};
export default pages;
