import type { ModulePages } from '../../platform/module-page/web-module';
import { AccountSettingsPage } from './pages/account-settings-page';
import { MeineDatenPage } from './pages/meine-daten-page';

/** Module 010 Profil: 'Meine Daten' and 'Kontoeinstellungen'. */
const pages: ModulePages = { '': MeineDatenPage, '010': AccountSettingsPage };
export default pages;
