import type { ModulePages } from '../../platform/module-page/web-module';
import { lazyExport } from '../../platform/lazy/lazy-export';
import { MembersPage } from './pages/members-page';

/** Module 100 Mitglieder: the directory (list and detail) and its settings. */
const pages: ModulePages = {
  '': MembersPage,
  '010': lazyExport(() => import('./pages/member-settings-page'), 'MemberSettingsPage'),
};
export default pages;
