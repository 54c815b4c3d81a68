import type { ModulePages } from '../../../platform/module-page/web-module';
import { ContactPage } from './pages/contact-page';
import { ReportPage } from './pages/report-page';
import { ReportSettingsPage } from './pages/report-settings-page';

/** Module 210 (parents): 'Melden' and 'Historie', 'Kontakt', 'Einstellungen'. */
const pages: ModulePages = { '': ReportPage, '100': ContactPage, set: ReportSettingsPage };
export default pages;
