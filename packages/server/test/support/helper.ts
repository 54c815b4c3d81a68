import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { expect, inject } from 'vitest';
import { deltaReply, encodeCallFields, platformCalls, type CallRequestInput, type CallSpec } from '@hortus/contract';
import { allCalls, buildApp, createAppContext } from '../../src/app';
import type { AppContext } from '../../src/platform/http/calls';
import { bootstrap } from '../../src/bootstrap';
import { openPglite, openPostgres, type Database } from '../../src/platform/db/database';
import { createUser, type CreatedUser, type UserInput } from '../../src/seed/factories';
import { createSession } from '../../src/platform/auth/sessions';
import type { Mailer } from '../../src/platform/mail/mailer';

/** Which database the server tests run on: PGlite by default, PostgreSQL in the second run. */
export const testDbKind: 'pglite' | 'postgres' = process.env.HORTUS_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  database: Database;
  /** PostgreSQL connection URL of the fresh database (postgres runs only). */
  url: string | null;
  drop(): Promise<void>;
}

/** The migrated empty PGlite cluster of this run (database-templates.ts), read once per test worker. */
let pgliteCluster: Blob | undefined;

/**
 * A fresh, empty, migrated database: in-memory PGlite, or a new PostgreSQL database with a unique name, each
 * a copy of the run's migrated template (database-templates.ts).
 */
