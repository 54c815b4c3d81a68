import type { ModulePages } from '../../platform/module-page/web-module';
import { lazyExport } from '../../platform/lazy/lazy-export';
import { CloudPage } from './pages/cloud-page';

/** Module 130 Cloud: slot cards with files by topic, and the default conditions. */
const pages: ModulePages = {
  '': CloudPage,
  set: lazyExport(() => import('./pages/cloud-settings-page'), 'CloudSettingsPage'),
};
export default pages;
