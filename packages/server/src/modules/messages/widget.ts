import { hasRight } from '@hortus/contract';
import { messagesRights, NEW_MESSAGES_MAX, type NewMessagesWidgetData } from '@hortus/contract/modules/messages';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import type { ServerWidget } from '../../platform/modules/widgets';
import { inbox } from './conversations';

/**
 * Widget w3 'Neue Nachrichten': the caller's own conversations with unread messages (the inbox, so only those
 * the caller takes part in), newest first, with title, last message and unread count.
 */
export async function unreadConversations(db: Db, user: Caller): Promise<NewMessagesWidgetData> {
  const box = await inbox(db, user);
  return {
    konversationen: box.konversationen
      .filter((item) => item.ungelesen > 0)
      .slice(0, NEW_MESSAGES_MAX)
      .map((item) => ({
        id: item.id,
        titel: item.titel,
        letzteNachricht: item.letzteNachricht,
        ungelesen: item.ungelesen,
      })),
    ungelesen: box.ungelesen,
  };
}

/** The last answer per loaded user with its JSON: the same object while nothing changed (ServerWidget.load). */
const lastAnswers = new WeakMap<object, { json: string; data: NewMessagesWidgetData }>();

export const newMessagesWidget: ServerWidget = {
  async load({ db, user }) {
    const data = await unreadConversations(db, user);
    const json = JSON.stringify(data);
    const last = lastAnswers.get(user);
    if (last && last.json === json) return last.data;
    lastAnswers.set(user, { json, data });
    return data;
  },
  // Offered to whoever may read messages (x|120|000); others never get the widget's entry.
  offeredTo: ({ user }) => Promise.resolve(hasRight(user.rechte, messagesRights.write)),
};
