import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages, type ErrorReply, uploadedFileMark, type UploadedFile } from '@hortus/contract';
import { loadSessionUser } from '../auth/session-user';
import { hasCallRight, type AppContext, type CallDefinition } from './calls';
import { pickCall, sendReply, uploadQueryCode } from './dispatcher';

/** Text fields of an upload request: few and small (a session code, a topic, a little JSON). */
const UPLOAD_FIELDS_MAX = 20;
const UPLOAD_FIELD_BYTES = 64 * 1024;

/** Temporary upload files of a request, removed once the reply has been sent. */
const tempFilesOf = new WeakMap<FastifyRequest, string[]>();

export function uploadTempDir(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'uploads');
}

/**
 * Removes temporary upload files a killed process left behind (its requests never reached their
 * onResponse). Run at start: with the embedded database the data folder is this process's alone
 * (data-dir lock), so every file there is stale (`olderThanMs` 0); a data folder other servers may share
 * keeps files touched within `olderThanMs` (an upload in flight). Answers how many went.
 */
export async function removeStaleUploads(dataDir: string, olderThanMs: number, now = Date.now()): Promise<number> {
  const dir = uploadTempDir(dataDir);
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat || (olderThanMs > 0 && stat.mtimeMs > now - olderThanMs)) continue;
    await fs.promises.rm(file, { force: true, recursive: true });
    removed += 1;
  }
  return removed;
}

/** The largest whole request an upload call accepts: its files plus the text fields. */
export function uploadRequestLimit(upload: NonNullable<CallDefinition['upload']>): number {
  return upload.maxFiles * upload.maxFileBytes + UPLOAD_FIELDS_MAX * UPLOAD_FIELD_BYTES;
}

/**
 * Answers early and closes the connection, so the rest of a refused body is never read. A connection the
 * client already cut (a body shorter than its Content-Length) gets no answer: the request ends quietly
 * (answering it made Fastify log an error with a stack trace each time).
 */
function refuse(reply: FastifyReply, body: ErrorReply): FastifyReply {
  if (reply.request.raw.socket?.destroyed) {
    reply.hijack();
    void removeTempFilesOf(reply.request);
    return reply;
  }
  return sendReply(reply.header('connection', 'close'), body);
}

async function removeTempFilesOf(request: FastifyRequest): Promise<void> {
  const files = tempFilesOf.get(request);
  if (files) await Promise.all(files.map((file) => fs.promises.rm(file, { force: true })));
}

/** Marks the error of a multipart body sent to a call that takes no upload (see refuseMultipart). */
export const multipartRefused = Symbol('multipartRefused');

/**
 * Everywhere except on upload paths, a multipart body is refused before a byte of it is read: this
 * parser answers with an error the app's error handler turns into 'uploadNotAccepted' (connection
 * closed). The multipart plugin and its hooks live only in the upload paths' own scope
 * (registerUploadScope), so other requests pay nothing for them.
 */
export function refuseMultipart(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('multipart/form-data', (_request, _payload, done) => {
    done(Object.assign(new Error('multipart not accepted'), { statusCode: 415, [multipartRefused]: true }));
  });
}

export function isMultipartRefusal(error: unknown): boolean {
  return typeof error === 'object' && error !== null && multipartRefused in error;
}

export function refuseUpload(reply: FastifyReply): FastifyReply {
  return refuse(reply, { status: 'validationError', message: messages.uploadNotAccepted, errors: {} });
}

/**
 * The scope of the paths that have an upload call (those declaring `upload`): the multipart plugin
 * is registered here only. On such a path a multipart body is refused for a call without upload; on
 * an upload call:
 * - the whole request is capped (Content-Length beyond the call's limit → tooLarge at once; the
 *   parser's limits bound chunked bodies the same way);
 * - the first part must be the session code, unless the query names it (`key`, as the spec's upload
 *   clients send it); the session and the call's right are checked right there, before any other part
 *   is read (the web client sends the code first);
 * - file parts are streamed to temporary files under DATA_DIR/tmp/uploads (removed after the reply);
 *   handlers get {filename, mimetype, path, size}, marked so no client can forge one.
 * The body becomes a plain (prototype-free) object of strings and files, so the dispatcher validates
 * upload calls with the same schemas as form calls. A broken body answers validationError, a file
 * over the limit tooLarge — never 500.
 */
