import { hash, randomInt } from 'node:crypto';
import {
  heldVersion,
  snapshotOf,
  type CallSpec,
  type DeltaShape,
  type RowId,
  type SnapshotDelta,
} from '@hortus/contract';
import type { CallReply } from './calls';

/**
 * Answers with what changed (issue 35; contract platform/delta.ts). The platform turns any snapshot
 * builder into a delta builder: the module's handler builds its full snapshot as always, and a
 * `VersionLog` per caller and call (a "scope") keeps a change stamp per row — the version at which the
 * row's content last changed, found by a hash of its JSON — plus a removals log. A client that sends a
 * version this log issued gets the rows stamped after it, the removals after it and the changed other
 * fields. Stamping by content rather than at each write site catches every change a row of the reply can
 * have, including those without a write to the row itself (a class renamed inside a child's row, a right
 * taken away, the day that changes today's status), and asks nothing of the modules' save functions.
 * The logs live in memory: after a restart, on another server or past the last versions kept, a
 * version is unknown and the reply is the full snapshot (which the client takes as a fresh load).
 */

interface Stamped {
  hash: string;
  stamp: number;
}

/** How many issued versions per scope a client may still hold and get a delta for. */
const VERSIONS_KEPT = 64;
/** How many scopes (caller × call × parameters) are kept; the least recently used is dropped first. */
const SCOPES_KEPT = 500;

function digest(value: unknown): string {
  return hash('sha1', JSON.stringify(value) ?? 'undefined', 'base64');
}

/**
 * Every stamp issued in this process is unique and increasing: a version names one scope's snapshot only.
 * Its last three digits are this process's own (random) number, so a version issued by another server on
 * the same database (behind a balancer) is, but for a one-in-a-thousand chance, unknown here and answered
 * in full instead of as a delta against a different snapshot. (ms × 1000 stays below 2^53 until the year 2255.)
 */
const processSalt = randomInt(1000);
let lastStamp = 0;
function nextStamp(now: number): number {
  lastStamp = Math.max(now * 1000 + processSalt, lastStamp + 1000);
  return lastStamp;
}

/** The change stamps of one scope's snapshot. Pure apart from the clock; see the file comment. */
export class VersionLog {
  private readonly rows = new Map<string, Stamped>();
  private readonly removed = new Map<string, number>();
  private readonly fields = new Map<string, Stamped>();
  private readonly orders = new Map<string, Stamped>();
  private readonly issued: number[] = [];
  private version = 0;

  constructor(private readonly shape: DeltaShape) {}

  /** The version of the newest snapshot recorded. */
  get current(): number {
    return this.version;
  }

  knows(version: number): boolean {
    return this.issued.includes(version);
  }

  /**
   * Records a freshly built snapshot and answers its version: the current one when nothing changed, else
   * a new stamp given to every row, field and order that changed. Null when a list's ids are not unique
   * (then no delta can name its rows and the caller answers in full).
   */
  record(snapshot: Readonly<Record<string, unknown>>, now = Date.now()): number | null {
    const lists = new Map<string, Map<RowId, string>>();
    for (const [list, field] of Object.entries(this.shape.collections)) {
      const rows = snapshot[list];
      const hashes = new Map<RowId, string>();
      for (const row of Array.isArray(rows) ? rows : []) {
        const id = typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[field] : undefined;
        if ((typeof id !== 'number' && typeof id !== 'string') || hashes.has(id)) return null;
        hashes.set(id, digest(row));
      }
      lists.set(list, hashes);
    }
    const changes: (() => void)[] = [];
    const stampIf = (map: Map<string, Stamped>, key: string, value: string) => {
      if (map.get(key)?.hash !== value) changes.push(() => map.set(key, { hash: value, stamp: this.version }));
    };
    for (const [key, value] of Object.entries(snapshot)) {
      if (key !== 'xtime' && !(key in this.shape.collections)) stampIf(this.fields, key, digest(value));
    }
    for (const key of this.fields.keys()) {
      if (!(key in snapshot)) changes.push(() => this.fields.set(key, { hash: '', stamp: this.version }));
    }
    for (const [list, hashes] of lists) {
      stampIf(this.orders, list, digest([...hashes.keys()]));
      for (const [id, rowHash] of hashes) {
        const key = rowKey(list, id);
        if (this.rows.get(key)?.hash !== rowHash) {
          changes.push(() => {
            this.rows.set(key, { hash: rowHash, stamp: this.version });
            this.removed.delete(key);
          });
        }
      }
    }
    for (const key of this.rows.keys()) {
      const [list, id] = splitKey(key);
      if (!lists.get(list)?.has(id)) {
        changes.push(() => {
          this.rows.delete(key);
          this.removed.set(key, this.version);
        });
      }
    }
    if (changes.length > 0 || this.version === 0) {
      this.version = nextStamp(now);
      for (const change of changes) change();
      this.issued.push(this.version);
      if (this.issued.length > VERSIONS_KEPT) this.dropOldest();
    }
    return this.version;
  }

