import { hasRight } from '@hortus/contract';
import { messagesRights, NEW_MESSAGES_MAX, type NewMessagesWidgetData } from '@hortus/contract/modules/messages';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { cacheScope, invalidate, remember } from '../../platform/cache/hot-cache';
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

/** The widget's answers per user, kept in the platform's hot cache until a message or receipt of theirs changes. */
const unreadScope = `${cacheScope.module('120')}:ungelesen`;

/** More recipients than this clear every user's answer instead of one key each. */
const KEYS_MAX = 50;

/**
 * Call at every write that changes what the widget shows for these users (a message to them, a read, an
 * erasure): with the writing handle, so other servers drop theirs once it commits. 'all' clears everyone's.
 */
export async function invalidateUnread(db: Db, userIds: readonly number[] | 'all'): Promise<void> {
  if (userIds === 'all' || userIds.length > KEYS_MAX) await invalidate(db, unreadScope);
  else for (const id of new Set(userIds)) await invalidate(db, unreadScope, id);
}

export const newMessagesWidget: ServerWidget = {
  // The same object while nothing changed: the dashboard keeps its reply bytes, and a warm dashboard asks
  // the database nothing (test/platform/hot-paths.test.ts).
  load: ({ db, user }) => remember(db, unreadScope, String(user.id), () => unreadConversations(db, user)),
  // Offered to whoever may read messages (x|120|000); others never get the widget's entry.
  offeredTo: ({ user }) => Promise.resolve(hasRight(user.rechte, messagesRights.write)),
};
