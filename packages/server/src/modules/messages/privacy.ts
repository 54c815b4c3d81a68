import { and, asc, eq, inArray, lt, notExists, or, sql } from 'drizzle-orm';
import { messagesMessages } from '@hortus/contract/modules/messages';
import { protokollTime } from '@hortus/contract';
import { retentionJob } from '../../platform/audit/protokoll';
import type { Db } from '../../platform/db/database';
import { withFiles } from '../../platform/files/files';
import type { AppContext } from '../../platform/http/calls';
import type { AccessPort, AccountEraser, PersonalDataSource } from '../../platform/modules/server-module';
import { removeUnlinkedAttachments } from './attachments';
import { namesOf } from './directory';
import {
  messageAttachments,
  messageConversations,
  messageMessages,
  messageParticipants,
  messageReceipts,
  messageTranslations,
} from './schema';
import { readMessagesSettings } from './settings';
import { translationKey } from './translation';
import { invalidateUnread } from './widget';

/**
 * Data protection of module 120 (issue 43, docs/architecture.md "Datenschutz"): the person's messages in the
 * Datenauskunft, erasure with the account, the retention job.
 */

/** The conversations an account takes part in (ids). */
async function conversationsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: messageParticipants.conversationId })
    .from(messageParticipants)
    .where(eq(messageParticipants.userId, userId));
  return rows.map((row) => row.id);
}

/**
 * Datenauskunft (Art. 15 DSGVO): every conversation the person takes part in, with its messages (who wrote them
 * when, the text, the person's own read and confirmation times) and their attachments; null when none.
 */
export const messagesPersonalData: PersonalDataSource = async (db, userId) => {
  const ids = await conversationsOf(db, userId);
  if (ids.length === 0) return null;
  const [conversations, messages, receipts, attachments] = await Promise.all([
    db
      .select()
      .from(messageConversations)
      .where(inArray(messageConversations.id, ids))
      .orderBy(asc(messageConversations.id)),
    db
      .select()
      .from(messageMessages)
      .where(inArray(messageMessages.conversationId, ids))
      .orderBy(asc(messageMessages.id)),
    db.select().from(messageReceipts).where(eq(messageReceipts.userId, userId)),
    db
      .select({ messageId: messageAttachments.messageId, fileId: messageAttachments.fileId })
      .from(messageAttachments)
      .innerJoin(messageMessages, eq(messageMessages.id, messageAttachments.messageId))
      .where(inArray(messageMessages.conversationId, ids)),
  ]);
  const names = await namesOf(
    db,
    messages.flatMap((message) => (message.authorId === null ? [] : [message.authorId])),
  );
  const receiptOf = new Map(receipts.map((row) => [row.messageId, row]));
  const time = (value: Date | null | undefined) => (value ? protokollTime(value.toISOString()) : '');
  const daten = conversations.map((entry) => ({
    id: entry.id,
    titel: entry.titel,
    rundschreiben: entry.broadcast,
    nachrichten: messages
      .filter((message) => message.conversationId === entry.id)
      .map((message) => {
        const receipt = receiptOf.get(message.id);
        return {
          id: message.id,
          von: message.authorId === userId ? 'ich' : (names.get(message.authorId ?? 0) ?? 'Gelöschtes Konto'),
          zeit: time(message.createdAt),
          betreff: message.betreff,
          text: message.text,
          bestaetigungErforderlich: message.requiresConfirmation,
          gelesen: time(receipt?.readAt),
          bestaetigt: time(receipt?.confirmedAt),
          anhaenge: attachments.filter((row) => row.messageId === message.id).map((row) => row.fileId),
        };
      }),
  }));
  const written = messages.filter((message) => message.authorId === userId).length;
  return {
    name: 'nachrichten',
    titel: 'Nachrichten',
    daten,
    zusammenfassung: [
      `Unterhaltungen: ${conversations.length}`,
      `Nachrichten darin: ${messages.length}, davon selbst geschrieben: ${written}`,
      ...conversations.map((entry) => `${entry.broadcast ? 'Rundschreiben' : 'Unterhaltung'}: ${entry.titel}`),
    ],
    dateiIds: attachments.map((row) => row.fileId),
  };
};

/**
 * Module 120's access port: conversations are read by their participants only, so nobody but the person
 * (or an administrator, whom the Datenauskunft call lets through) sees a person's messages in a Datenauskunft;
 * a person without conversations holds nothing here.
 */
export const messagesAccessPort: AccessPort = {
  async personalData(db, viewer, userId) {
    if (viewer.id === userId) return true;
    return (await conversationsOf(db, userId)).length === 0;
  },
};

