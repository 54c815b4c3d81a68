import { hasRight } from '@hortus/contract';
import { messagesRights, type MessagesData } from '@hortus/contract/modules/messages';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { readOrgData } from '../../platform/settings/org-data';
import { inbox } from './conversations';
import { contactsOf, reachOf } from './directory';
import { readMessagesSettings } from './settings';

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
