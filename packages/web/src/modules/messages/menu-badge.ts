import { messagesMessages } from '@hortus/contract/modules/messages';
import type { MenuBadge } from '../../platform/layout/menu-badges';
import { useInbox } from './api/messages';

/** Outside the inbox, the menu asks for news this often (the open inbox asks every POLL_MS). */
export const BADGE_POLL_MS = 30_000;

/** The badge of a count of unread messages: '3 ungelesen'; none at 0. */
export function unreadBadge(count: number): MenuBadge | null {
  return count > 0 ? { count, label: messagesMessages.unreadCount(count) } : null;
}

/**
 * Module 120's menu badge (platform menu badges, registered in app/modules.ts): the unread messages of the
 * inbox. It shares the inbox's query, so every poll of the open inbox and every message read (which loads
 * the inbox again) updates it at once.
 */
export function useUnreadMessagesBadge(): MenuBadge | null {
  return unreadBadge(useInbox(BADGE_POLL_MS).data?.ungelesen ?? 0);
}