/**
 * Erasure with the account (Art. 17 DSGVO): the texts and subjects the accounts wrote give way to 'Diese
 * Nachricht wurde gelöscht.', their attachments' links go (the retention job removes the files), titles they
 * gave or that name them give way to 'Unterhaltung mit gelöschtem Konto', and the cached translations of the
 * erased texts go. Receipts and participation go with the account rows (foreign keys).
 */
export const eraseMessagesOf: AccountEraser = async (tx, userIds) => {
  const ids = [...userIds];
  await invalidateUnread(tx, 'all');
  const names = [...(await namesOf(tx, ids)).values()];
  const written = await tx
    .select({ id: messageMessages.id, text: messageMessages.text, betreff: messageMessages.betreff })
    .from(messageMessages)
    .where(inArray(messageMessages.authorId, ids));
  if (written.length > 0) {
    const messageIds = written.map((row) => row.id);
    await tx.delete(messageAttachments).where(inArray(messageAttachments.messageId, messageIds));
    await tx
      .update(messageMessages)
      .set({ text: messagesMessages.erased, betreff: '', clientId: null })
      .where(inArray(messageMessages.id, messageIds));
    const texts = [...new Set(written.flatMap((row) => [row.text, row.betreff]).filter((text) => text !== ''))];
    await tx.delete(messageTranslations).where(
      inArray(
        messageTranslations.textHash,
        texts.map((text) => translationKey(text)),
      ),
    );
  }
  const theirs = tx
    .select({ one: sql`1` })
    .from(messageParticipants)
    .where(
      and(eq(messageParticipants.conversationId, messageConversations.id), inArray(messageParticipants.userId, ids)),
    );
  await tx
    .update(messageConversations)
    .set({ titel: messagesMessages.erasedConversation })
    .where(
      or(
        inArray(messageConversations.createdBy, ids),
        names.length > 0 ? and(sql`exists (${theirs})`, inArray(messageConversations.titel, names)) : sql`false`,
      ),
    );
};

/**
 * Retention (settings `aufbewahrungMonate`, 0 = kept): messages older than the kept months go with their
 * receipts and attachments, conversations left without messages go, and cached translations older than the
 * kept months too; attachment files no message links (unsent uploads, those of erased accounts) go once
 * they are a day old. One transaction; answers what went.
 */
export async function applyMessagesRetention(
  app: AppContext,
  months: number,
  now = new Date(),
): Promise<{ nachrichten: number; unterhaltungen: number; dateien: number }> {
  const before = sql`${now.toISOString()}::timestamptz - make_interval(months => ${months})`;
  return withFiles(app, async (tx, files) => {
    let nachrichten = 0;
    let unterhaltungen = 0;
    let attached: number[] = [];
    if (months > 0) {
      // The attachments of the messages that go, go with them (their links go by foreign key).
      attached = (
        await tx
          .select({ id: messageAttachments.fileId })
          .from(messageAttachments)
          .innerJoin(messageMessages, eq(messageMessages.id, messageAttachments.messageId))
          .where(lt(messageMessages.createdAt, before))
      ).map((row) => row.id);
      await files.remove(attached);
      const removed = await tx
        .delete(messageMessages)
        .where(lt(messageMessages.createdAt, before))
        .returning({ id: messageMessages.id });
      nachrichten = removed.length;
      const emptied = await tx
        .delete(messageConversations)
        .where(
          and(
            lt(messageConversations.createdAt, before),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(messageMessages)
                .where(eq(messageMessages.conversationId, messageConversations.id)),
            ),
          ),
        )
        .returning({ id: messageConversations.id });
      unterhaltungen = emptied.length;
      await tx.delete(messageTranslations).where(lt(messageTranslations.createdAt, before));
    }
    // Unsent uploads and files whose link went (erased accounts) go after a day, like the hourly job's.
    const unlinked = await removeUnlinkedAttachments(tx, files, now.getTime());
    if (nachrichten > 0) await invalidateUnread(tx, 'all');
    return { nachrichten, unterhaltungen, dateien: attached.length + unlinked };
  });
}

/** Daily: messages past the retention of the module's settings go; the run is recorded for the Datenschutz page. */
export const messagesRetentionJob = retentionJob(
  'messages-retention',
  'Nachrichten löschen',
  async (app) => applyMessagesRetention(app, (await readMessagesSettings(app.db)).aufbewahrungMonate),
  (done) =>
    `${done.nachrichten} Nachrichten, ${done.unterhaltungen} leere Unterhaltungen und ${done.dateien} Anhänge gelöscht`,
);
