import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The version columns of a record two people may edit (see platform/db/versions.ts): a counter raised
 * by every write and the user who wrote last (no foreign key: a deleted user only loses the name).
 */
export const recordVersionColumns = () => ({
  version: integer('version').notNull().default(0),
  editedBy: integer('edited_by'),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    nn: text('nn').notNull(),
    ident: text('ident').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /** Still the start password (set by an administrator), not one the user chose. */
    rootPw: boolean('root_pw').notNull().default(true),
    show: boolean('show').notNull().default(true),
    lastView: text('last_view').notNull().default(''),
    /** The language the user reads others' texts in, translated (ISO 639-1, contract contentLanguages); null: German. */
    preferredLanguage: text('preferred_language'),
    /** Quiet hours for the pushes that ask for them ({von, bis} 'HH:MM', Berlin time; contract quietHours); null: none. */
    pushQuietHours: jsonb('push_quiet_hours').$type<{ von: string; bis: string }>(),
    createdAt: createdAt(),
    ...recordVersionColumns(),
  },
  (table) => [uniqueIndex('users_nn_lower_idx').on(sql`lower(${table.nn})`)],
);

export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon').notNull().default('Group'),
  beschreibung: text('beschreibung').notNull().default(''),
  standard: boolean('standard').notNull().default(false),
  forcePwReset: boolean('force_pw_reset').notNull().default(false),
  /** Members must log in with a second factor (TOTP); one without it sets it up at the next login. */
  totpRequired: boolean('totp_required').notNull().default(false),
});

/**
 * Two-factor login (TOTP, RFC 6238) of an account: `secret` once activated (null: off), `pending` while being
 * set up, the last time step used (a code works once), and the SHA-256 hashes of unused recovery codes.
 */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pending: text('pending'),
  lastStep: integer('last_step').notNull().default(0),
  recoveryHashes: jsonb('recovery_hashes').$type<string[]>().notNull().default([]),
});

/**
 * Passkeys (WebAuthn) of an account: a phishing-resistant login without password or code. The public key
 * (COSE, base64url) and the signature counter the authenticator reported last; `name` as the owner called it.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('passkeys_credential_idx').on(table.credentialId),
    index('passkeys_user_idx').on(table.userId),
  ],
);

/**
 * WebAuthn challenges handed out and not yet answered: each is taken once (deleted when used) and only
 * before it expires; `userId` for registering a passkey, null for a login (any account's passkey).
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  challenge: text('challenge').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const userGroups = pgTable(
  'user_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.groupId] }), index('user_groups_group_idx').on(table.groupId)],
);

export const groupRights = pgTable(
  'group_rights',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    right: text('right').notNull(),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.right] })],
);

/** Rights granted to one user directly (rechteSolo). */
export const userRights = pgTable(
  'user_rights',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    right: text('right').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.right] })],
);

export const userParameters = pgTable('user_parameters', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon').notNull().default('Label'),
  typ: integer('typ').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  /** Identification parameter: its value is part of the user's display name (ident). */
  ident: boolean('ident').notNull().default(false),
  seeOnTable: boolean('see_on_table').notNull().default(false),
  /** Per area that shows parameters ('f' + a module code): {sehen, bearbeiten} each {alle, gruppen} (some also nutzer). */
  bedingungen: jsonb('bedingungen').notNull(),
});

export const groupParameters = pgTable(
  'group_parameters',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    parameterId: integer('parameter_id')
      .notNull()
      .references(() => userParameters.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.parameterId] })],
);

