import type { ServerModule } from '../../platform/modules/server-module';
import { getOrSaveSettingsCall } from './calls/load';
import { seedMessagesDemo } from './demo-seed';
import { newMessagesWidget } from './widget';

/**
 * Module 120 Nachrichten (issue 43): conversations and broadcasts between families and staff, read receipts,
 * confirmations, translation, dashboard widget w3 'Neue Nachrichten'. Who may write to whom comes from module 200's public surface.
 */
export const messagesServerModule: ServerModule = {
  code: '120',
  calls: [getOrSaveSettingsCall],
  demoSeed: seedMessagesDemo,
  dashboardWidgets: { w3: newMessagesWidget },
};
