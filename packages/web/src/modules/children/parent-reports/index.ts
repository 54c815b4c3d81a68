import { lazyPage, type ModulePages } from '../../../platform/module-page/web-module';
import { ReportPage } from './pages/report-page';

/** Module 210 (parents): 'Melden' and 'Historie', 'Kontakt', 'Einstellungen'. */
const pages: ModulePages = {
  '': ReportPage,
  '100': lazyPage(() => import('./pages/contact-page'), 'ContactPage'),
  set: lazyPage(() => import('./pages/report-settings-page'), 'ReportSettingsPage'),
};
export default pages;
