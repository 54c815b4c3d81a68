import type { ModulePages } from '../../platform/module-page/web-module';
import { MemberSettingsPage } from './pages/member-settings-page';
import { MembersPage } from './pages/members-page';

/** Module 100 Mitglieder: the directory (list and detail) and its settings. */
const pages: ModulePages = { '': MembersPage, '010': MemberSettingsPage };
export default pages;
