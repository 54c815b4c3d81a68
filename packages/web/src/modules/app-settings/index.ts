import type { ModulePages } from '../../platform/module-page/web-module';
import { AppSettingsPage } from './pages/app-settings-page';

/** Module 001 App-Einstellungen: one tab ('Anwesenheit'). */
const pages: ModulePages = { '': AppSettingsPage };
export default pages;
