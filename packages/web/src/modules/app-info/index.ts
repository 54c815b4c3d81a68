import type { ModulePages } from '../../platform/module-page/web-module';
import { lazyExport } from '../../platform/lazy/lazy-export';
import { AppInfoPage } from './pages/app-info-page';

/** Module 999 App-Info: one page per tab of the contract definition. */
const pages: ModulePages = { '': AppInfoPage, '100': lazyExport(() => import('./pages/help-page'), 'HelpPage') };
export default pages;
