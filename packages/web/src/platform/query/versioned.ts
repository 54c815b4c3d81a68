import {
  deltaReply,
  replyFromDelta,
  type CallReplyOutput,
  type CallRequestInput,
  type CallSpec,
} from '@hortus/contract';
import { encodeCallFields } from '@hortus/contract/call-encoding';
import { postCall } from '../api/client';
import type { ReplySchema } from '../api/reply';

/**
 * Answers with what changed (issue 35; docs/api.md): calls declared with `delta` send the version of the
 * snapshot the device holds (`xtime`) and get only what changed since then. The reply is merged into the
 * held snapshot and the result validated as the full reply, so callers see the full reply as always. A
 * version the server does not know (too old, another server, after a restart) is answered in full, which
 * replaces the held snapshot.
 */

function versionOf(held: unknown): number | undefined {
  if (typeof held !== 'object' || held === null) return undefined;
  const xtime = (held as { xtime?: unknown }).xtime;
  return typeof xtime === 'number' && xtime > 0 ? xtime : undefined;
}

/** The reply schema of a versioned call: a full reply as it is, a delta merged into `held` first. */
function mergingSchema<S extends CallSpec>(spec: S, held: unknown): ReplySchema<CallReplyOutput<S>> {
  const full: S['reply'] = spec.reply;
  return {
    safeParse(body: unknown) {
      const delta = spec.delta && typeof held === 'object' && held !== null ? deltaReply.safeParse(body) : null;
      if (!delta?.success || !spec.delta) return full.safeParse(body);
      return full.safeParse(replyFromDelta(delta.data, held as Record<string, unknown>, spec.delta));
    },
  };
}

/**
 * `call(spec, input)` for a call with deltas, given the snapshot the device holds (the query's cached
 * data: the reply's `save`, or the whole reply for calls whose snapshot is the reply). Without one, or
 * for a call without deltas, it is an ordinary call.
 */
export function callWithVersion<S extends CallSpec>(
  spec: S,
  input: CallRequestInput<S>,
  held: unknown,
): Promise<CallReplyOutput<S>> {
  const xtime = spec.delta ? versionOf(held) : undefined;
  const fields: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  // 0: the device holds nothing yet, but wants a versioned snapshot it can send back later.
  if (spec.delta) fields.xtime = xtime ?? 0;
  const holding = xtime === undefined ? undefined : held;
  return postCall(spec.url, encodeCallFields(fields), mergingSchema(spec, holding), { timeoutMs: spec.timeoutMs });
}
