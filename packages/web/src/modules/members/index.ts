import { lazyPage, type ModulePages } from '../../platform/module-page/web-module';
import { MembersPage } from './pages/members-page';

/** Module 100 Mitglieder: the directory (list and detail) and its settings. */
const pages: ModulePages = {
  '': MembersPage,
  '010': lazyPage(() => import('./pages/member-settings-page'), 'MemberSettingsPage'),
};
export default pages;