  /** What changed after `since` (a version this log knows) up to the current version, given the snapshot. */
  deltaSince(since: number, snapshot: Readonly<Record<string, unknown>>): SnapshotDelta {
    const delta: SnapshotDelta = {
      since,
      xtime: this.version,
      unchanged: since === this.version,
      set: {},
      rows: {},
      removed: {},
      order: {},
    };
    if (delta.unchanged) return delta;
    for (const [key, entry] of this.fields) if (entry.stamp > since) delta.set[key] = snapshot[key];
    for (const [list, field] of Object.entries(this.shape.collections)) {
      const rows = Array.isArray(snapshot[list]) ? (snapshot[list] as Record<string, unknown>[]) : [];
      const changed = rows.filter((row) => (this.rows.get(rowKey(list, row[field] as RowId))?.stamp ?? 0) > since);
      if (changed.length > 0) delta.rows[list] = changed;
      if ((this.orders.get(list)?.stamp ?? 0) > since) delta.order[list] = rows.map((row) => row[field] as RowId);
    }
    for (const [key, stamp] of this.removed) {
      if (stamp <= since) continue;
      const [list, id] = splitKey(key);
      (delta.removed[list] ??= []).push(id);
    }
    return delta;
  }

  /** Forgets the oldest version; removals no kept version needs any more go with it. */
  private dropOldest(): void {
    this.issued.shift();
    const oldest = this.issued[0] ?? this.version;
    for (const [key, stamp] of this.removed) if (stamp <= oldest) this.removed.delete(key);
  }
}

/** Row keys keep the id's type: a number and a numeric string are different ids. */
function rowKey(list: string, id: RowId): string {
  return `${list}\u0000${typeof id === 'number' ? 'n' : 's'}${id}`;
}

function splitKey(key: string): [string, RowId] {
  const at = key.indexOf('\u0000');
  const raw = key.slice(at + 2);
  return [key.slice(0, at), key[at + 1] === 'n' ? Number(raw) : raw];
}

/** The logs of one server process (per database handle, so test apps do not share them). */
const logsByOwner = new WeakMap<object, Map<string, VersionLog>>();

function logFor(owner: object, scope: string, shape: DeltaShape): VersionLog {
  let logs = logsByOwner.get(owner);
  if (!logs) {
    logs = new Map();
    logsByOwner.set(owner, logs);
  }
  let log = logs.get(scope);
  if (log) logs.delete(scope);
  else log = new VersionLog(shape);
  logs.set(scope, log); // most recently used last
  if (logs.size > SCOPES_KEPT) {
    const oldest = logs.keys().next().value;
    if (oldest !== undefined) logs.delete(oldest);
  }
  return log;
}

/** The fields that choose what a snapshot holds (e.g. a year), not the session, version or action. */
function scopeOf(spec: CallSpec, userId: number, input: Readonly<Record<string, unknown>>): string {
  const parameters: [string, unknown][] = [];
  for (const key of Object.keys(input).sort()) {
    if (key !== 'code' && key !== 'xtime' && key !== spec.actionKey) parameters.push([key, input[key]]);
  }
  return `${userId}\u0000${spec.url}\u0000${JSON.stringify(parameters)}`;
}

/**
 * The reply of a call declared with `delta` to a request that sends `xtime` (0 or empty: "I hold nothing
 * yet"): when it names a version this scope knows, the reply's other fields with `delta` in place of the
 * snapshot; else the full reply with the snapshot's `xtime` set to its version. A request without the
 * field gets the handler's reply as it is and costs no hashing. The handler's reply object is not changed
 * (it may be cached).
 */
export function answerWithChanges(
  owner: object,
  spec: CallSpec,
  userId: number,
  input: Readonly<Record<string, unknown>>,
  reply: CallReply,
): CallReply {
  const shape = spec.delta;
  // Without the field (the specification's client) the reply is the module's own, and nothing is recorded.
  if (!shape || input.xtime === undefined) return reply;
  const snapshot = snapshotOf(reply, shape);
  const log = logFor(owner, scopeOf(spec, userId, input), shape);
  const version = log.record(snapshot);
  if (version === null) return reply;
  const held = heldVersion.parse(input.xtime);
  if (held !== undefined && log.knows(held)) {
    const answer: CallReply = { status: reply.status };
    for (const key of Object.keys(reply)) if (key !== shape.snapshot) answer[key] = reply[key];
    if (shape.snapshot === null) {
      for (const key of Object.keys(snapshot)) if (key !== 'status') delete answer[key];
    }
    answer.delta = log.deltaSince(held, snapshot);
    return answer;
  }
  const versioned: Record<string, unknown> = {};
  for (const key of Object.keys(snapshot)) versioned[key] = snapshot[key];
  versioned.xtime = version;
  if (shape.snapshot === null) return versioned as CallReply;
  const full: CallReply = { status: reply.status };
  for (const key of Object.keys(reply)) full[key] = key === shape.snapshot ? versioned : reply[key];
  return full;
}
