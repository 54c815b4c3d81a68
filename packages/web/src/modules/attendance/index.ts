import type { ModulePages } from '../../platform/module-page/web-module';
import { AttendancePage } from './pages/attendance-page';
import { AttendanceSettingsPage } from './pages/attendance-settings-page';

/** Module 150 Anwesenheiten: slots with polls and QR check-in, and its settings. */
const pages: ModulePages = { '': AttendancePage, set: AttendanceSettingsPage };
export default pages;
