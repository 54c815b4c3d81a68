import type { ModulePages } from '../../platform/module-page/web-module';
import { CalendarSettingsPage } from './pages/calendar-settings-page';

/** Module 020 Einstellungen: the calendar notification settings ('Kalender'). */
const pages: ModulePages = { '': CalendarSettingsPage };
export default pages;
