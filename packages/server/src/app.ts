import type { Duplex } from 'node:stream';
import formbody from '@fastify/formbody';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { messages, moduleRegistry, type ModuleDefinition } from '@hortus/contract';
import type { Database } from './platform/db/database';
import { createFileStore, moveIntoStore, type FileStoreKind } from './platform/files/store';
import { TEMP_AREA, downloadCall, ownerOnly } from './platform/files/files';
import type { AppContext, CallDefinition, FileAccessRule } from './platform/http/calls';
import { registerCompression } from './platform/http/compression';
import { registerCalls, sendReply } from './platform/http/dispatcher';
import {
  isMultipartRefusal,
  refuseMultipart,
  refuseUpload,
  registerUploadScope,
  removeStaleUploads,
} from './platform/http/multipart';
import { findWebDist, registerWebApp, withHttpsFrames } from './platform/http/web-app';
import {
  loginCall,
  loginScreenCall,
  logoutCall,
  passkeyAnmeldungCall,
  passkeyLoginCall,
  saveSubscriptionCall,
} from './platform/session/login-calls';
import {
  passkeyEntfernenCall,
  passkeyHinzufuegenCall,
  passkeyOptionenCall,
  passkeysCall,
} from './platform/settings/passkey-calls';
import { changePasswordCall, getSettingsCall, saveLastViewCall } from './platform/settings/settings-calls';
import {
  totpAktivierenCall,
  totpDeaktivierenCall,
  totpEinrichtenCall,
  totpStatusCall,
} from './platform/settings/totp-calls';
import { serverModules } from './server-modules';
import type { BackgroundJob, ServerModule } from './platform/modules/server-module';
import { scheduleJobs } from './platform/modules/jobs';
import { requireDeclaredDependencies } from './platform/modules/dependencies';
import { widgetCalls, widgetRegistry } from './platform/modules/widgets';
import { createMailer, type Mailer } from './platform/mail/mailer';
import { expiredSessionsJob } from './platform/users/accounts';
import { meineSitzungenCall, sitzungBeendenCall } from './platform/settings/session-calls';
import {
  protokollFieldsOf,
  protokollNamesOf,
  protokollRetentionJob,
  protokollTableLabels,
} from './platform/audit/protokoll';

/** A temporary upload file untouched this long belongs to no request in flight (several servers, one folder). */
const STALE_UPLOAD_MS = 60 * 60_000;

/** Largest form or JSON body a call accepts (uploads have their own limit). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

const platformCalls: CallDefinition[] = [
  loginCall,
  logoutCall,
  saveSubscriptionCall,
  loginScreenCall,
  getSettingsCall,
  saveLastViewCall,
  changePasswordCall,
  totpEinrichtenCall,
  totpAktivierenCall,
  totpStatusCall,
  totpDeaktivierenCall,
  meineSitzungenCall,
  passkeyOptionenCall,
  passkeyHinzufuegenCall,
  passkeysCall,
  passkeyEntfernenCall,
  passkeyAnmeldungCall,
  passkeyLoginCall,
  sitzungBeendenCall,
  downloadCall,
];

const moduleWidgets = widgetRegistry(serverModules);

/** The platform's own background work: expired sessions are purged, so are Protokoll entries past their retention. */
const platformJobs: BackgroundJob[] = [expiredSessionsJob, protokollRetentionJob];

/** Every background job the server runs (platform and modules). */
export function allJobs(): BackgroundJob[] {
  return [...platformJobs, ...serverModules.flatMap((module) => module.jobs ?? [])];
}

/** Every call the server answers (platform, modules and widgets), e.g. for tests that walk all of them. */
export function allCalls(): CallDefinition[] {
  return [...platformCalls, ...serverModules.flatMap((module) => module.calls), ...widgetCalls(moduleWidgets)];
}

export interface BuildOptions {
  database: Database;
  dataDir: string;
  publicUrl?: string | undefined;
  webDist?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Config TRUST_PROXY: false, a hop count or the proxies' addresses/ranges. */
  trustProxy?: false | number | string[];
  modules?: readonly ModuleDefinition[];
  /** SMTP server for e-mail (SMTP_URL); without it mails go to the outbox file. */
  smtpUrl?: string | undefined;
  /** A ready mailer (tests); overrides smtpUrl. */
  mailer?: Mailer;
  /** FILE_STORE: where stored files' bytes live; by default in PostgreSQL when there is one, else the data folder. */
  fileStore?: FileStoreKind | undefined;
  /** Background jobs run on their intervals (default); tests switch them off and run a job themselves. */
  jobs?: boolean;
}

