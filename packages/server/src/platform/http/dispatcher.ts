import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import {
  fieldErrors,
  messages,
  validationMessages,
  type ErrorReply,
  type FieldErrors,
  safeParseReporting,
} from '@hortus/contract';
import { loadSessionUser, type LoadedUser } from '../auth/session-user';
import { actingAs } from '../db/audit-context';
import {
  CallError,
  hasCallRight,
  jsonBodyOf,
  type AppContext,
  type CallDefinition,
  type CallReply,
  type FileReply,
} from './calls';
import { encodedOnce } from './compression';
import { answerWithChanges } from './delta';

const httpStatusOf: Record<string, number> = {
  accessError: 401,
  noRight: 403,
  validationError: 400,
  notFound: 404,
  tooLarge: 413,
  conflict: 409,
  error: 500,
};

export function sendReply(reply: FastifyReply, body: CallReply | ErrorReply): FastifyReply {
  const json = jsonBodyOf(body);
  reply.code(httpStatusOf[body.status] ?? 200).header('cache-control', 'no-store');
  if (json === undefined) return reply.send(body);
  reply.header('content-type', 'application/json; charset=utf-8');
  if (typeof json === 'string') return reply.send(json);
  // Precomputed bodies are compressed once per version (compression.ts), not by the plugin per call.
  const encoded = encodedOnce(reply.request.headers['accept-encoding'], json);
  if (encoded) reply.header('content-encoding', encoded.encoding).header('vary', 'accept-encoding');
  const parts = encoded?.parts ?? json;
  return Buffer.isBuffer(parts) ? reply.send(parts) : sendParts(reply, parts);
}

/**
 * A reply built of parts, written one after another in one corked write: Fastify sends only a single
 * string or buffer, and joining the parts would copy the large cached tail into a new buffer per call.
 * The reply's headers (security headers included) are the ones Fastify would have written.
 */
function sendParts(reply: FastifyReply, parts: readonly (string | Buffer)[]): FastifyReply {
  let length = 0;
  for (const part of parts) length += Buffer.byteLength(part);
  reply.header('content-length', String(length));
  reply.hijack();
  const res = reply.raw;
  res.writeHead(reply.statusCode, reply.getHeaders() as OutgoingHttpHeaders);
  res.cork();
  const last = parts.length - 1;
  for (let i = 0; i < last; i++) res.write(parts[i] as string | Buffer);
  res.end(parts[last]);
  res.uncork();
  return reply;
}

function isFileReply(value: CallReply | FileReply): value is FileReply {
  return 'kind' in value && value.kind === 'file';
}

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function queryOf(request: FastifyRequest): Record<string, unknown> {
  return (request.query ?? {}) as Record<string, unknown>;
}

/** The call of a path that a request's query names (`?func=` or a bare query key). */
export function pickCall(calls: CallDefinition[], query: Record<string, unknown>): CallDefinition | undefined {
  return calls.find((call) =>
    call.func !== undefined ? query.func === call.func : call.queryKey !== undefined ? call.queryKey in query : true,
  );
}

/**
 * The spec's upload clients send the session code in the query as `key` (business.md 7.2:
 * `kosten_upload.php?key=…&id_k=…`); upload calls read it as `code` (a `code` field of the body wins).
 */
export const UPLOAD_CODE_KEY = 'key';

/** The session code an upload request names in its query (`key`, else `code`), or ''. */
export function uploadQueryCode(request: FastifyRequest): string {
  const query = queryOf(request);
  const code = query[UPLOAD_CODE_KEY] ?? query.code;
  return typeof code === 'string' ? code : '';
}

/** The request's fields: the query (less the dispatch keys) merged with the body. */
function inputOf(request: FastifyRequest, call: CallDefinition): Record<string, unknown> | null {
  // Copied key by key, not by object rest and spread (see the handler's context below); a '__proto__'
  // field is no field of any call and would set the copy's prototype.
  const input: Record<string, unknown> = {};
  const query = queryOf(request);
  for (const key of Object.keys(query)) {
    if (key === UPLOAD_CODE_KEY && call.upload !== undefined) input.code = query[key];
    else if (key !== 'func' && key !== call.queryKey && key !== '__proto__') input[key] = query[key];
  }
  const body = request.body;
  if (body === undefined || body === null || body === '') return input;
  if (typeof body !== 'object' || Array.isArray(body)) return null;
  const fields = body as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (key !== '__proto__') input[key] = fields[key];
  return input;
}

