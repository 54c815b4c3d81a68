import { z } from 'zod';

/**
 * Answers with what changed (issue 35). A load or save of a call declared with `delta` that sends the
 * version it holds (`xtime`, the snapshot's own version stamp, next to `code`) gets only what changed
 * since then: changed or new rows of the snapshot's lists, the removed ids, changed other fields and the
 * new `xtime`. With `xtime` 0 (the device holds nothing yet) or a version the server does not know (too
 * old, from before a restart, from another server) the reply is the full snapshot, its `xtime` a version
 * the client can send next time. Without the field (the specification's client) the reply is the
 * module's full snapshot exactly as before.
 */

/** Which parts of a snapshot go row by row. */
export interface DeltaShape {
  /** Where the snapshot sits in the reply: a field (`save`) or the reply itself (null). */
  readonly snapshot: string | null;
  /** The snapshot's lists of rows, each with the field that identifies a row (unique within the list). */
  readonly collections: Readonly<Record<string, string>>;
}

export type RowId = number | string;

/** What changed between the version a client holds (`since`) and the new one (`xtime`). */
export interface SnapshotDelta {
  since: number;
  xtime: number;
  /** True when nothing changed (then `xtime` equals `since` and everything else is empty). */
  unchanged: boolean;
  /** Fields other than the lists whose value changed, with their new value. */
  set: Record<string, unknown>;
  /** Changed or new rows per list. */
  rows: Record<string, unknown[]>;
  /** Ids of rows that left a list. */
  removed: Record<string, RowId[]>;
  /** A list's ids in their new order, only when the order changed. */
  order: Record<string, RowId[]>;
}

const rowId = z.union([z.number(), z.string()]);

export const snapshotDelta: z.ZodType<SnapshotDelta> = z.object({
  since: z.number(),
  xtime: z.number(),
  unchanged: z.boolean(),
  set: z.record(z.string(), z.unknown()),
  rows: z.record(z.string(), z.array(z.unknown())),
  removed: z.record(z.string(), z.array(rowId)),
  order: z.record(z.string(), z.array(rowId)),
});

/** The reply of a delta: the call's other reply fields (status, neuPW, …) and `delta` instead of the snapshot. */
export const deltaReply = z.looseObject({ status: z.literal('success'), delta: snapshotDelta });
export type DeltaReply = z.infer<typeof deltaReply>;

/**
 * The version a client holds. Read tolerantly: empty, 0 or anything that is not a positive whole number
 * means "no version", so the reply is the full snapshot; the field never refuses a request.
 */
export const heldVersion = z
  .unknown()
  .transform((value): number | undefined => {
    const number =
      typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : NaN;
    return Number.isSafeInteger(number) && number > 0 ? number : undefined;
  })
  .optional();

function idOf(row: unknown, field: string): RowId {
  const id = typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[field] : undefined;
  if (typeof id !== 'number' && typeof id !== 'string') throw new Error(`Row without id field '${field}'`);
  return id;
}

/** The snapshot part of a reply (the reply itself when the shape names no field). */
export function snapshotOf(reply: Record<string, unknown>, shape: DeltaShape): Record<string, unknown> {
  if (shape.snapshot === null) return reply;
  const snapshot = reply[shape.snapshot];
  if (typeof snapshot !== 'object' || snapshot === null) throw new Error('Reply without snapshot');
  return snapshot as Record<string, unknown>;
}

/**
 * The snapshot at the delta's version, from the snapshot at its `since` version: fields set, rows
 * replaced or added, removed ids dropped, lists put in the sent order (else: kept rows in their old
 * order, new rows after them). Pure; the caller validates the result with the call's reply schema.
 */
export function applyDelta(
  held: Readonly<Record<string, unknown>>,
  delta: SnapshotDelta,
  shape: DeltaShape,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...held, ...delta.set, xtime: delta.xtime };
  for (const [list, field] of Object.entries(shape.collections)) {
    const old = Array.isArray(held[list]) ? (held[list] as unknown[]) : [];
    const changed = delta.rows[list] ?? [];
    const removed = delta.removed[list] ?? [];
    if (changed.length === 0 && removed.length === 0 && !delta.order[list]) continue;
    const byId = new Map<RowId, unknown>(old.map((row) => [idOf(row, field), row]));
    for (const id of removed) byId.delete(id);
    const fresh: RowId[] = [];
    for (const row of changed) {
      const id = idOf(row, field);
      if (!byId.has(id)) fresh.push(id);
      byId.set(id, row);
    }
    const order = delta.order[list] ?? [...old.map((row) => idOf(row, field)).filter((id) => byId.has(id)), ...fresh];
    next[list] = order.flatMap((id) => (byId.has(id) ? [byId.get(id)] : []));
  }
  return next;
}

/** The full reply from a delta reply and the snapshot the client held. */
export function replyFromDelta(
  reply: DeltaReply,
  held: Readonly<Record<string, unknown>>,
  shape: DeltaShape,
): Record<string, unknown> {
  const snapshot = applyDelta(held, reply.delta, shape);
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(reply)) if (key !== 'delta') rest[key] = value;
  return shape.snapshot === null ? { ...snapshot, ...rest } : { ...rest, [shape.snapshot]: snapshot };
}