/** What handlers share: database, data folder, modules and the file access rules of the modules. */
export function createAppContext(
  options: Pick<BuildOptions, 'database' | 'dataDir' | 'publicUrl' | 'modules' | 'smtpUrl' | 'mailer' | 'fileStore'>,
): AppContext {
  const fileAccess = new Map<string, FileAccessRule>([[TEMP_AREA, ownerOnly]]);
  for (const module of serverModules) {
    for (const [area, rule] of Object.entries(module.fileAccess ?? {})) fileAccess.set(area, rule);
  }
  return {
    db: options.database.db,
    dbKind: options.database.kind,
    dataDir: options.dataDir,
    fileStore: createFileStore(options.fileStore, options.database.kind, options.dataDir),
    publicUrl: options.publicUrl,
    modules: options.modules ?? moduleRegistry,
    fileAccess,
    userSaveFallbacks: serverModules.flatMap((module) => (module.userSaveFallback ? [module.userSaveFallback] : [])),
    mailer: options.mailer ?? createMailer({ smtpUrl: options.smtpUrl, dataDir: options.dataDir }),
    widgets: moduleWidgets,
    widgetAccess: onlyOne(serverModules, 'widgetAccess'),
    audiences: onlyOne(serverModules, 'audiences'),
    personalData: serverModules.flatMap((module) =>
      module.personalData
        ? [{ code: module.code, collect: module.personalData, mayView: module.access?.personalData }]
        : [],
    ),
    protokollLabels: protokollTableLabels(serverModules),
    protokollFields: protokollFieldsOf(serverModules),
    protokollNames: protokollNamesOf(serverModules),
    protokollAccess: new Map(
      serverModules.flatMap((module) => (module.access?.protokoll ? [[module.code, module.access.protokoll]] : [])),
    ),
    credentialEnders: serverModules.flatMap((module) => (module.endCredentials ? [module.endCredentials] : [])),
    recordFileAreas: serverModules.flatMap((module) => module.recordFileAreas ?? []),
    retentionJobs: allJobs().flatMap((job) => (job.datenschutz ? [{ name: job.name, label: job.datenschutz }] : [])),
    accountErasers: serverModules.flatMap((module) => (module.eraseAccount ? [module.eraseAccount] : [])),
    processing: serverModules.flatMap((module) =>
      module.processing ? [{ code: module.code, describe: module.processing }] : [],
    ),
  };
}

/** The one module's extension point that at most one registered module may offer (a second is a wiring mistake). */
function onlyOne<K extends 'audiences' | 'widgetAccess'>(
  modules: readonly ServerModule[],
  key: K,
): ServerModule[K] | undefined {
  const offering = modules.filter((module) => module[key] !== undefined);
  if (offering.length > 1) {
    throw new Error(`Server modules ${offering.map((module) => module.code).join(', ')} all offer ${key}`);
  }
  return offering[0]?.[key];
}

