import { and, eq, isNull } from 'drizzle-orm';
import { messagesMessages } from '@hortus/contract/modules/messages';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { CallError, invalid } from '../../platform/http/calls';
import { sendPush } from '../../platform/push/push';
import { requireMessage } from './access';
import { namesOf } from './directory';
import { messageReceipts } from './schema';
import { invalidateUnread } from './widget';

function receiptOf(messageId: number, userId: number) {
  return and(eq(messageReceipts.messageId, messageId), eq(messageReceipts.userId, userId));
}

/** gelesen: the caller read a message sent to them (their own messages and repeats change nothing). */
export async function markRead(db: Db, user: Caller, messageId: number, now = new Date()): Promise<void> {
  await requireMessage(db, user, messageId);
  const changed = await db
    .update(messageReceipts)
    .set({ readAt: now })
    .where(and(receiptOf(messageId, user.id), isNull(messageReceipts.readAt)))
    .returning({ userId: messageReceipts.userId });
  if (changed.length > 0) await invalidateUnread(db, [user.id]);
}

/** bestaetigen ('Gelesen und verstanden'): only a recipient of a message that asks for it; read as well. */
export async function confirm(db: Db, user: Caller, messageId: number, now = new Date()): Promise<void> {
  const { message } = await requireMessage(db, user, messageId);
  const [receipt] = await db.select().from(messageReceipts).where(receiptOf(messageId, user.id)).limit(1);
  if (!message.requiresConfirmation || !receipt) {
    throw invalid({ id_nachricht: [messagesMessages.notConfirmable] });
  }
  if (receipt.confirmedAt !== null) return;
  await db
    .update(messageReceipts)
    .set({ confirmedAt: now, readAt: receipt.readAt ?? now })
    .where(receiptOf(messageId, user.id));
  await invalidateUnread(db, [user.id]);
}

/**
 * erinnern: the sender reminds the recipients who have not confirmed (push; e-mail where the account has one).
 * Answers how many were reminded.
 */
export async function remind(db: Db, user: Caller, messageId: number, now = new Date()): Promise<number> {
  const { message } = await requireMessage(db, user, messageId);
  if (message.authorId !== user.id) throw new CallError('noRight', messagesMessages.notYours);
  if (!message.requiresConfirmation) {
    throw invalid({ id_nachricht: [messagesMessages.notConfirmable] });
  }
  const open = await db
    .update(messageReceipts)
    .set({ remindedAt: now })
    .where(and(eq(messageReceipts.messageId, messageId), isNull(messageReceipts.confirmedAt)))
    .returning({ userId: messageReceipts.userId });
  if (open.length === 0) {
    throw invalid({ id_nachricht: [messagesMessages.nothingToRemind] });
  }
  const from = (await namesOf(db, [user.id])).get(user.id) ?? '';
  void sendPush(
    db,
    { userIds: open.map((row) => row.userId) },
    {
      title: messagesMessages.reminderSubject,
      body: `${from}: ${message.betreff || message.text.slice(0, 120)}`,
      url: '/120',
    },
    { respectQuietHours: true, now: now.getTime() },
  );
  return open.length;
}
