import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { CloudConditions } from '@hortus/contract/modules/cloud';
import { files, users } from '../../platform/db/schema';

/** Module 130: file slots with their conditions (sehen, upload, bearbeiten). */
export const cloudSlots = pgTable('cloud_slots', {
  id: serial('id').primaryKey(),
  sort: text('sort').notNull(),
  name: text('name').notNull(),
  conditions: jsonb('conditions').$type<CloudConditions>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A file in a slot under a topic; the bytes are a platform file (area f100-130). */
export const cloudFiles = pgTable(
  'cloud_files',
  {
    id: serial('id').primaryKey(),
    slotId: integer('slot_id')
      .notNull()
      .references(() => cloudSlots.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    title: text('title').notNull(),
    extension: text('extension').notNull(),
    uploaderUserId: integer('uploader_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The uploader's display name at upload time (kept when the account is deleted). */
    uploaderIdent: text('uploader_ident').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cloud_files_slot_idx').on(table.slotId), index('cloud_files_file_idx').on(table.fileId)],
);
