import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { CategoryInput, RepeatWire } from '@hortus/contract/modules/calendar';
import { recordVersionColumns, users } from '../../platform/db/schema';

/** Calendar categories (Kalender) with colour and who may see / edit their events. */
export const calendarCategories = pgTable('calendar_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  farbe: text('farbe').notNull().default('#FF0000'),
  /** {f110: {sehen, bearbeiten}} each {alle, gruppen, nutzer}. */
  bedingungen: jsonb('bedingungen').$type<CategoryInput['bedingungen']>().notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Events; a series keeps its repeat (with exceptions as 'id|startMs|endMs') and is expanded on reading. */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: serial('id').primaryKey(),
    ...recordVersionColumns(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => calendarCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    beschreibung: text('beschreibung').notNull().default(''),
    /** UTC milliseconds. */
    startMs: bigint('start_ms', { mode: 'number' }).notNull(),
    endMs: bigint('end_ms', { mode: 'number' }).notNull(),
    timed: boolean('timed').notNull().default(true),
    isSeries: boolean('is_series').notNull().default(false),
    repeat: jsonb('repeat').$type<RepeatWire>(),
    /** Id of the series this single event was detached from (ausSerie), 0 if none. */
    fromSeries: integer('from_series').notNull().default(0),
  },
  (table) => [index('calendar_events_category_idx').on(table.categoryId)],
);

/** One private iCalendar feed token per user; only its SHA-256 is stored. */
export const calendarFeedTokens = pgTable('calendar_feed_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
