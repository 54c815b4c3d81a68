import type { ModulePages } from '../../platform/module-page/web-module';
import { lazyExport } from '../../platform/lazy/lazy-export';
import { AttendancePage } from './pages/attendance-page';

/** Module 150 Anwesenheiten: slots with polls and QR check-in, and its settings. */
const pages: ModulePages = {
  '': AttendancePage,
  set: lazyExport(() => import('./pages/attendance-settings-page'), 'AttendanceSettingsPage'),
};
export default pages;
