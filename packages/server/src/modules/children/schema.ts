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
    /** Validity (issue 44); null = open. */
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
  },
  (table) => [index('children_pickup_child_idx').on(table.childId)],
);

/**
 * A child's standing permission to go home alone (issue 44), one row per version: the newest row applies,
 * the earlier ones stay readable. `paper`: staff recorded a signed form.
 */
export const childReleasePermissions = pgTable(
  'children_release_permissions',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    allowed: boolean('allowed').notNull(),
    /** 1 Monday … 7 Sunday. */
    weekdays: jsonb('weekdays').$type<number[]>().notNull(),
    /** From 'HH:MM' ('' = any time). */
    fromTime: text('from_time').notNull().default(''),
    paper: boolean('paper').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('children_release_permissions_child_idx').on(table.childId)],
);

/** Parents' same-day changes of who picks a child up (issue 44): 'allein' at a time or 'person' by name. */
export const childPickupChanges = pgTable(
  'children_pickup_changes',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').$type<'allein' | 'person'>().notNull(),
    time: text('time').notNull().default(''),
    person: text('person').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('children_pickup_changes_child_day_idx').on(table.childId, table.day)],
);

/** Health and care notes of a child (issue 44): erased with the child. */
export const childHealthNotes = pgTable('children_health_notes', {
  childId: integer('child_id')
    .primaryKey()
    .references(() => children.id, { onDelete: 'cascade' }),
  allergies: text('allergies').notNull().default(''),
  medication: text('medication').notNull().default(''),
  notes: text('notes').notNull().default(''),
  emergencyContacts: jsonb('emergency_contacts')
    .$type<{ name: string; telefon: string; beziehung: string }[]>()
    .notNull()
    .default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The versions of a child's list of pickup persons (issue 44), one row per change: the list as it stood
 * after the change, who made it and when. `children_pickup_persons` holds the list in force.
 */
export const childPickupVersions = pgTable(
  'children_pickup_versions',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    persons: jsonb('persons')
      .$type<
        { name: string; beziehung: string; telefon: string; notiz: string; gueltigVon: string; gueltigBis: string }[]
      >()
      .notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('children_pickup_versions_child_idx').on(table.childId)],
);

/**
 * Parents' proposals to change a child's health notes (issue 44): 'offen' until staff accept
 * ('angenommen', the notes are written) or reject ('abgelehnt'); a newer proposal replaces an open one
 * ('ersetzt'). Erased with the child.
 */
export const childHealthProposals = pgTable(
  'children_health_proposals',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    allergies: text('allergies').notNull().default(''),
    medication: text('medication').notNull().default(''),
    notes: text('notes').notNull().default(''),
    emergencyContacts: jsonb('emergency_contacts')
      .$type<{ name: string; telefon: string; beziehung: string }[]>()
      .notNull()
      .default([]),
    state: text('state').$type<'offen' | 'angenommen' | 'abgelehnt' | 'ersetzt'>().notNull().default('offen'),
    proposedBy: integer('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [index('children_health_proposals_child_idx').on(table.childId)],
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
    /** Who picked the child up at its release ('' = went alone or not asked; issue 44). */
    pickedUpBy: text('picked_up_by').notNull().default(''),
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

/** Consent requests (Einwilligungen, issue 44): for the parents of the chosen classes. */
export const childConsentRequests = pgTable('children_consent_requests', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  purpose: text('purpose').notNull(),
  text: text('text').notNull(),
  classIds: jsonb('class_ids').$type<number[]>().notNull(),
  /** Answers until this day ('' none). */
  deadline: date('deadline', { mode: 'string' }),
  /** The consent holds until this day (null: until revoked). */
  validUntil: date('valid_until', { mode: 'string' }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A parent's answer for one child; a revoked consent is `agreed: false` with its new moment. */
export const childConsents = pgTable(
  'children_consents',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => childConsentRequests.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    agreed: boolean('agreed').notNull(),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.requestId, table.childId] }),
    index('children_consents_child_idx').on(table.childId),
  ],
);

/** Readable names of the tracked tables of module 200, for the Protokoll's details line (ServerModule.protokollLabels). */
export const childrenProtokollLabels: Readonly<Record<string, string>> = {
  children_classes: 'Klasse',
  children: 'Kind',
  children_phones: 'Telefonnummer',
  children_pickup_persons: 'Abholberechtigte Person',
  children_recurring_exceptions: 'Regelmäßige Ausnahme',
  children_exceptions: 'Ausnahme',
  children_attendance: 'Anwesenheit',
  children_diary: 'Tagebuch',
  children_documents: 'Dokument',
  children_id_cards: 'Ausweis',
  children_health_proposals: 'Vorschlag Gesundheitsangaben',
};
