import type { ModulePages } from '../../platform/module-page/web-module';
import { MessagesPage } from './pages/messages-page';

/** Module 120 Nachrichten. */
const pages: ModulePages = { '': MessagesPage };
export default pages;
