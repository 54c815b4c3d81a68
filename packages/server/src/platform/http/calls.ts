import type { Readable } from 'node:stream';
import type { FileStore } from '../files/store';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  hasAnyRight,
  messages,
  type AdminUser,
  type CallReplyInput,
  type CallSpec,
  type FieldErrors,
  type ModuleDefinition,
} from '@hortus/contract';
import type { LoadedUser } from '../auth/session-user';
import type { Db } from '../db/database';
import type { Mailer } from '../mail/mailer';
import type { ServerWidget, WidgetAccess } from '../modules/widgets';
import type { ProcessingSource } from '../privacy/processing';
import type {
  AccessPort,
  Audiences,
  AccountEraser,
  CredentialEnder,
  PersonalDataSource,
  ProtokollField,
  ProtokollNames,
} from '../modules/server-module';

/** A module's part of the Datenauskunft: what it keeps (`collect`) and who may see it (`mayView`). */
export interface PersonalDataProvider {
  code: string;
  collect: PersonalDataSource;
  mayView: AccessPort['personalData'];
}

/** What every handler can reach: the database and the server's own configuration. */
export interface AppContext {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  dataDir: string;
  publicUrl: string | undefined;
  modules: readonly ModuleDefinition[];
  /** Where stored files' bytes live (platform/files/store.ts): the data folder or the database. */
  fileStore: FileStore;
  /** Per-area download rules registered by modules (see platform/files). */
  fileAccess: FileAccessRegistry;
  /** Other ways to save a user through saveNutzer, asked in order when the caller lacks the admin right. */
  userSaveFallbacks: readonly UserSaveFallback[];
  /** Background e-mail queue (SMTP_URL, otherwise the outbox file in the data folder). */
  mailer: Mailer;
  /** Dashboard widgets of all modules by id (see platform/modules/widgets). */
  widgets: ReadonlyMap<string, ServerWidget>;
  /** Who may use a widget, from the module that shows them (none: no widget call is answered). */
  widgetAccess: WidgetAccess | undefined;
  /** The audiences of the module that offers them (ServerModule.audiences; none: no audiences). */
  audiences: Audiences | undefined;
  /**
   * What each module stores about a person (datenauskunft), from the modules that keep personal data, with
   * the module's rule whether a viewer may see it (its access port; none: administrators only).
   */
  personalData: readonly PersonalDataProvider[];
  /** Readable names of the Protokoll's tracked tables, the platform's and the modules' (protokollTableLabels). */
  protokollLabels: ReadonlyMap<string, string>;
  /** How the Protokoll reads the tracked tables' columns, the platform's and the modules' (protokollFieldsOf). */
  protokollFields: ReadonlyMap<string, Readonly<Record<string, ProtokollField>>>;
  /** Per record type, its current names (the platform's users and groups, ServerModule.protokollNames). */
  protokollNames: ReadonlyMap<string, ProtokollNames>;
  /** Per module code, the Protokoll record types its access port rules (AccessPort.protokoll). */
  protokollAccess: ReadonlyMap<string, NonNullable<AccessPort['protokoll']>>;
  /** What modules keep to open an account's data without its password, ended by a password reset. */
  credentialEnders: readonly CredentialEnder[];
  /** File areas about records rather than their uploaders (ServerModule.recordFileAreas). */
  recordFileAreas: readonly string[];
  /** The retention jobs (platform's and modules'), whose last runs the Datenschutz page lists. */
  retentionJobs: readonly { name: string; label: string }[];
  /** What modules erase of an account when it is deleted (ServerModule.eraseAccount), in its transaction. */
  accountErasers: readonly AccountEraser[];
  /** Per module code, its processing activities (ServerModule.processing), for the privacy papers. */
  processing: readonly { code: string; describe: ProcessingSource }[];
}

/**
 * A module's own way to save an existing user through saveNutzer (e.g. the member directory saves
 * member details with an empty neuPW). Called only when the caller lacks user administration's
 * right for the save. Answers the reply when the module takes the save (or throws a CallError),
 * null when the save is none of its business (then the next fallback is asked, finally noRight).
 */
export type UserSaveFallback = (
  ctx: { app: AppContext; db: Db; user: LoadedUser },
  input: AdminUser,
  neuPW: string,
) => Promise<{ status: 'success'; nutzer: AdminUser } | null>;

export type FileAccessRule = (ctx: AppContext, user: LoadedUser, file: StoredFileRow) => Promise<boolean> | boolean;
export type FileAccessRegistry = Map<string, FileAccessRule>;

export interface StoredFileRow {
  id: number;
  path: string;
  storageName: string;
  originalName: string;
  mime: string;
  size: number;
  ownerUserId: number | null;
  area: string;
}

const jsonBodyKey = Symbol('jsonBody');

/**
 * Marks a reply whose JSON the handler has already built (mostly from cached pieces): the dispatcher
 * sends `body` as it is instead of serialising `reply` again. `body` must be exactly the JSON of
 * `reply`, as text, as its UTF-8 bytes or as parts whose bytes in order are that JSON. Bytes are sent
 * without encoding or measuring a string again (a calendar month is about 50 KB), so handlers keep their
 * cached parts as bytes; parts are written one after another and never joined, so a call whose reply is
 * a small fresh head (`xtime`) before a large cached tail allocates no new buffer of the reply's size
 * (at thousands of calls a second those buffers made V8 collect garbage for external memory pressure).
 */
export type JsonBody = string | Buffer | readonly (string | Buffer)[];

export function withJsonBody<T extends object>(reply: T, body: JsonBody): T {
  Object.defineProperty(reply, jsonBodyKey, { value: body, enumerable: false });
  return reply;
}

export function jsonBodyOf(reply: object): JsonBody | undefined {
  return (reply as { [jsonBodyKey]?: JsonBody })[jsonBodyKey];
}

