import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  previewOf,
  type ConversationItem,
  type ConversationView,
  type MessageView,
} from '@hortus/contract/modules/messages';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { files } from '../../platform/db/schema';
import { requireParticipant } from './access';
import { namesOf } from './directory';
import {
  messageAttachments,
  messageConversations,
  messageMessages,
  messageParticipants,
  messageReceipts,
} from './schema';

export type { ConversationRow } from './access';

/** The inbox shows the newest conversations first, at most this many. */
export const INBOX_MAX = 200;
/** A conversation view shows its newest messages, at most this many. */
export const MESSAGES_MAX = 300;

interface InboxRow {
  id: number;
  titel: string;
  broadcast: boolean;
  created_by: number | null;
  anzahl: number;
  ungelesen: number;
  offen: number;
  last_author: number | null;
  last_text: string | null;
  last_at: string | null;
}

/** The caller's conversations, newest first, with unread counts and the last message. */
export async function inbox(db: Db, user: Caller): Promise<{ konversationen: ConversationItem[]; ungelesen: number }> {
  const result = (await db.execute(sql`
    select c.id, c.titel, c.broadcast, c.created_by,
      (select count(*)::int from ${messageParticipants} a where a.conversation_id = c.id) as anzahl,
      coalesce(r.ungelesen, 0)::int as ungelesen, coalesce(r.offen, 0)::int as offen,
      m.author_id as last_author, m.text as last_text, to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_at
    from ${messageParticipants} p
    join ${messageConversations} c on c.id = p.conversation_id
    left join lateral (
      select count(*) filter (where x.read_at is null) as ungelesen,
             count(*) filter (where x.confirmed_at is null and y.requires_confirmation) as offen
      from ${messageReceipts} x join ${messageMessages} y on y.id = x.message_id
      where x.user_id = ${user.id} and x.conversation_id = c.id
    ) r on true
    left join lateral (
      select author_id, text, created_at from ${messageMessages} z where z.conversation_id = c.id order by z.id desc limit 1
    ) m on true
    where p.user_id = ${user.id}
    order by c.last_message_at desc, c.id desc
    limit ${INBOX_MAX}
  `)) as unknown;
  const rows = (Array.isArray(result) ? result : ((result as { rows: InboxRow[] }).rows ?? [])) as InboxRow[];
  const ids = rows.map((row) => row.id);
  const others =
    ids.length === 0
      ? []
      : await db
          .select({ conversationId: messageParticipants.conversationId, userId: messageParticipants.userId })
          .from(messageParticipants)
          .innerJoin(messageConversations, eq(messageConversations.id, messageParticipants.conversationId))
          .where(and(inArray(messageParticipants.conversationId, ids), eq(messageConversations.broadcast, false)));
  const names = await namesOf(db, [
    ...others.map((row) => row.userId),
    ...rows.flatMap((row) => [row.created_by ?? 0, row.last_author ?? 0]),
  ]);
  const person = (id: number) => ({ id, name: names.get(id) ?? 'Gelöschtes Konto' });
  let total = 0;
  const konversationen = rows.map((row): ConversationItem => {
    total += row.ungelesen;
    const teilnehmer = row.broadcast
      ? row.created_by !== null && row.created_by !== user.id
        ? [person(row.created_by)]
        : []
      : others
          .filter((other) => other.conversationId === row.id && other.userId !== user.id)
          .map((other) => person(other.userId));
    return {
      id: row.id,
      titel: row.titel,
      teilnehmer,
      rundschreiben: row.broadcast,
      anzahlTeilnehmer: row.anzahl,
      letzteNachricht:
        row.last_at === null
          ? null
          : {
              von: row.last_author === user.id ? 'Ich' : (names.get(row.last_author ?? 0) ?? 'Gelöschtes Konto'),
              text: previewOf(row.last_text ?? ''),
              zeit: row.last_at,
            },
      ungelesen: row.ungelesen,
      bestaetigungOffen: row.offen,
    };
  });
  return { konversationen, ungelesen: total };
}

