import { hasRight } from '@hortus/contract';
import { messagesCalls, messagesMessages, messagesRights, type MessagesData } from '@hortus/contract/modules/messages';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { defineCall, type CallDefinition } from '../../platform/http/calls';
import { readOrgData } from '../../platform/settings/org-data';
import { conversation, inbox, requireMessage } from './conversations';
import { contactsOf, reachOf } from './directory';
import { confirm, markRead, remind } from './receipts';
import { sendMessage } from './send';
import { readMessagesSettings, saveMessagesSettings } from './settings';
import { translate } from './translation';

/** The inbox of the caller: conversations, unread count, settings, whom they may write to. */
export async function loadMessages(db: Db, user: LoadedUser): Promise<MessagesData> {
  const [box, settings] = await Promise.all([inbox(db, user), readMessagesSettings(db)]);
  const reach = await reachOf(db, user, settings);
  const gruppen = hasRight(user.rechte, messagesRights.settings)
    ? (await readOrgData(db)).groups.map((group) => ({ id: group.id, name: group.name }))
    : [];
  return {
    konversationen: box.konversationen,
    ungelesen: box.ungelesen,
    settings,
    kontakte: contactsOf(reach),
    rundschreiben: reach.broadcast,
    gruppen,
    xtime: 0,
  };
}

/** The one call of module 120 under /_api/100/120/ (docs/api.md); every record is checked per participant. */
export const getOrSaveSettingsCall = defineCall(messagesCalls.getOrSaveSettings).forSession({
  rights: [messagesRights.module],
  async handle({ db, input, user }) {
    const save = input.dataToSave;
    if (!save) {
      return { status: 'success' as const, save: await loadMessages(db, user) };
    }
    switch (save.type) {
      case 'getKonversation':
        return { status: 'success' as const, ...(await conversation(db, user, save.data.id)) };
      case 'sendNachricht': {
        const sent = await sendMessage(db, user, save.data);
        return { status: 'success' as const, id_konversation: sent.id_konversation, id_nachricht: sent.id_nachricht };
      }
      case 'gelesen':
        await markRead(db, user, save.data.id_nachricht);
        return { status: 'success' as const };
      case 'bestaetigen':
        await confirm(db, user, save.data.id_nachricht);
        return { status: 'success' as const, message: messagesMessages.confirmed };
      case 'erinnern': {
        const count = await remind(db, user, save.data.id_nachricht);
        return { status: 'success' as const, message: messagesMessages.reminded(count) };
      }
      case 'uebersetzung': {
        const { message } = await requireMessage(db, user, save.data.id_nachricht);
        return { status: 'success' as const, ...(await translate(db, message.text, save.data.sprache)) };
      }
      case 'settings':
        await saveMessagesSettings(db, save.data);
        return { status: 'success' as const, save: await loadMessages(db, user) };
    }
  },
});

export const messagesServerCalls: CallDefinition[] = [getOrSaveSettingsCall];
