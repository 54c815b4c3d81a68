import { messagesCalls, messagesMessages, messagesRights } from '@hortus/contract/modules/messages';
import { defineCall } from '../../../platform/http/calls';
import { readPreferredLanguage } from '../../../platform/users/preferred-language';
import { requireMessage } from '../access';
import { conversation } from '../conversations';
import { loadMessages } from '../load';
import { confirm, markRead, remind } from '../receipts';
import { sendMessage } from '../send';
import { saveMessagesSettings } from '../settings';
import { translate } from '../translation';

/** The one call of module 120 under /_api/100/120/ (docs/api.md); every record is checked per participant. */
export const getOrSaveSettingsCall = defineCall(messagesCalls.getOrSaveSettings).forSession({
  rights: [messagesRights.module],
  async handle({ db, input, user }) {
    const save = input.dataToSave;
    if (!save) {
      return { status: 'success' as const, save: await loadMessages(db, user) };
    }
    switch (save.type) {
      case 'getKonversation': {
        const [view, bevorzugteSprache] = await Promise.all([
          conversation(db, user, save.data.id),
          readPreferredLanguage(db, user.id),
        ]);
        return { status: 'success' as const, ...view, bevorzugteSprache };
      }
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
