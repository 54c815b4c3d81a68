import { z } from 'zod';
import { sessionCode } from './api';
import { callUrl } from './login-route-calls';
import { actionSetOf, type ActionMap, type ActionSet } from './wire';
import { heldVersion, type DeltaShape } from './delta';

/** Default time-out of a call in the browser (core.md section 9: 10 s for most calls). */
export const DEFAULT_CALL_TIMEOUT_MS = 10_000;

type RequestShape = Record<string, z.ZodType>;

/**
 * One call of the HTTP API, declared once: where it is (path and `?func=` or a bare query key), what it
 * takes and what it answers. The server dispatcher, the typed web client and the test helper all use it.
 */
export interface CallSpec<Shape extends RequestShape = RequestShape, Reply extends z.ZodType = z.ZodType> {
  /** Path without query, e.g. '/_api/100/150/'. */
  readonly path: string;
  /** Matches `?func=<func>`. */
  readonly func?: string;
  /** Matches a bare query key, e.g. `?getOrSaveSettings`. */
  readonly queryKey?: string;
  /** The request fields (the session code `code` is added by defineCallSpec). */
  readonly request: z.ZodObject<Shape & { code: typeof sessionCode }>;
  /** The success reply; error replies are the shared ErrorReply. */
  readonly reply: Reply;
  readonly timeoutMs: number;
  /**
   * The time-out when the call carries an action (a save through a getOrSave call) where the
   * specification gives saves their own (school.md 9: module 200 loads 15 s, saves 10 s).
   */
  readonly saveTimeoutMs: number | undefined;
  /** Also answered for GET (download links opened in a new window). */
  readonly allowGet: boolean;
  /** The request field that carries the module's actions (`dataToSave`), when there is one. */
  readonly actionKey: string | undefined;
  readonly actions: ActionSet | undefined;
  /** The URL the client posts to: path plus `?func=…` or `?key`. */
  readonly url: string;
  /**
   * Answers with what changed (platform/delta.ts): the request also takes `xtime`, the version the client
   * holds, and the reply is then a delta of the snapshot. Absent: the call always answers in full.
   */
  readonly delta: DeltaShape | undefined;
}

export interface CallSpecInput<Shape extends RequestShape, Reply extends z.ZodType> {
  path: string;
  func?: string;
  queryKey?: string;
  request: Shape;
  reply: Reply;
  timeoutMs?: number;
  saveTimeoutMs?: number;
  allowGet?: boolean;
  delta?: DeltaShape;
}

/** Declares a call (see CallSpec). The request is given as the object's fields; `code` is added. */
export function defineCallSpec<Shape extends RequestShape, Reply extends z.ZodType>(
  input: CallSpecInput<Shape, Reply>,
): CallSpec<Shape, Reply> {
  if (input.func !== undefined && input.queryKey !== undefined) {
    throw new Error(`Call ${input.path}: give func or queryKey, not both`);
  }
  // A call with deltas also reads the held version `xtime` (optional, tolerant: never refuses a request).
  const request = z.object({ ...input.request, ...(input.delta ? { xtime: heldVersion } : {}), code: sessionCode });
  const actionEntry = Object.entries(input.request).find(([, field]) => actionSetOf(field) !== undefined);
  return {
    path: input.path,
    ...(input.func !== undefined ? { func: input.func } : {}),
    ...(input.queryKey !== undefined ? { queryKey: input.queryKey } : {}),
    request: request as CallSpec<Shape, Reply>['request'],
    reply: input.reply,
    timeoutMs: input.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
    saveTimeoutMs: input.saveTimeoutMs,
    allowGet: input.allowGet ?? false,
    actionKey: actionEntry?.[0],
    actions: actionEntry ? actionSetOf(actionEntry[1]) : undefined,
    url: callUrl(input),
    delta: input.delta,
  };
}

/** What a client sends to a call: the request's input fields without the session code. */
export type CallRequestInput<S extends CallSpec> = Omit<z.input<S['request']>, 'code'>;
/** What a call answers on success. */
export type CallReplyOutput<S extends CallSpec> = z.output<S['reply']>;
/** What a handler returns for a call (the reply schema's input). */
export type CallReplyInput<S extends CallSpec> = z.input<S['reply']>;

/**
 * The request of a module's getOrSave call: the session code and the action field `dataToSave`
 * (missing/empty = load), plus any further fields.
 */
export function getOrSaveRequest<
  M extends ActionMap,
  K extends string = 'type',
  Extra extends RequestShape = Record<never, never>,
>(actions: ActionSet<M, K>, extra?: Extra): { dataToSave: ActionSet<M, K>['field'] } & Extra {
  return { ...(extra ?? ({} as Extra)), dataToSave: actions.field };
}

export { encodeCallFields } from './call-encoding';
export { callUrl, type CallTarget } from './login-route-calls';
