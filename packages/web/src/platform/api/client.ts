import type { CallReplyOutput, CallRequestInput, CallSpec } from '@hortus/contract';
import { encodeCallFields } from '@hortus/contract/call-encoding';
import { setOffline } from '../offline/offline-store';
import { clearPersistedCache } from '../query/persister';
import { clearStorage, getCode } from '../session/storage';
import { ApiError, NetworkError } from './errors';
import { encodeFields, readErrorBody, type ReplySchema } from './reply';

/** Default request time-out (core.md section 9: 10 s for most calls). */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** A contract reply schema, or a loader of one (keeps zod out of the login route's initial JavaScript). */
export type SchemaSource<T> = ReplySchema<T> | (() => Promise<ReplySchema<T>>);

export interface CallOptions {
  timeoutMs?: number;
  /** Overrides the session code sent with the call (defaults to the stored one). */
  code?: string;
}

let accessErrorHandled = false;

/** A copy of a multipart body with the session code as its first field. */
function withCode(code: string, fields: FormData): FormData {
  const body = new FormData();
  body.set('code', code);
  for (const [name, value] of fields) if (name !== 'code') body.append(name, value);
  return body;
}

/** The session is invalid: wipe stored data (device keys stay), then reload into the login screen. */
async function handleAccessError(): Promise<void> {
  if (accessErrorHandled) return;
  accessErrorHandled = true;
  clearStorage();
  await clearPersistedCache();
  location.reload();
}

/**
 * Calls the server by the contract's call spec: the input is typed by the spec's request (JSON-valued
 * fields are given as values and sent as JSON text), the reply is validated with the spec's reply
 * schema and typed by it; the spec's time-out applies. A FormData (multipart upload) is sent as it is.
 */
export function call<S extends CallSpec>(
  spec: S,
  input: CallRequestInput<S> | FormData,
  options?: CallOptions,
): Promise<CallReplyOutput<S>>;
export function call(
  target: CallSpec,
  input: Readonly<Record<string, unknown>> | FormData,
  options: CallOptions = {},
): Promise<unknown> {
  return postCall(target.url, input instanceof FormData ? input : encodeCallFields(input), target.reply, {
    timeoutMs: timeoutOf(target, input),
    ...options,
  });
}

/** The spec's time-out of a call: its save time-out when the call carries an action, else its own. */
export function timeoutOf(target: CallSpec, input: Readonly<Record<string, unknown>> | FormData): number {
  const key = target.actionKey;
  const action = key === undefined || input instanceof FormData ? undefined : input[key];
  const isSave = action !== undefined && action !== null && action !== '';
  return isSave && target.saveTimeoutMs !== undefined ? target.saveTimeoutMs : target.timeoutMs;
}

/**
 * Posts a call to the server as form data, always with the session code, and validates the reply with
 * the given schema. Network failures, time-outs and non-JSON replies set the offline flag and throw
 * a NetworkError; any JSON reply clears the flag. Error statuses throw an ApiError; 'accessError' also
 * wipes the session and reloads the page. Used directly only by the login route (which loads no zod).
 */
export async function postCall<T>(
  path: string,
  /** Form fields, or a FormData for multipart uploads (the session code is added to either). */
  fields: Readonly<Record<string, string>> | FormData,
  schema: SchemaSource<T>,
  options: CallOptions = {},
): Promise<T> {
  const schemaReady = typeof schema === 'function' ? schema() : Promise.resolve(schema);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(path, {
      method: 'POST',
      body:
        fields instanceof FormData
          ? withCode(options.code ?? getCode(), fields)
          : encodeFields(options.code ?? getCode(), fields),
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      signal: controller.signal,
    });
    body = await response.json();
  } catch {
    setOffline(true);
    throw new NetworkError();
  } finally {
    clearTimeout(timer);
  }
  setOffline(false);

  const errorBody = readErrorBody(body);
  if (errorBody) {
    if (errorBody.status === 'accessError') void handleAccessError();
    throw new ApiError(errorBody.status, errorBody.message, response.status, errorBody.errors);
  }
  const parsed = (await schemaReady).safeParse(body);
  if (!parsed.success) throw new ApiError('error', 'Unerwartete Antwort des Servers.', response.status);
  return parsed.data;
}
