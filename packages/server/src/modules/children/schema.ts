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
import type { ClassConditions } from '@hortus/contract/modules/children';
import { files, recordVersionColumns, users } from '../../platform/db/schema';

/** Classes of module 200 with their see/edit conditions (bedingungen.f200). */
export const childClasses = pgTable('children_classes', {
  id: serial('id').primaryKey(),
  ...recordVersionColumns(),
  name: text('name').notNull(),
  conditions: jsonb('conditions').$type<ClassConditions>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Children. A class with children cannot be deleted (restrict); a deleted parent account only unlinks. */
export const children = pgTable(
  'children',
  {
    id: serial('id').primaryKey(),
    ...recordVersionColumns(),
    classId: integer('class_id')
      .notNull()
      .references(() => childClasses.id, { onDelete: 'restrict' }),
    parentUserId: integer('parent_user_id').references(() => users.id, { onDelete: 'set null' }),
    vorname: text('vorname').notNull(),
    nachname: text('nachname').notNull(),
    junge: boolean('junge').notNull().default(true),
    birthday: date('birthday', { mode: 'string' }),
    /** Start of the care slot 'HH:MM' (betreuungsplatz). */
    careFrom: text('care_from').notNull(),
    /** Standard release time 'HH:MM'. */
    releaseTime: text('release_time').notNull(),
    /** Sibling child ids (kept symmetric by the service). */
    siblings: jsonb('siblings').$type<number[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('children_class_idx').on(table.classId), index('children_parent_idx').on(table.parentUserId)],
);

export const childPhones = pgTable(
  'children_phones',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nummer: text('nummer').notNull(),
  },
  (table) => [index('children_phones_child_idx').on(table.childId)],
);

/** Authorised pickup persons (beyond the spec). */
export const childPickupPersons = pgTable(
  'children_pickup_persons',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    relation: text('relation').notNull().default(''),
    phone: text('phone').notNull().default(''),
    note: text('note').notNull().default(''),
  },
  (table) => [index('children_pickup_child_idx').on(table.childId)],
);

/** Recurring exceptions: at most one per child and weekday (1 Monday … 7 Sunday). */
export const childRecurringExceptions = pgTable(
  'children_recurring_exceptions',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    present: boolean('present').notNull(),
    releaseTime: text('release_time').notNull(),
    comment: text('comment').notNull().default(''),
  },
  (table) => [uniqueIndex('children_recurring_child_weekday_idx').on(table.childId, table.weekday)],
);

/**
 * One-off exceptions of a day. Staff make them in 200; parents' reports (module 210) become
 * exceptions with `byParent` and the moment they were sent; staff cannot change those.
 */
export const childExceptions = pgTable(
  'children_exceptions',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    present: boolean('present').notNull(),
    releaseTime: text('release_time').notNull(),
    comment: text('comment').notNull().default(''),
    byParent: boolean('by_parent').notNull().default(false),
    /** The user who made it (a parent for byParent). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A parent report withdrawn or replaced (history keeps it). */
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    index('children_exceptions_day_idx').on(table.day),
    index('children_exceptions_child_day_idx').on(table.childId, table.day),
  ],
);

/** Files attached to an exception (parent reports' uploads, staff attachments). */
export const childExceptionFiles = pgTable(
  'children_exception_files',
  {
    exceptionId: integer('exception_id')
      .notNull()
      .references(() => childExceptions.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.exceptionId, table.fileId] })],
);

/**
 * Attendance per child and day (the history the statistics read). A deleted child's rows stay with
 * its names and class (childId becomes null).
 */
export const childAttendance = pgTable(
  'children_attendance',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id').references(() => children.id, { onDelete: 'set null' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Checked in at 'HH:MM'. */
    timeFrom: text('time_from').notNull(),
    /** Released at 'HH:MM' (null: still here). */
    timeTo: text('time_to'),
    reason: text('reason').notNull().default(''),
    deletedVorname: text('deleted_vorname'),
    deletedNachname: text('deleted_nachname'),
    deletedClass: text('deleted_class'),
    deletedClassId: integer('deleted_class_id'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('children_attendance_child_day_idx').on(table.childId, table.day),
    index('children_attendance_day_idx').on(table.day),
  ],
);

/** Diary: one text per child and date. */
export const childDiary = pgTable(
  'children_diary',
  {
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    text: text('text').notNull(),
  },
  (table) => [primaryKey({ columns: [table.childId, table.day] })],
);

/** Documents of a child (PDF/images; kind 'dokument', later 'idcard' for ID cards). */
export const childDocuments = pgTable(
  'children_documents',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('dokument'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('children_documents_child_idx').on(table.childId)],
);

/**
 * The start password of a parent account while it is still the start password, so login letters can
 * print it (docs/architecture.md "Children (module 200)"). `passwordHash` is the account's hash when the
 * row was written: the row counts only while the account still has exactly that hash and `root_pw`;
 * otherwise (the parent chose a password, user administration reset it) the next letter deletes it.
 */
export const childParentStartPasswords = pgTable('children_parent_start_passwords', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  password: text('password').notNull(),
  passwordHash: text('password_hash'),
});

/** 'Noch nicht da' pushes already sent (once per child and day). */
export const childMissingNotices = pgTable(
  'children_missing_notices',
  {
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.childId, table.day] })],
);

/**
 * A child's ID card (one per child; a new card replaces it). `secret` is the random part of the card's
 * QR code '200|id|1|secret', so a printed child id alone cannot check a child in or out.
 */
export const childIdCards = pgTable('children_id_cards', {
  childId: integer('child_id')
    .primaryKey()
    .references(() => children.id, { onDelete: 'cascade' }),
  /** The portrait cut from the uploaded photo (JPEG). */
  photoFileId: integer('photo_file_id')
    .notNull()
    .references(() => files.id, { onDelete: 'restrict' }),
  design: integer('design').notNull(),
  faceAuto: boolean('face_auto').notNull(),
  faceFound: boolean('face_found').notNull(),
  factor: integer('factor').notNull(),
  offsetX: integer('offset_x').notNull(),
  offsetY: integer('offset_y').notNull(),
  qrCodes: jsonb('qr_codes')
    .$type<{ id: number; idTyp: number; breite: number; offsetx: number; offsety: number }[]>()
    .notNull(),
  secret: text('secret').notNull(),
  /** The portrait's frame in the upright photo (pixels), as faceCropBox chose it. */
  crop: jsonb('crop').$type<{ left: number; top: number; width: number; height: number }>().notNull(),
  photoWidth: integer('photo_width').notNull(),
  photoHeight: integer('photo_height').notNull(),
  /** The card preview, 250 px wide (JPEG). */
  preview: text('preview').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The classes an archived attendance evaluation (file area f200-200) covers, written with its file. Only
 * users who see every one of them list, fetch, download or delete it; an archive without a row (made
 * before this was recorded) is for users who see every class.
 */
export const childStatisticsArchives = pgTable('child_statistics_archives', {
  fileId: integer('file_id')
    .primaryKey()
    .references(() => files.id, { onDelete: 'cascade' }),
  classIds: integer('class_ids').array().notNull(),
});
