import { lazyPage, type ModulePages } from '../../platform/module-page/web-module';
import { AttendancePage } from './pages/attendance-page';

/** Module 150 Anwesenheiten: slots with polls and QR check-in, and its settings. */
const pages: ModulePages = {
  '': AttendancePage,
  set: lazyPage(() => import('./pages/attendance-settings-page'), 'AttendanceSettingsPage'),
};
export default pages;
