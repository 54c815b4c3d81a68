import {
  boolean,
  date,
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
import type { SlotConditions } from '@hortus/contract/modules/attendance';
import { users } from '../../platform/db/schema';

/** Attendance slots of module 150: conditions {pruefling, sehen, anwhinzufuegen, anwbearbeiten, bearbeiten}. */
export const attendanceSlots = pgTable(
  'attendance_slots',
  {
    id: serial('id').primaryKey(),
    sort: text('sort').notNull(),
    name: text('name').notNull(),
    conditions: jsonb('conditions').$type<SlotConditions>().notNull(),
    /** Random 128-bit base64url value of the slot's QR code (/150?sa=…); renewing replaces it. */
    qrCode: text('qr_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('attendance_slots_qr_idx').on(table.qrCode)],
);

/** Dated polls of a slot. */
export const attendancePolls = pgTable(
  'attendance_polls',
  {
    id: serial('id').primaryKey(),
    slotId: integer('slot_id')
      .notNull()
      .references(() => attendanceSlots.id, { onDelete: 'cascade' }),
    datum: date('datum', { mode: 'string' }).notNull(),
    titel: text('titel').notNull(),
    beschreibung: text('beschreibung').notNull().default(''),
    gaeste: text('gaeste').notNull().default(''),
    geschlossen: boolean('geschlossen').notNull().default(false),
    /** A QR check-in has happened (people still without status got standard_status_qrscanned then). */
    qrScanned: boolean('qr_scanned').notNull().default(false),
    /** Random 128-bit base64url value of the poll's own QR code (/150?saa=…). */
    qrCode: text('qr_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('attendance_polls_slot_idx').on(table.slotId),
    uniqueIndex('attendance_polls_qr_idx').on(table.qrCode),
  ],
);

/** A person's status in a poll (0 Ohne Status, 1 Anwesend, 2 Entschuldigt, 3 Abwesend). */
export const attendanceEntries = pgTable(
  'attendance_entries',
  {
    pollId: integer('poll_id')
      .notNull()
      .references(() => attendancePolls.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: integer('status').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.pollId, table.userId] })],
);
