import type { ModulePages } from '../../platform/module-page/web-module';
import { lazyExport } from '../../platform/lazy/lazy-export';
import { MeineDatenPage } from './pages/meine-daten-page';

/** Module 010 Profil: 'Meine Daten' and 'Kontoeinstellungen'. */
const pages: ModulePages = {
  '': MeineDatenPage,
  '010': lazyExport(() => import('./pages/account-settings-page'), 'AccountSettingsPage'),
};
export default pages;
