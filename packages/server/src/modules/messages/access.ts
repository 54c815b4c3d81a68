import { and, eq } from 'drizzle-orm';
import { messagesMessages } from '@hortus/contract/modules/messages';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { requireRecord } from '../../platform/http/records';
import { messageConversations, messageMessages, messageParticipants } from './schema';

export type ConversationRow = typeof messageConversations.$inferSelect;

/**
 * Who sees a conversation and its messages (issue 43): its participants only; to everyone else it does not
 * exist (notFound). Who may be written to is directory.ts `reachOf` / `resolveRecipients`.
 */
/** The conversation, when the user takes part in it; else notFound, as if it did not exist (issue 43). */
export async function requireParticipant(db: Db, user: Caller, id: number): Promise<ConversationRow> {
  const [row] = await db
    .select({ conversation: messageConversations })
    .from(messageParticipants)
    .innerJoin(messageConversations, eq(messageConversations.id, messageParticipants.conversationId))
    .where(and(eq(messageParticipants.conversationId, id), eq(messageParticipants.userId, user.id)))
    .limit(1);
  return requireRecord(row?.conversation, { canSee: () => true }, messagesMessages.unknownConversation);
}

/** The message with its conversation, when the user takes part in the conversation; else notFound. */
export async function requireMessage(
  db: Db,
  user: Caller,
  id: number,
): Promise<{ message: typeof messageMessages.$inferSelect; conversation: ConversationRow }> {
  const [row] = await db
    .select({ message: messageMessages, conversation: messageConversations })
    .from(messageMessages)
    .innerJoin(messageConversations, eq(messageConversations.id, messageMessages.conversationId))
    .innerJoin(
      messageParticipants,
      and(eq(messageParticipants.conversationId, messageConversations.id), eq(messageParticipants.userId, user.id)),
    )
    .where(eq(messageMessages.id, id))
    .limit(1);
  return requireRecord(row, { canSee: () => true }, messagesMessages.unknownMessage);
}
