import type { ModulePages } from '../../platform/module-page/web-module';
import { lazyExport } from '../../platform/lazy/lazy-export';
import { ReportPage } from './pages/report-page';

/** Module 210 (parents): 'Melden' and 'Historie', 'Kontakt', 'Einstellungen'. */
const pages: ModulePages = {
  '': ReportPage,
  '100': lazyExport(() => import('./pages/contact-page'), 'ContactPage'),
  set: lazyExport(() => import('./pages/report-settings-page'), 'ReportSettingsPage'),
};
export default pages;
