import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { FeedbackField, FeedbackValues, RecipientCondition } from '@hortus/contract/modules/dashboard';
import { recordVersionColumns, users } from '../../platform/db/schema';

/** What a planned message still has to send when it becomes visible. */
export interface PendingNotice {
  push: boolean;
  mailParameterIds: number[];
}

/** News-feed messages (dashboard widget 1). Title and text are plain text, never markup. */
export const dashboardMessages = pgTable(
  'dashboard_messages',
  {
    id: serial('id').primaryKey(),
    ...recordVersionColumns(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    typ: text('typ').notNull().default('info'),
    titel: text('titel').notNull(),
    text: text('text').notNull(),
    popup: boolean('popup').notNull().default(false),
    planned: boolean('planned').notNull().default(false),
    showFrom: timestamp('show_from', { withTimezone: true }),
    showUntil: timestamp('show_until', { withTimezone: true }),
    /** {alle, gruppen, nutzer, klassen?}: who receives the message (klassen: audience ids, stored when chosen). */
    recipients: jsonb('recipients').$type<RecipientCondition>().notNull(),
    feedbackEnabled: boolean('feedback_enabled').notNull().default(false),
    /** The feedback form's fields with server-assigned ids. */
    feedbackFields: jsonb('feedback_fields').$type<FeedbackField[]>().notNull().default([]),
    /** A planned message's notification, sent once its window opens (null: nothing pending). */
    pendingNotice: jsonb('pending_notice').$type<PendingNotice | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dashboard_messages_created_idx').on(table.createdAt)],
);

/** One recipient's answer to a message's feedback form. */
export const dashboardFeedback = pgTable(
  'dashboard_feedback',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => dashboardMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    values: jsonb('values').$type<FeedbackValues>().notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
    /** The author allowed a refill; cleared when the user sends again. */
    canChange: boolean('can_change').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.userId] })],
);

/** Popup messages a user has already seen (a popup shows once per user). */
export const dashboardPopupsSeen = pgTable(
  'dashboard_popups_seen',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => dashboardMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.userId] })],
);
