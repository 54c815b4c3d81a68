import type { ModulePages } from '../../platform/module-page/web-module';
import { CloudPage } from './pages/cloud-page';
import { CloudSettingsPage } from './pages/cloud-settings-page';

/** Module 130 Cloud: slot cards with files by topic, and the default conditions. */
const pages: ModulePages = { '': CloudPage, set: CloudSettingsPage };
export default pages;