/** getKonversation: the conversation and its newest messages; receipts of others only for their sender. */
export async function conversation(
  db: Db,
  user: Caller,
  id: number,
): Promise<{ konversation: ConversationView; nachrichten: MessageView[] }> {
  const row = await requireParticipant(db, user, id);
  const { konversationen } = await inbox(db, user);
  const item = konversationen.find((entry) => entry.id === id);
  const rows = (
    await db
      .select()
      .from(messageMessages)
      .where(eq(messageMessages.conversationId, id))
      .orderBy(desc(messageMessages.id))
      .limit(MESSAGES_MAX)
  ).reverse();
  const messageIds = rows.map((message) => message.id);
  const own = rows.filter((message) => message.authorId === user.id).map((message) => message.id);
  const [receipts, attachments] = await Promise.all([
    messageIds.length === 0
      ? []
      : db
          .select()
          .from(messageReceipts)
          .where(inArray(messageReceipts.messageId, messageIds))
          .orderBy(asc(messageReceipts.readAt)),
    messageIds.length === 0
      ? []
      : db
          .select({
            messageId: messageAttachments.messageId,
            id: files.id,
            name: files.originalName,
            pfad: files.path,
            groesse: files.size,
          })
          .from(messageAttachments)
          .innerJoin(files, eq(files.id, messageAttachments.fileId))
          .where(inArray(messageAttachments.messageId, messageIds))
          .orderBy(asc(files.id)),
  ]);
  const visible = receipts.filter((receipt) => own.includes(receipt.messageId) || receipt.userId === user.id);
  const names = await namesOf(db, [
    ...rows.map((message) => message.authorId ?? 0),
    ...visible.map((receipt) => receipt.userId),
  ]);
  const name = (userId: number) => names.get(userId) ?? 'Gelöschtes Konto';
  const at = (value: Date) => value.toISOString();
  return {
    konversation: {
      id: row.id,
      titel: row.titel,
      teilnehmer: item?.teilnehmer ?? [],
      rundschreiben: row.broadcast,
      anzahlTeilnehmer: item?.anzahlTeilnehmer ?? 0,
      letzteNachricht: item?.letzteNachricht ?? null,
      ungelesen: item?.ungelesen ?? 0,
      bestaetigungOffen: item?.bestaetigungOffen ?? 0,
      id_absender: row.broadcast ? (row.createdBy ?? 0) : 0,
    },
    nachrichten: rows.map((message): MessageView => {
      const mine = visible.filter((receipt) => receipt.messageId === message.id);
      const eigene = message.authorId === user.id;
      return {
        id: message.id,
        von: { id: message.authorId ?? 0, name: name(message.authorId ?? 0) },
        betreff: message.betreff,
        text: message.text,
        zeit: at(message.createdAt),
        anhaenge: attachments
          .filter((entry) => entry.messageId === message.id)
          .map((entry) => ({ id: entry.id, name: entry.name, pfad: entry.pfad, groesse: entry.groesse })),
        gelesenVon: mine
          .filter((receipt) => receipt.readAt !== null)
          .map((receipt) => ({ id: receipt.userId, name: name(receipt.userId), zeit: at(receipt.readAt as Date) })),
        bestaetigtVon: mine
          .filter((receipt) => receipt.confirmedAt !== null)
          .map((receipt) => ({
            id: receipt.userId,
            name: name(receipt.userId),
            zeit: at(receipt.confirmedAt as Date),
          })),
        bestaetigungErforderlich: message.requiresConfirmation,
        frist: message.deadline,
        eigene,
        empfaenger: eigene
          ? mine
              .map((receipt) => ({ id: receipt.userId, name: name(receipt.userId) }))
              .sort((a, b) => a.name.localeCompare(b.name, 'de'))
          : [],
      };
    }),
  };
}