/** A reply is an object with a status; a handler may instead answer with a file (see platform/files). */
export type CallReply = { status: string } & Record<string, unknown>;
export type FileReply = {
  kind: 'file';
  downloadName: string;
  mime: string;
} & ({ stream: Readable; size: number } | { bytes: Buffer });

interface BaseCallContext<I> {
  input: I;
  app: AppContext;
  db: Db;
  code: string;
  clientAddress: string;
  request: FastifyRequest;
  reply: FastifyReply;
}
export interface PublicCallContext<I> extends BaseCallContext<I> {
  user: LoadedUser | null;
  sessionId: number | null;
}
export interface SessionCallContext<I> extends BaseCallContext<I> {
  user: LoadedUser;
  sessionId: number;
}

interface CallTarget {
  /** Path without query, e.g. '/_api/login/'. */
  path: string;
  /** Matches `?func=<func>`. */
  func?: string;
  /** Matches a bare query key, e.g. `get.php?loginscreen` or `?getOrSaveSettings`. */
  queryKey?: string;
  /** Also answer GET (download links opened in a new window). */
  allowGet?: boolean;
  /**
   * An upload call: accepts multipart bodies with at most `maxFiles` files of `maxFileBytes` each
   * (platform/http/multipart.ts). Every other call refuses multipart at once.
   */
  upload?: { maxFileBytes: number; maxFiles: number };
}

export type CallDefinition<S extends z.ZodType = z.ZodType> = CallTarget & {
  /** The contract's declaration of the call (path, request, reply, actions). */
  spec: CallSpec;
  /**
   * Prefix the dispatcher puts before the field keys of a service's validation errors (services key
   * errors by their own input fields). Default for calls with an action field: `<actionKey>.data.`.
   */
  errorPrefix?: ErrorPrefix;
} & (
    | {
        auth: 'public';
        request: S;
        handle(ctx: PublicCallContext<z.output<S>>): Promise<CallReply | FileReply>;
      }
    | {
        auth: 'session';
        /** Any one of these rights (containment) is needed; omit for "any logged-in user". */
        rights?: readonly string[];
        request: S;
        handle(ctx: SessionCallContext<z.output<S>>): Promise<CallReply | FileReply>;
      }
  );

/**
 * A fixed prefix, or one per action type (null: a plain load) for calls whose actions carry some of
 * their fields beside the action field (e.g. an upload's file).
 */
export type ErrorPrefix = string | ((actionType: string | null) => string);

type SpecReply<S extends CallSpec> = Promise<CallReplyInput<S> | FileReply>;

/** The server's part of a call declared by a contract spec, for signed-in users. */
export interface SessionCallHandler<S extends CallSpec> {
  /** Any one of these rights (containment) is needed; omit for "any logged-in user". */
  rights?: readonly string[];
  /** See CallDefinition.errorPrefix. */
  errorPrefix?: ErrorPrefix;
  /** An upload call: takes multipart with these limits (see CallDefinition.upload). */
  upload?: { maxFileBytes: number; maxFiles: number };
  handle(ctx: SessionCallContext<z.output<S['request']>>): SpecReply<S>;
}
/** The server's part of a call declared by a contract spec, open without a session. */
export interface PublicCallHandler<S extends CallSpec> {
  errorPrefix?: ErrorPrefix;
  handle(ctx: PublicCallContext<z.output<S['request']>>): SpecReply<S>;
}

/** Implements a spec: `defineCall(spec).forSession({rights, handle})` or `.forPublic({handle})`. */
export interface CallBuilder<S extends CallSpec> {
  forSession(handler: SessionCallHandler<S>): CallDefinition;
  forPublic(handler: PublicCallHandler<S>): CallDefinition;
}

/**
 * Implements a contract call spec: path, dispatch key, request schema and actions come from the
 * spec; the handler's input and reply are typed by it. (Two steps, so the spec fixes the types
 * before the handler is read.) The definition's path fields are the spec's, for the dispatcher.
 */
export function defineCall<S extends CallSpec>(spec: S): CallBuilder<S> {
  const target = {
    spec,
    path: spec.path,
    ...(spec.func !== undefined ? { func: spec.func } : {}),
    ...(spec.queryKey !== undefined ? { queryKey: spec.queryKey } : {}),
    allowGet: spec.allowGet,
    request: spec.request,
  };
  return {
    forSession: (handler) => ({ ...handler, ...target, auth: 'session' }) as unknown as CallDefinition,
    forPublic: (handler) => ({ ...handler, ...target, auth: 'public' }) as unknown as CallDefinition,
  };
}

/** An expected failure a handler reports (bad input found by a service, missing per-record right, ...). */
export class CallError extends Error {
  constructor(
    readonly status: 'validationError' | 'noRight' | 'notFound' | 'conflict',
    message: string,
    readonly errors: FieldErrors = {},
  ) {
    super(message);
  }
}

/**
 * Bad input (docs/architecture.md: a German message on its field, nothing changes): `invalid(errors)` with the
 * form's general message, `invalid(errors, message)` with another, `invalid(field, message)` for one field whose
 * message is also the form's. Services write `throw invalid(…)`.
 */
export function invalid(errors: FieldErrors, message?: string): CallError;
export function invalid(field: string, message: string): CallError;
export function invalid(errorsOrField: FieldErrors | string, message: string = messages.validationFailed): CallError {
  const errors = typeof errorsOrField === 'string' ? { [errorsOrField]: [message] } : errorsOrField;
  return new CallError('validationError', message, errors);
}

export function hasCallRight(user: LoadedUser, rights: readonly string[] | undefined): boolean {
  return rights === undefined || hasAnyRight(user.rechte, rights);
}