export const parameterOptions = pgTable(
  'parameter_options',
  {
    id: serial('id').primaryKey(),
    parameterId: integer('parameter_id')
      .notNull()
      .references(() => userParameters.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    wert: text('wert').notNull(),
  },
  (table) => [index('parameter_options_parameter_idx').on(table.parameterId)],
);

export const userParameterValues = pgTable(
  'user_parameter_values',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parameterId: integer('parameter_id')
      .notNull()
      .references(() => userParameters.id, { onDelete: 'cascade' }),
    wert: text('wert').notNull().default(''),
    /** Chosen option ids for choice parameters (types 9 and 10). */
    optionIds: jsonb('option_ids').$type<number[]>().notNull().default([]),
  },
  (table) => [primaryKey({ columns: [table.userId, table.parameterId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the session code; the code itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    clientAddress: text('client_address').notNull().default(''),
    /** The device as the login's browser named itself, summarised ('Firefox auf Windows'; never the full user agent). */
    device: text('device').notNull().default(''),
  },
  (table) => [uniqueIndex('sessions_token_idx').on(table.tokenHash), index('sessions_user_idx').on(table.userId)],
);

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** Server-side secrets and bookkeeping (VAPID keys, known rights); never sent to clients. */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** Main menu links per module: title, icon, quick-navigation flag and order (defaults from the module registry). */
export const menuLinks = pgTable('menu_links', {
  moduleCode: text('module_code').primaryKey(),
  titel: text('titel').notNull(),
  icon: text('icon').notNull(),
  quicknav: boolean('quicknav').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(table.endpoint),
    index('push_user_idx').on(table.userId),
  ],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    /** 'user' (lower-cased user name) or 'address' (client address). */
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('login_attempts_lookup_idx').on(table.kind, table.key, table.attemptedAt)],
);

/**
 * Stored files. `path` is the logical name clients ask for ('<area>/<record>/<name>', the area a module's); the
 * bytes live in the file store under <storage_name>, a random name (DATA_DIR/files/<storage_name> or
 * file_chunks). Downloads look the row up and ask
 * the owning module whether the caller may read it.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull(),
    storageName: text('storage_name').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Module code that decides access; 'temp' = generated for its owner only. */
    area: text('area').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('files_path_idx').on(table.path), index('files_area_idx').on(table.area)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The database file store (platform/files/store.ts): the bytes of a stored file in pieces of ~256 KB,
 * `seq` 0, 1, … by its storage name. Used on PostgreSQL unless FILE_STORE=folder; written and read a
 * piece at a time, never a whole large file at once.
 */
export const fileChunks = pgTable(
  'file_chunks',
  {
    storageName: text('storage_name').notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.storageName, table.seq] })],
);

/**
 * Settings of a module as one JSON value per module code (the module defines its shape). Read and written
 * through platform/settings/module-settings.ts.
 */
export const moduleSettings = pgTable('module_settings', {
  moduleCode: text('module_code').primaryKey(),
  value: jsonb('value').notNull(),
});

/**
 * The Protokoll (audit trail, docs/architecture.md "Protokoll"): one row per changed record and
 * transaction, written by the row triggers of migration 0016 (and by accounts.ts for logins), never
 * changed afterwards (a trigger refuses UPDATE/DELETE/TRUNCATE; only the retention job may delete).
 * `tx`/`zeit` identify the writing transaction: its further changes to the same record merge into the row.
 * `details`: an array of changes `{t: table, a: INSERT|UPDATE|DELETE, f: {column: [old, new]}}`.
 */
export const protokoll = pgTable(
  'protokoll',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    zeit: timestamp('zeit', { withTimezone: true }).notNull().defaultNow(),
    tx: bigint('tx', { mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    nutzerId: integer('nutzer_id'),
    modul: text('modul').notNull(),
    aktion: text('aktion').notNull(),
    objektTyp: text('objekt_typ').notNull(),
    objektId: text('objekt_id').notNull(),
    details: jsonb('details').notNull().default([]),
  },
  (table) => [
    uniqueIndex('protokoll_tx_objekt_idx').on(table.tx, table.zeit, table.modul, table.objektTyp, table.objektId),
    index('protokoll_zeit_idx').on(table.zeit),
    index('protokoll_objekt_idx').on(table.objektTyp, table.objektId),
  ],
);
