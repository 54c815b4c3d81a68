import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import type { Caller } from '../auth/session-user';
import type { AppContext, CallDefinition, FileAccessRule, UserSaveFallback } from '../http/calls';
import type { ServerWidget, WidgetAccess } from './widgets';
import type { DemoProtokoll } from '../audit/demo-protokoll';
import type { ProcessingSource } from '../privacy/processing';

/**
 * What a module stores about one person (user account), for the data subject access request (Art. 15
 * DSGVO, platform/privacy/datenauskunft.ts): readable JSON, summary lines for the PDF and the stored files.
 */
export interface PersonalDataPart {
  /** File name in the ZIP without extension, e.g. 'kinder'. */
  name: string;
  /** Heading in the PDF summary. */
  titel: string;
  daten: unknown;
  /** One line per record for the PDF summary. */
  zusammenfassung: string[];
  /** Stored files (files.id) that belong to the person. */
  dateiIds: number[];
}

export type PersonalDataSource = (db: Db, userId: number) => Promise<PersonalDataPart | null>;

/**
 * Ends what a module keeps to open an account's data without its password (the calendar's feed token), in the
 * transaction of a password reset (platform/users/accounts.ts resetAccountPassword).
 */
export type CredentialEnder = (tx: Db, userId: number) => Promise<void>;

/**
 * Erases what a module keeps that accounts wrote (Art. 17 DSGVO: messages' texts), when the accounts are
 * deleted: in the deleting transaction, before their rows go (platform/users/accounts.ts deleteAccounts).
 */
export type AccountEraser = (tx: Db, userIds: readonly number[]) => Promise<void>;

/**
 * Of one record type, the ids (as the Protokoll writes them, text) a viewer may see, all of them, or all but
 * some (`allBut`: records a module holds blocked, e.g. kept for a legal period after an erasure).
 */
export type VisibleIds = 'all' | readonly string[] | { readonly allBut: readonly string[] };

/**
 * A module's access port (docs/architecture.md "Record access"): the platform's cross-module features ask
 * the module, through the module's own record rules (its access.ts), what a caller may see. The platform
 * knows no module's rule; a module that keeps personal data or Protokoll entries without a port is seen by
 * nobody but an administrator (fail closed).
 */
export interface AccessPort {
  /**
   * Datenauskunft: whether `viewer` may see everything the module's `personalData` holds about account
   * `userId` (true when it holds nothing).
   */
  personalData?: (db: Db, viewer: Caller, userId: number) => Promise<boolean>;
  /**
   * Protokoll: per record type the module's entries name (`objekt_typ`, e.g. 'Kind'), the record ids whose
   * details the viewer may read. A type not listed is read by every holder of the Protokoll right.
   */
  protokoll?: Record<string, (db: Db, viewer: Caller) => Promise<VisibleIds>>;
}

export interface BackgroundJob {
  name: string;
  everyMs: number;
  run: (app: AppContext) => Promise<unknown>;
  /**
   * When the job last ran, if it keeps a record. A job whose last run is older than `everyMs` (or that never
   * ran) runs shortly after the server starts, so a server restarted more often than the interval still runs it.
   */
  lastRun?: (app: AppContext) => Promise<Date | null>;
  /** A retention job (platform/audit/protokoll.ts retentionJob): its label on the Datenschutz page. */
  datenschutz?: string;
}

/** What the demo organisation offers a module's demo seed: the ids of the demo groups. */
export interface DemoContext {
  groups: { admins: number; staff: number; parents: number; customers: number };
  /** Today, so seeds of dated data (polls, events) stay current. */
  now: Date;
  /** The demo's week in the Protokoll: a module records what its users would have done (see DemoProtokoll). */
  protokoll: DemoProtokoll;
}

/**
 * Everything a module contributes to the server, exported once from the module's `index.ts`;
 * registering a module is one line in `server-modules.ts`.
 */
