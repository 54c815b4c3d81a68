import type { ModulePages } from '../../platform/module-page/web-module';
import { AppInfoPage } from './pages/app-info-page';
import { HelpPage } from './pages/help-page';

/** Module 999 App-Info: one page per tab of the contract definition. */
const pages: ModulePages = { '': AppInfoPage, '100': HelpPage };
export default pages;