/**
 * One dispatcher for every call: it finds the handler by path and func/query key, resolves the
 * session, checks the declared rights, validates the input with the call's schema and turns
 * expected failures into their documented statuses. Handlers never see raw bodies.
 */
export function registerCalls(fastify: FastifyInstance, app: AppContext, calls: readonly CallDefinition[]): void {
  const byPath = new Map<string, CallDefinition[]>();
  for (const call of calls) {
    const list = byPath.get(call.path) ?? [];
    list.push(call);
    byPath.set(call.path, list);
  }

  for (const [path, pathCalls] of byPath) {
    const methods = pathCalls.some((call) => call.allowGet) ? ['GET', 'POST'] : ['POST'];
    fastify.route({
      method: methods as ('GET' | 'POST')[],
      url: path,
      handler: async (request, reply) => {
        const call = pickCall(pathCalls, queryOf(request));
        if (!call || (request.method === 'GET' && !call.allowGet)) {
          return sendReply(reply, { status: 'notFound', message: messages.unknownCall });
        }
        const raw = inputOf(request, call);
        if (raw === null) {
          return sendReply(reply, { status: 'validationError', message: messages.malformedRequest, errors: {} });
        }
        const rawNul = nulCharacterErrors(raw);
        if (rawNul) return sendReply(reply, rawNul);
        const code = typeof raw.code === 'string' ? raw.code : '';
        const session = code === '' ? null : await loadSessionUser(app.db, code);
        if (call.auth === 'session') {
          if (!session) return sendReply(reply, { status: 'accessError', message: messages.accessDenied });
          if (!hasCallRight(session.user, call.rights)) {
            return sendReply(reply, { status: 'noRight', message: messages.accessDenied });
          }
        }
        const parsed = safeParseReporting(call.request, raw);
        if (!parsed.success) {
          return sendReply(reply, {
            status: 'validationError',
            message: messages.validationFailed,
            errors: fieldErrors(parsed.error),
          });
        }
        const parsedNul = nulCharacterErrors(parsed.data);
        if (parsedNul) return sendReply(reply, parsedNul);
        const action = actionOf(call, parsed.data);
        if (action && session && !hasCallRight(session.user, call.spec?.actions?.rightsOf(action.type))) {
          return sendReply(reply, { status: 'noRight', message: messages.accessDenied });
        }
        const base = { request, reply, app, input: parsed.data, code };
        try {
          // The signed-in user acts in every write of the call (the Protokoll's triggers read it).
          const result =
            call.auth === 'session' && session
              ? await actingAs(session.user.id, () =>
                  call.handle(handlerContext(base, session.user, session.sessionId)),
                )
              : call.auth === 'public'
                ? session
                  ? await actingAs(session.user.id, () =>
                      call.handle(handlerContext(base, session.user, session.sessionId)),
                    )
                  : await call.handle(handlerContext(base, null, null))
                : null;
          if (result === null) return sendReply(reply, { status: 'accessError', message: messages.accessDenied });
          if (isFileReply(result)) return sendFile(reply, result);
          // Calls declared with `delta` answer what changed since the version the client holds (delta.ts).
          if (call.spec?.delta && session && jsonBodyOf(result) === undefined) {
            return sendReply(reply, answerWithChanges(app.db, call.spec, session.user.id, raw, result));
          }
          return sendReply(reply, result);
        } catch (error) {
          if (error instanceof CallError) {
            if (error.status === 'validationError') {
              const errors = prefixErrors(error.errors, errorPrefixOf(call, action));
              return sendReply(reply, { status: error.status, message: error.message, errors });
            }
            return sendReply(reply, { status: error.status, message: error.message });
          }
          if (error instanceof ZodError) {
            return sendReply(reply, {
              status: 'validationError',
              message: messages.validationFailed,
              errors: fieldErrors(error),
            });
          }
          throw error;
        }
      },
    });
  }
}

/**
 * A handler's context as one literal, no spread of a shared base: V8 may place an object spread's copy
 * straight in the old generation, where it kept the request's young objects alive through minor
 * collections (about 0.5 KB promoted per call, measured) until a full collection.
 */