export async function registerUploadScope(
  scope: FastifyInstance,
  app: AppContext,
  calls: readonly CallDefinition[],
): Promise<void> {
  scope.removeContentTypeParser('multipart/form-data');
  await scope.register(multipart);
  const byPath = new Map<string, CallDefinition[]>();
  for (const call of calls) byPath.set(call.path, [...(byPath.get(call.path) ?? []), call]);

  scope.addHook('preValidation', async (request, reply) => {
    if (!request.isMultipart()) return;
    const pathCalls = byPath.get(request.routeOptions.url ?? '') ?? [];
    const call = pickCall(pathCalls, (request.query ?? {}) as Record<string, unknown>);
    const upload = call?.upload;
    if (!call || !upload) return refuseUpload(reply);
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > uploadRequestLimit(upload)) {
      return refuse(reply, { status: 'tooLarge', message: messages.requestTooLarge });
    }
    const body = await readUpload(request, reply, app, call, upload);
    if (!body) return reply;
    request.body = body;
  });

  // The handler is done with the files once its reply is being sent: removed before the reply leaves (so
  // a client never sees them after its answer, compressed or not), again after it for aborted requests.
  scope.addHook('onSend', async (request, _reply, payload) => {
    await removeTempFilesOf(request);
    return payload;
  });
  scope.addHook('onResponse', removeTempFilesOf);
}

/** Checks the session of an upload and the call's right; refuses the request (and answers false) otherwise. */
async function sessionAllows(reply: FastifyReply, app: AppContext, call: CallDefinition, code: string) {
  const session = code !== '' ? await loadSessionUser(app.db, code) : null;
  if (!session) {
    refuse(reply, { status: 'accessError', message: messages.accessDenied });
    return false;
  }
  if (call.auth === 'session' && !hasCallRight(session.user, call.rights)) {
    refuse(reply, { status: 'noRight', message: messages.accessDenied });
    return false;
  }
  return true;
}

async function readUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  app: AppContext,
  call: CallDefinition,
  upload: NonNullable<CallDefinition['upload']>,
): Promise<Record<string, unknown> | null> {
  // No prototype: a part named __proto__ is just a field.
  const body = Object.create(null) as Record<string, unknown>;
  const files: string[] = [];
  tempFilesOf.set(request, files);
  // The spec's clients name the session in the query (`key`): checked before any part is read.
  const queryCode = uploadQueryCode(request);
  if (queryCode !== '' && !(await sessionAllows(reply, app, call, queryCode))) return null;
  let first = queryCode === '';
  try {
    const parts = request.parts({
      limits: {
        fileSize: upload.maxFileBytes,
        files: upload.maxFiles,
        fields: UPLOAD_FIELDS_MAX,
        fieldSize: UPLOAD_FIELD_BYTES,
        parts: UPLOAD_FIELDS_MAX + upload.maxFiles,
      },
    });
    for await (const part of parts) {
      if (first) {
        first = false;
        const code = part.type === 'field' && part.fieldname === 'code' ? part.value : '';
        if (!(await sessionAllows(reply, app, call, typeof code === 'string' ? code : ''))) return null;
      }
      let value: unknown;
      if (part.type === 'file') {
        const dir = uploadTempDir(app.dataDir);
        await fs.promises.mkdir(dir, { recursive: true });
        const file = path.join(dir, randomBytes(16).toString('hex'));
        files.push(file);
        await pipeline(part.file, fs.createWriteStream(file));
        const uploaded: UploadedFile = {
          [uploadedFileMark]: true,
          filename: part.filename,
          mimetype: part.mimetype,
          path: file,
          size: (await fs.promises.stat(file)).size,
        };
        value = uploaded;
      } else {
        value = part.value;
      }
      const previous = body[part.fieldname];
      body[part.fieldname] =
        previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
    }
  } catch (error) {
    const isTooLarge = (error as { statusCode?: number }).statusCode === 413;
    refuse(
      reply,
      isTooLarge
        ? { status: 'tooLarge', message: messages.requestTooLarge }
        : { status: 'validationError', message: messages.malformedRequest, errors: {} },
    );
    return null;
  }
  if (first) {
    refuse(reply, { status: 'accessError', message: messages.accessDenied });
    return null;
  }
  return body;
}
