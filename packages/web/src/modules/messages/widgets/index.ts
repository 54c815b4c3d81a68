import type { ModuleWidgets } from '../../../platform/module-page/web-module';
import { NewMessagesWidget } from './new-messages-widget';

/**
 * Module 120's dashboard widget w3 'Neue Nachrichten', an entry of its own (app/modules.ts): the dashboard loads
 * it without the inbox's pages.
 */
export const widgets: ModuleWidgets = { w3: NewMessagesWidget };