function handlerContext<U extends LoadedUser | null, S extends number | null>(
  base: { request: FastifyRequest; reply: FastifyReply; app: AppContext; input: unknown; code: string },
  user: U,
  sessionId: S,
) {
  const { request, reply, app, input, code } = base;
  return { input, app, db: app.db, code, clientAddress: request.ip, request, reply, user, sessionId };
}

/** The parsed action of a call with an action field (null: a plain load or no action field). */
function actionOf(call: CallDefinition, input: unknown): { type: string } | null {
  const key = call.spec?.actionKey;
  if (key === undefined || typeof input !== 'object' || input === null) return null;
  const action = (input as Record<string, unknown>)[key];
  const typeKey = call.spec?.actions?.typeKey ?? 'type';
  if (typeof action !== 'object' || action === null) return null;
  const type = (action as Record<string, unknown>)[typeKey];
  return typeof type === 'string' ? { type } : null;
}

function errorPrefixOf(call: CallDefinition, action: { type: string } | null): string {
  if (typeof call.errorPrefix === 'function') return call.errorPrefix(action?.type ?? null);
  if (call.errorPrefix !== undefined) return call.errorPrefix;
  return action && call.spec?.actionKey ? `${call.spec.actionKey}.data.` : '';
}

/** Services key errors by their own input fields; the reply names the wire fields. '_' stays general. */
function prefixErrors(errors: FieldErrors, prefix: string): FieldErrors {
  if (prefix === '') return errors;
  return Object.fromEntries(Object.entries(errors).map(([key, list]) => [key === '_' ? key : `${prefix}${key}`, list]));
}

function sendFile(reply: FastifyReply, file: FileReply): FastifyReply {
  const size = 'bytes' in file ? file.bytes.length : file.size;
  return reply
    .code(200)
    .header('content-type', file.mime)
    .header('content-length', String(size))
    .header('content-disposition', contentDisposition(file.downloadName))
    .header('cache-control', 'private, no-store')
    .send('bytes' in file ? file.bytes : file.stream);
}

/** Deeper nesting than any call's input has is bad input (and must not exhaust the stack). */
export const INPUT_DEPTH_MAX = 32;

/** True when no text holds a NUL character and nothing nests deeper than INPUT_DEPTH_MAX (runs every call). */
function isCleanAndShallow(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return !value.includes('\u0000');
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return true;
  if (depth >= INPUT_DEPTH_MAX) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!isCleanAndShallow(item, depth + 1)) return false;
    return true;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (!isCleanAndShallow((value as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

/**
 * Text with a NUL character is never legitimate input, and PostgreSQL refuses it in text columns (which
 * would surface as a server error). Checked on the raw fields before the session lookup and again on the
 * parsed input, where JSON fields may carry it escaped. The walk is iterative and refuses nesting beyond
 * INPUT_DEPTH_MAX. Answers the validation reply, or null.
 */
function nulCharacterErrors(value: unknown): ErrorReply | null {
  // Nearly every input is clean and shallow: a check without building field paths answers those.
  if (isCleanAndShallow(value, 0)) return null;
  const paths: string[] = [];
  const pending: { entry: unknown; path: string; depth: number }[] = [{ entry: value, path: '', depth: 0 }];
  const child = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { entry, path, depth } = next;
    if (typeof entry === 'string') {
      if (entry.includes('\u0000')) paths.push(path);
    } else if (entry !== null && typeof entry === 'object' && !Buffer.isBuffer(entry)) {
      if (depth >= INPUT_DEPTH_MAX) {
        return {
          status: 'validationError',
          message: messages.nestedTooDeep,
          errors: { [path || 'input']: [messages.nestedTooDeep] },
        };
      }
      const entries = Array.isArray(entry)
        ? entry.map((item, index) => [String(index), item] as const)
        : Object.entries(entry);
      for (const [key, item] of entries) pending.push({ entry: item, path: child(path, key), depth: depth + 1 });
    }
  }
  if (paths.length === 0) return null;
  return {
    status: 'validationError',
    message: messages.validationFailed,
    errors: Object.fromEntries(paths.reverse().map((path) => [path || 'input', [validationMessages.charset]])),
  };
}
