import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { hasAnyRight, type AdminUser, type FieldErrors, type ModuleDefinition } from '@hortus/contract';
import type { LoadedUser } from '../auth/session-user';
import type { Db } from '../db/database';
import type { Mailer } from '../mail/mailer';

/** What every handler can reach: the database and the server's own configuration. */
export interface AppContext {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  dataDir: string;
  publicUrl: string | undefined;
  modules: readonly ModuleDefinition[];
  /** Per-area download rules registered by modules (see platform/files). */
  fileAccess: FileAccessRegistry;
  /** Other ways to save a user through saveNutzer, asked in order when the caller lacks the admin right. */
  userSaveFallbacks: readonly UserSaveFallback[];
  /** Background e-mail queue (SMTP_URL, otherwise the outbox file in the data folder). */
  mailer: Mailer;
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

/** A reply is an object with a status; a handler may instead stream a stored file. */
export type CallReply = { status: string } & Record<string, unknown>;
export interface FileReply {
  kind: 'file';
  absolutePath: string;
  downloadName: string;
  mime: string;
  size: number;
}

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

export type CallDefinition<S extends z.ZodType = z.ZodType> = CallTarget &
  (
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

/** Identity helper that keeps the handler's input typed by its schema. */
export function defineCall<S extends z.ZodType>(definition: CallDefinition<S>): CallDefinition {
  return definition as unknown as CallDefinition;
}

/** An expected failure a handler reports (bad input found by a service, missing per-record right, ...). */
export class CallError extends Error {
  constructor(
    readonly status: 'validationError' | 'noRight' | 'notFound',
    message: string,
    readonly errors: FieldErrors = {},
  ) {
    super(message);
  }
}

export function hasCallRight(user: LoadedUser, rights: readonly string[] | undefined): boolean {
  return rights === undefined || hasAnyRight(user.rechte, rights);
}