/** Builds the HTTP app from plugins in a fixed order: security, parsers, calls, web app. Listening is main.ts's job. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  requireDeclaredDependencies(serverModules);
  const fastify = Fastify({
    logger: withRedaction(options.logger ?? false),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(options.trustProxy ?? false),
    // The start-up steps (onReady: moving files into the file store, the modules' `beforeRequests` such as
    // the demo's receipt PDFs) may take longer than Fastify's 10 s: a slow start is no failed start, and
    // moving a large installation's files takes as long as it takes.
    pluginTimeout: 0,
    clientErrorHandler: answerClientError,
  });

  const app = createAppContext(options);

  // The security headers never change: helmet computes them once at start (identical headers),
  // one hook sets them on every reply instead of running helmet per request.
  const headers = await securityHeaders();
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // HSTS only for a request that came over https: TLS here, or X-Forwarded-Proto from a trusted proxy
    // (TRUST_PROXY); a client's own X-Forwarded-Proto without a trusted proxy counts for nothing.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
  await fastify.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await registerCompression(fastify);
  refuseMultipart(fastify);

  fastify.setErrorHandler((error, request, reply) => {
    // The connection is gone or answered already (a body cut short, see answerClientError): nothing to say.
    if (reply.sent || reply.raw.headersSent || request.raw.socket?.destroyed) return;
    const statusCode = (error as { statusCode?: number }).statusCode ?? 500;
    if (isMultipartRefusal(error)) return refuseUpload(reply);
    if (statusCode === 413) return sendReply(reply, { status: 'tooLarge', message: messages.requestTooLarge });
    if (statusCode >= 400 && statusCode < 500) {
      return sendReply(reply, { status: 'validationError', message: messages.malformedRequest, errors: {} });
    }
    request.log.error({ err: error }, 'Unerwarteter Fehler');
    return sendReply(reply, { status: 'error', message: messages.serverError });
  });

  // Paths with an upload call get the multipart plugin in a scope of their own; the rest never see it.
  const calls = allCalls();
  const uploadPaths = new Set(calls.filter((call) => call.upload).map((call) => call.path));
  await fastify.register(async (uploads) => {
    await registerUploadScope(uploads, app, calls);
    registerCalls(
      uploads,
      app,
      calls.filter((call) => uploadPaths.has(call.path)),
    );
  });
  registerCalls(
    fastify,
    app,
    calls.filter((call) => !uploadPaths.has(call.path)),
  );
  for (const module of serverModules) module.routes?.(fastify, app);
  fastify.addHook('onReady', async () => {
    await removeStaleUploads(app.dataDir, app.dbKind === 'pglite' ? 0 : STALE_UPLOAD_MS);
    const moved = await moveIntoStore(app.db, app.fileStore, app.dataDir);
    if (moved > 0) fastify.log.info(`${moved} Dateien in den Dateispeicher (${app.fileStore.kind}) verschoben`);
    // Under the start lock: servers starting together on one database do this work one after the other
    // (the second finds it done) instead of racing on the same rows and files.
    await options.database.exclusive(async () => {
      for (const module of serverModules) await module.beforeRequests?.(app);
    });
  });
  if (options.jobs !== false) startJobs(fastify, app, allJobs());
  await registerWebApp(fastify, app.db, findWebDist(options.webDist), {
    matches: (url) => serverModules.some((module) => module.framingPage?.(url) ?? false),
    contentSecurityPolicy: withHttpsFrames(headers['content-security-policy'] ?? ''),
  });
  return fastify;
}

const helmetOptions: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // MUI (emotion) injects style elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // The login background image may come from another https address.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  hsts: false,
};

/** One year, subdomains included: once the app was reached over https, browsers keep to https. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Headers any reply carries without helmet (they are not security headers). */
const ordinaryHeaders = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/** The headers helmet sets with our options, taken from one request to a throw-away app. */
export async function securityHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, helmetOptions);
  probe.get('/', async () => 'ok');
  const reply = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.fromEntries(
    Object.entries(reply.headers)
      .filter(([name, value]) => !ordinaryHeaders.has(name) && typeof value === 'string')
      .map(([name, value]) => [name, String(value)]),
  );
}

/**
 * Secrets never reach the log: the values of `code=` and `key=` (the spec's upload clients send the session
 * code as `key`) are masked whatever they hold, and so is every run of 32 or more base64url characters
 * anywhere in the URL — a session code under any other query key, a calendar feed token in the path.
 * `code` fields in logged objects are redacted (withRedaction).
 */
export function redactCodes(url: string): string {
  return url.replace(/([?&](?:code|key)=)[^&#]*/gi, '$1[entfernt]').replace(/[A-Za-z0-9_-]{32,}/g, '[entfernt]');
}

function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    redact: { paths: ['code', '*.code', 'body.code', 'req.body.code'], censor: '[entfernt]' },
    serializers: {
      req: (request: { method: string; url: string; host?: string; ip?: string }) => ({
        method: request.method,
        url: redactCodes(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}

/**
 * A request the HTTP parser cannot read (a body shorter than its Content-Length and the connection
 * half-closed, a Content-Length shorter than the body so the rest is no request, broken headers): a
 * quiet 400 in our reply shape, then the connection closes; nothing is logged — a client's mistake is no
 * server error. A request of the connection still being read (an upload) gets this answer and ends
 * quietly (its own answer would have made Fastify log 'Cannot write headers' with a stack trace each
 * time); an answer already under way is not interrupted by a second one.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || socket.destroyed || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const body = JSON.stringify({ status: 'validationError', message: messages.malformedRequest, errors: {} });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${timeout ? '408 Request Timeout' : '400 Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Fastify treats a bare hop count as "trust nobody", so a count becomes a function trusting the
 * first `hops` hops from our side: the client address is then the entry our own proxy appended to
 * X-Forwarded-For, never one the client wrote itself.
 */
function trustProxyOption(
  trust: false | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Runs the jobs once the server is ready (`platform/modules/jobs.ts`); stops them on close. */
function startJobs(fastify: FastifyInstance, app: AppContext, jobs: readonly BackgroundJob[]): void {
  let stop = () => {};
  fastify.addHook('onReady', async () => {
    stop = scheduleJobs(app, jobs, {
      onError: (job, error) => fastify.log.error({ err: error, job: job.name }, 'Hintergrundaufgabe fehlgeschlagen'),
    });
  });
  fastify.addHook('onClose', async () => stop());
}
