import type { ModulePages } from '../../platform/module-page/web-module';
import { lazyExport } from '../../platform/lazy/lazy-export';
import { InboxPage } from './pages/inbox-page';

/** Module 120 Nachrichten: the inbox with conversations and broadcasts, and the settings. */
const pages: ModulePages = {
  '': InboxPage,
  set: lazyExport(() => import('./pages/settings-page'), 'MessagesSettingsPage'),
};
export default pages;