export interface ServerModule {
  /** Three-digit module code (as in the contract registry). */
  code: string;
  calls: CallDefinition[];
  /** Download rules per file area the module stores files in. */
  fileAccess?: Record<string, FileAccessRule>;
  /** The module's own way to save a user through saveNutzer (see UserSaveFallback). */
  userSaveFallback?: UserSaveFallback;
  /** Routes outside the call dispatcher (e.g. a GET feed addressed by a token). */
  routes?: (fastify: FastifyInstance, app: AppContext) => void;
  /** What the module stores about a user account (datenauskunft); null when nothing. */
  personalData?: PersonalDataSource;
  /**
   * The module's processing activities (purpose, data, data subjects, recipients, retention from its settings),
   * for the privacy notice and the compliance papers (Art. 30 DSGVO) while the module is switched on.
   */
  processing?: ProcessingSource;
  /** Ends the module's password-less access of an account when its password is reset (feed tokens). */
  endCredentials?: CredentialEnder;
  /** Erases what the module keeps that an account wrote, when the account is deleted (see AccountEraser). */
  eraseAccount?: AccountEraser;
  /**
   * Readable names of the module's tracked tables (table name → 'Kind'), for the Protokoll's details line
   * ('Telefonnummer geändert: …'); a table without one shows its name.
   */
  protokollLabels?: Readonly<Record<string, string>>;
  /**
   * How the Protokoll reads the columns of the module's tracked tables (table → column → ProtokollField): a
   * German name, how a value reads (euro, hundredths) and which record type a value names (resolved to its
   * current name when read); `null` leaves a column out. A column without one shows its name.
   */
  protokollFields?: ProtokollFields;
  /**
   * Per record type the module keeps (as its Protokoll entries name them), the current readable names of records by id, for the
   * Protokoll's record column and the values that name a record. Asked only for the ids the reader may see
   * (the module's access port, `access.protokoll`); a deleted record has none.
   */
  protokollNames?: Readonly<Record<string, ProtokollNames>>;
  /** How cross-module features (Datenauskunft, Protokoll) ask the module's record rules (see AccessPort). */
  access?: AccessPort;
  /**
   * File areas whose files are about a record (a child's documents and ID card photo), not about the account
   * that uploaded them: a Datenauskunft of the uploader leaves them out (they belong to the record's part).
   */
  recordFileAreas?: readonly string[];
  /** Background work the server runs every `everyMs` while it is up. */
  jobs?: BackgroundJob[];
  /** The module's part of the demo organisation (SEED=demo), run after the platform's users and groups. */
  demoSeed?: (db: Db, demo: DemoContext) => Promise<void>;
  /**
   * The module's own start-up data, run at every start after the first administrator (and the demo)
   * exist: idempotent (e.g. a default record when none exists), so that reads never write.
   */
  setup?: (db: Db) => Promise<void>;
  /**
   * Work that needs the running app (its data folder) and must not compete with requests: awaited when the
   * server becomes ready, before it takes any request (e.g. the demo's receipt PDFs, about 2 s of rendering
   * on the first start, which as a job stalled calls a minute after start). Idempotent and quick when done.
   */
  beforeRequests?: (app: AppContext) => Promise<unknown>;
  /**
   * Pages of the module's web part that embed other sites' https pages (iframes), by request URL (path and
   * query): only their documents get a security policy with `frame-src 'self' https:`; every other page
   * frames nothing.
   */
  framingPage?: (url: string) => boolean;
  /** Dashboard widgets by id (declared with name and order in the module's contract definition). */
  dashboardWidgets?: Record<string, ServerWidget>;
  /** Only the module that shows the widgets: who may use a widget (see WidgetAccess). */
  widgetAccess?: WidgetAccess;
  /**
   * The groups a module divides the people it keeps into (see Audiences), for modules that filter people by
   * them without depending on the module that keeps them. At most one registered module offers them.
   */
  audiences?: Audiences;
}

/**
 * Named groups of people (id, name) one module keeps (200: the classes, whose people are the parent accounts
 * of their children), offered to others that address people by them without knowing that module (the
 * dashboard's messages to the parents of a class). Both answers are the same object while the groups and
 * their people are unchanged (a reader may keep reply bytes meanwhile), never changed by a reader.
 */
export interface Audiences {
  /** The groups, id and name, in the module's order. */
  list: (db: Db) => Promise<readonly { id: number; name: string }[]>;
  /** Per group id, the user accounts it holds (a group without any is missing). */
  members: (db: Db) => Promise<AudienceMembers>;
}

/** Per audience id, the ids of the user accounts it holds. */
export type AudienceMembers = ReadonlyMap<number, ReadonlySet<number>>;

/** How the Protokoll shows one column: its German name, or with a value format and the record type it names. */
export type ProtokollField =
  | string
  | null
  | {
      label: string;
      /** 'euro': cents as '12,34 €'; 'hundertstel': hundredths as '1,5'. */
      format?: 'euro' | 'hundertstel';
      /** The record type (as entries name it) whose current name the value, an id, is shown with. */
      ref?: string;
    };

/** Table → column → how the Protokoll shows it (see ServerModule.protokollFields). */
export type ProtokollFields = Readonly<Record<string, Readonly<Record<string, ProtokollField>>>>;

/** The current names of records of one type by id (text, as the Protokoll stores them); unknown ids are missing. */
export type ProtokollNames = (db: Db, ids: readonly string[]) => Promise<ReadonlyMap<string, string>>;
