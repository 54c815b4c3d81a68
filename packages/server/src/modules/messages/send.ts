import { and, eq } from 'drizzle-orm';
import { messagesMessages, messagesModule, type SendData } from '@hortus/contract/modules/messages';
import { todayIsoDay } from '@hortus/contract';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { recordEvent } from '../../platform/audit/protokoll';
import { invalid } from '../../platform/http/calls';
import { sendPush } from '../../platform/push/push';
import { linkAttachments } from './attachments';
import { namesOf, reachOf, resolveRecipients } from './directory';
import { requireParticipant, type ConversationRow } from './access';
import { messageConversations, messageMessages, messageParticipants, messageReceipts } from './schema';
import { invalidateUnread } from './widget';

export interface Sent {
  id_konversation: number;
  id_nachricht: number;
  /** Who was notified (empty for a repeated send). */
  recipients: number[];
}

/** The private conversation in which a recipient answers a broadcast's sender (made on the first answer). */
async function privateAnswer(tx: Db, user: Caller, broadcast: ConversationRow): Promise<number> {
  const sender = broadcast.createdBy;
  if (sender === null) throw invalid({ id_konversation: [messagesMessages.recipientNotAllowed] });
  const [existing] = await tx
    .select({ id: messageConversations.id })
    .from(messageConversations)
    .where(and(eq(messageConversations.replyTo, broadcast.id), eq(messageConversations.createdBy, user.id)))
    .limit(1);
  if (existing) return existing.id;
  const [created] = await tx
    .insert(messageConversations)
    .values({ titel: `Re: ${broadcast.titel}`.slice(0, 200), createdBy: user.id, replyTo: broadcast.id })
    .returning({ id: messageConversations.id });
  const id = (created as { id: number }).id;
  await tx.insert(messageParticipants).values([
    { conversationId: id, userId: user.id },
    { conversationId: id, userId: sender },
  ]);
  return id;
}

/** The Protokoll keeps who sent a broadcast to how many, addressed how, and when — not its text (issue 43). */
async function recordBroadcast(tx: Db, user: Caller, conversationId: number, count: number, input: SendData) {
  await recordEvent(tx, BROADCAST_PROTOKOLL_TABLE, {
    nutzerId: user.id,
    modul: messagesModule.code,
    aktion: messagesMessages.broadcastSent,
    objektTyp: 'Rundschreiben',
    objektId: String(conversationId),
    felder: {
      Empfänger: count,
      Klassen: input.empfaenger?.klassen.length ?? 0,
      Gruppen: input.empfaenger?.gruppen.length ?? 0,
      Personen: input.empfaenger?.nutzer.length ?? 0,
      'Bestätigung erforderlich': input.bestaetigungErforderlich,
    },
  });
}

/** The details' table name of a broadcast's Protokoll entry (labelled 'Rundschreiben' in index.ts). */
export const BROADCAST_PROTOKOLL_TABLE = 'messages_rundschreiben';

/**
 * sendNachricht: into a conversation the caller takes part in (a recipient's answer to a broadcast goes privately
 * to its sender), or a new conversation to the recipients the record rules allow. Everything of one send —
 * conversation, participants, message, its attachments (the sender's unsent uploads), one receipt per recipient —
 * is written in one transaction; a repeated
 * `kennung` answers the message stored first. Push goes out after the commit.
 */
export async function sendMessage(db: Db, user: Caller, input: SendData, now = new Date()): Promise<Sent> {
  if (input.frist !== '' && input.frist < todayIsoDay(now.getTime()))
    throw invalid({ frist: [messagesMessages.deadlinePast] });
  if (input.kennung) {
    const [earlier] = await db
      .select({ id: messageMessages.id, conversationId: messageMessages.conversationId })
      .from(messageMessages)
      .where(and(eq(messageMessages.authorId, user.id), eq(messageMessages.clientId, input.kennung)))
      .limit(1);
    if (earlier) return { id_konversation: earlier.conversationId, id_nachricht: earlier.id, recipients: [] };
  }
  // Who may be reached is decided before the transaction (it reads a lot and writes nothing).
  const newTo =
    input.id_konversation === 0
      ? resolveRecipients(await reachOf(db, user), user.id, {
          nutzer: input.empfaenger?.nutzer ?? [],
          gruppen: input.empfaenger?.gruppen ?? [],
          klassen: input.empfaenger?.klassen ?? [],
        })
      : null;
  const existing = input.id_konversation === 0 ? null : await requireParticipant(db, user, input.id_konversation);
  const sent = await db.transaction(async (tx) => {
    let conversationId: number;
    if (existing) {
      conversationId =
        existing.broadcast && existing.createdBy !== user.id ? await privateAnswer(tx, user, existing) : existing.id;
    } else {
      const to = newTo as number[];
      const broadcast =
        (input.empfaenger?.klassen.length ?? 0) > 0 || (input.empfaenger?.gruppen.length ?? 0) > 0 || to.length > 1;
      const titel =
        input.betreff.trim() || (broadcast ? 'Rundschreiben' : (await namesOf(tx, to)).get(to[0] ?? 0) || '');
      const [created] = await tx
        .insert(messageConversations)
        .values({
          titel,
          broadcast,
          createdBy: user.id,
          targets: broadcast
            ? {
                nutzer: input.empfaenger?.nutzer ?? [],
                gruppen: input.empfaenger?.gruppen ?? [],
                klassen: input.empfaenger?.klassen ?? [],
              }
            : null,
          createdAt: now,
          lastMessageAt: now,
        })
        .returning({ id: messageConversations.id });
      conversationId = (created as { id: number }).id;
      await tx.insert(messageParticipants).values([user.id, ...to].map((userId) => ({ conversationId, userId })));
      if (broadcast) await recordBroadcast(tx, user, conversationId, to.length, input);
    }
    const [message] = await tx
      .insert(messageMessages)
      .values({
        conversationId,
        authorId: user.id,
        betreff: input.betreff,
        text: input.text,
        requiresConfirmation: input.bestaetigungErforderlich,
        deadline: input.frist,
        clientId: input.kennung ?? null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: messageMessages.id });
    if (!message) {
      // The same kennung arrived twice at once: the other request stored it.
      return null;
    }
    await linkAttachments(tx, user, message.id, input.anhaenge);
    const participants = await tx
      .select({ userId: messageParticipants.userId })
      .from(messageParticipants)
      .where(eq(messageParticipants.conversationId, conversationId));
    const recipients = participants.map((row) => row.userId).filter((id) => id !== user.id);
    if (recipients.length > 0) {
      await tx
        .insert(messageReceipts)
        .values(recipients.map((userId) => ({ messageId: message.id, userId, conversationId })));
    }
    await tx
      .update(messageConversations)
      .set({ lastMessageAt: now })
      .where(eq(messageConversations.id, conversationId));
    await invalidateUnread(tx, [user.id, ...recipients]);
    return { id_konversation: conversationId, id_nachricht: message.id, recipients };
  });
  if (!sent) return sendMessage(db, user, input, now);
  if (sent.recipients.length > 0) {
    const from = (await namesOf(db, [user.id])).get(user.id) ?? '';
    void sendPush(
      db,
      { userIds: sent.recipients },
      {
        title: `${messagesMessages.newMessage} von ${from}`,
        body: input.betreff || input.text.slice(0, 120),
        url: '/120',
      },
      { respectQuietHours: true, now: now.getTime() },
    );
  }
  return sent;
}
