import { newMessagesWidgetData, type NewMessagesWidgetData } from '@hortus/contract/modules/messages';

const empty: NewMessagesWidgetData = { konversationen: [], ungelesen: 0 };

/** Widget w3's fields of its loose dashboard entry (by its schema); nothing new when they do not fit. */
export function readNewMessages(entry: unknown): NewMessagesWidgetData {
  const parsed = newMessagesWidgetData.safeParse(entry);
  return parsed.success ? parsed.data : empty;
}
