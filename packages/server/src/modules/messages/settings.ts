import {
  defaultMessagesSettings,
  messagesModule,
  messagesSettings,
  type MessagesSettings,
} from '@hortus/contract/modules/messages';
import type { Db } from '../../platform/db/database';
import { readModuleSettings, writeModuleSettings } from '../../platform/settings/module-settings';

export function readMessagesSettings(db: Db): Promise<MessagesSettings> {
  return readModuleSettings(db, messagesModule.code, messagesSettings, defaultMessagesSettings);
}

/** settings (x|120|set): the office group parents may write to and the retention in months. */
export async function saveMessagesSettings(db: Db, input: MessagesSettings): Promise<void> {
  await writeModuleSettings(db, messagesModule.code, messagesSettings.parse(input));
}