export async function freshDatabase(): Promise<TestDatabase> {
  if (testDbKind === 'pglite') {
    pgliteCluster ??= new Blob([fs.readFileSync(inject('pgliteCluster'))]);
    const database = await openPglite(undefined, { cluster: pgliteCluster });
    await database.migrate();
    return { database, url: null, drop: () => database.close() };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('HORTUS_TEST_DB=postgres needs DATABASE_URL');
  const name = `hortus_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template ${inject('postgresTemplate')}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 4 });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface Reply {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Record<string, unknown> & { status?: string };
  raw: string;
}

export interface TestServer {
  app: FastifyInstance;
  /** The same kind of context the handlers get, for calling services directly. */
  context: AppContext;
  database: Database;
  dataDir: string;
  /**
   * POST form fields to a call path (with query), returning the parsed JSON reply. A success reply of
   * a call declared with a contract spec is checked against the spec's reply schema.
   */
  post(url: string, fields?: Record<string, string>): Promise<Reply>;
  /** Calls by spec: the input is encoded like the web client does (non-strings as JSON text). */
  call<S extends CallSpec>(
    spec: S,
    code: string,
    input?: Partial<CallRequestInput<S>> | Record<string, unknown>,
  ): Promise<Reply>;
  /** Creates a user (factory) and logs them in, returning the session code. */
  userWithSession(input?: UserInput): Promise<CreatedUser & { code: string }>;
  login(nn: string, pw: string): Promise<string>;
  /** The login of an account on its start password, which chooses `ownPassword` in the same call. */
  firstLogin(nn: string, startPassword: string, ownPassword: string): Promise<string>;
  close(): Promise<void>;
}

/** A call's answer as tests read it: status code, headers, the JSON body (empty when not JSON) and the raw text. */
export function toReply(response: { statusCode: number; headers: Reply['headers']; body: string }): Reply {
  let body: Reply['body'];
  try {
    body = JSON.parse(response.body) as Reply['body'];
  } catch {
    body = {};
  }
  return { statusCode: response.statusCode, headers: response.headers, body, raw: response.body };
}

export async function startTestServer(
  options: { seed?: 'none' | 'demo'; webDist?: string; mailer?: Mailer; trustProxy?: false | number | string[] } = {},
): Promise<TestServer> {
  const testDb = await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-test-'));
  await bootstrap(testDb.database, {
    adminUser: 'admin',
    adminPassword: 'Admin#Passwort1',
    seed: options.seed ?? 'none',
  });
  const app = await buildApp({
    database: testDb.database,
    dataDir,
    webDist: options.webDist ?? path.join(dataDir, 'no-web'),
    jobs: false,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
  });
  await app.ready();

  const post: TestServer['post'] = async (url, fields = {}) => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    return checkReplySchema(url, toReply(response));
  };

  const login: TestServer['login'] = async (nn, pw) => {
    const reply = await post(platformCalls.login.url, { nn, pw });
    if (reply.body.status !== 'success') throw new Error(`login failed for ${nn}: ${reply.raw}`);
    return String(reply.body.code);
  };

  return {
    app,
    context: createAppContext({
      database: testDb.database,
      dataDir,
      ...(options.mailer ? { mailer: options.mailer } : {}),
    }),
    database: testDb.database,
    dataDir,
    post,
    call: (spec, code, input = {}) => post(spec.url, { ...encodeCallFields(input as Record<string, unknown>), code }),
    login,
    async userWithSession(input = {}) {
      const user = await createUser(testDb.database.db, input);
      // A start password opens no session by login (it must be replaced first): such a session is one made
      // before that rule, written directly.
      const code = input.rootPw
        ? await createSession(testDb.database.db, user.id, '127.0.0.1')
        : await login(user.nn, user.password);
      return { ...user, code };
    },
    async firstLogin(nn, startPassword, ownPassword) {
      const reply = await post(platformCalls.login.url, { nn, pw: startPassword, neuPW: ownPassword });
      if (reply.body.status !== 'success') throw new Error(`first login failed for ${nn}: ${reply.raw}`);
      return String(reply.body.code);
    },
    async close() {
      await app.close();
      await testDb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const errorStatuses = new Set([
  'accessError',
  'noRight',
  'validationError',
  'notFound',
  'tooLarge',
  'conflict',
  'error',
]);

/** The contract spec of the call a URL addresses (path plus func or query key), if it has one. */
export function specForUrl(url: string): CallSpec | undefined {
  const parsed = new URL(url, 'http://localhost');
  return allCalls().find(
    (call) =>
      call.spec !== undefined &&
      call.path === parsed.pathname &&
      (call.func !== undefined
        ? parsed.searchParams.get('func') === call.func
        : call.queryKey !== undefined
          ? parsed.searchParams.has(call.queryKey)
          : true),
  )?.spec;
}

/** Every success reply of a spec'd call must match its reply schema (JSON replies only). */
function checkReplySchema(url: string, reply: Reply): Reply {
  const status = reply.body.status;
  if (typeof status !== 'string' || errorStatuses.has(status)) return reply;
  const spec = specForUrl(url);
  if (!spec) return reply;
  // A call with deltas answers a delta when the request named a known version (platform/http/delta.ts).
  const schema = spec.delta && 'delta' in reply.body ? deltaReply : spec.reply;
  const parsed = schema.safeParse(reply.body);
  if (!parsed.success) {
    throw new Error(`Reply of ${url} does not match its reply schema: ${JSON.stringify(parsed.error.issues, null, 1)}`);
  }
  return reply;
}

/** A validationError (400) naming `field` among its errors, with `message` there when given. */
export function expectInvalid(reply: Reply, field: string, message?: string): void {
  expectStatus(reply, 'validationError', 400);
  const errors = reply.body.errors as Record<string, string[]>;
  expect(Object.keys(errors), reply.raw).toContain(field);
  if (message) expect(errors[field]).toContain(message);
}

/** The one status assertion of the server tests: shows the whole reply when the status differs. */
export function expectStatus(reply: Reply, status: string, httpStatus?: number): void {
  expect(reply.body.status, reply.raw.slice(0, 2000)).toBe(status);
  if (httpStatus !== undefined) expect(reply.statusCode, reply.raw.slice(0, 2000)).toBe(httpStatus);
}

/**
 * An agent for a stand-in push service on loopback: trusts exactly its certificate and sends every
 * (public-looking) host name to 127.0.0.1 — the product's own agent would refuse loopback.
 */
export function loopbackPushAgent(cert: Buffer): https.Agent {
  return new https.Agent({
    ca: cert,
    checkServerIdentity: () => undefined,
    lookup: (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (error: null, list: { address: string; family: number }[]) => void)(null, [
          { address: '127.0.0.1', family: 4 },
        ]);
      } else callback(null, '127.0.0.1', 4);
    },
  });
}
