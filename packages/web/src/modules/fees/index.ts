import type { ModulePages } from '../../platform/module-page/web-module';
import { lazyExport } from '../../platform/lazy/lazy-export';
import { OfficePage } from './pages/office-page';

/** Module 220 Beiträge: the office's fees and runs, the parents' meals and statements, the settings. */
const pages: ModulePages = {
  '': OfficePage,
  '100': lazyExport(() => import('./pages/family-page'), 'FamilyPage'),
  set: lazyExport(() => import('./pages/fees-settings-page'), 'FeesSettingsPage'),
};
export default pages;
