import type { ServerModule } from '../../platform/modules/server-module';
import { MESSAGES_FILE_AREA, messagesFileAccess, unusedUploadsJob } from './attachments';
import { uploadAnhaengeCall } from './calls/attachments';
import { getOrSaveSettingsCall } from './calls/load';
import { seedMessagesDemo } from './demo-seed';
import { eraseMessagesOf, messagesAccessPort, messagesPersonalData, messagesRetentionJob } from './privacy';
import { BROADCAST_PROTOKOLL_TABLE } from './send';
import { newMessagesWidget } from './widget';
import { messagesProcessing } from './processing';

/**
 * Module 120 Nachrichten (issue 43): conversations and broadcasts between families and staff, read receipts,
 * confirmations, attachments (area f120), translation, dashboard widget w3 'Neue Nachrichten'. Who may write to whom comes from module 200's public surface.
 */
export const messagesServerModule: ServerModule = {
  code: '120',
  processing: messagesProcessing,
  calls: [getOrSaveSettingsCall, uploadAnhaengeCall],
  fileAccess: { [MESSAGES_FILE_AREA]: messagesFileAccess },
  demoSeed: seedMessagesDemo,
  personalData: messagesPersonalData,
  access: messagesAccessPort,
  eraseAccount: eraseMessagesOf,
  jobs: [messagesRetentionJob, unusedUploadsJob],
  protokollLabels: { [BROADCAST_PROTOKOLL_TABLE]: 'Rundschreiben' },
  dashboardWidgets: { w3: newMessagesWidget },
};
