import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files, users } from '../../platform/db/schema';

/** Whom a broadcast was addressed to, as chosen (the recipients themselves are its participants). */
export interface BroadcastTargets {
  nutzer: number[];
  gruppen: number[];
  klassen: number[];
}

/**
 * Conversations of module 120: one-to-one, or a broadcast (`broadcast`), whose recipients answer its sender
 * in a private conversation of their own (`reply_to`: the broadcast it answers).
 */
export const messageConversations = pgTable(
  'messages_conversations',
  {
    id: serial('id').primaryKey(),
    titel: text('titel').notNull().default(''),
    broadcast: boolean('broadcast').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    targets: jsonb('targets').$type<BroadcastTargets>(),
    /** A recipient's private answer to a broadcast: the broadcast it answers. */
    replyTo: integer('reply_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_conversations_last_idx').on(table.lastMessageAt),
    index('messages_conversations_reply_idx').on(table.replyTo, table.createdBy),
  ],
);

/** Who takes part in a conversation: nobody else sees it. */
export const messageParticipants = pgTable(
  'messages_participants',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => messageConversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index('messages_participants_user_idx').on(table.userId),
  ],
);

/** Messages; `client_id` (made by the device) keeps a message queued offline from being stored twice. */
export const messageMessages = pgTable(
  'messages_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => messageConversations.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    betreff: text('betreff').notNull().default(''),
    text: text('text').notNull(),
    requiresConfirmation: boolean('requires_confirmation').notNull().default(false),
    deadline: text('deadline').notNull().default(''),
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_messages_conversation_idx').on(table.conversationId, table.id),
    uniqueIndex('messages_messages_client_idx').on(table.authorId, table.clientId),
  ],
);

/** One row per message and recipient: when they read it, confirmed it, were last reminded. */
export const messageReceipts = pgTable(
  'messages_receipts',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messageMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => messageConversations.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.userId] }),
    index('messages_receipts_user_idx').on(table.userId, table.conversationId),
  ],
);

/** Attachments: platform files (area f120) linked to a message; a file belongs to one message. */
export const messageAttachments = pgTable(
  'messages_attachments',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messageMessages.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.fileId] }),
    uniqueIndex('messages_attachments_file_idx').on(table.fileId),
  ],
);

/** Each text translated once per language (key: SHA-256 of the text and the language). */
export const messageTranslations = pgTable(
  'messages_translations',
  {
    textHash: text('text_hash').notNull(),
    sprache: text('sprache').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.textHash, table.sprache] })],
);
