import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';

/**
 * The per-database memory cache of the hot paths (docs/architecture.md "Hot paths"): sessions, users,
 * organisation data, module settings and what modules keep per version (dashboard messages, calendar
 * events). Entries live under a scope and a key; a write names the scope (and key) it changes with
 * `invalidate`, which
 * - clears the entry here at once, and again when the writing transaction ends (a reader that loaded
 *   the old rows meanwhile never keeps them);
 * - on PostgreSQL sends `pg_notify` through the same handle, so inside a transaction it is delivered on
 *   commit; every server listens on one connection and clears the same entries (all of them when the
 *   listening connection is (re)established); entries also expire after a short time as a safety net.
 * PGlite needs no notification: its data-folder lock guarantees a single process.
 *
 * The cache belongs to the database handle the app context holds, and every transaction handle opened
 * from it finds the same cache (`attachCache` wraps `transaction`), so a write through `tx` invalidates
 * what readers through `db` see.
 */

export const CACHE_CHANNEL = 'hortus_cache';
/** Safety net on PostgreSQL: an entry is reloaded at the latest after this long. */
export const CACHE_MAX_AGE_MS = 30_000;
/** Entries per scope (sessions, users): the oldest go first. */
export const CACHE_SCOPE_ENTRIES_MAX = 20_000;

/**
 * Scopes of the platform's data. `org`: app settings, menu links, groups with rights and parameters,
 * user parameters (and what is derived from them); `session` keyed by token hash; `user` keyed by user
 * id (name, groups, own rights, last view); `people`: anything about the users as a whole (names,
 * group memberships, parameter values — e.g. the calendar's birthdays); `moduleSettings` keyed by module
 * code. A module keeps its own data under `module:<code>`.
 */
export const cacheScope = {
  org: 'org',
  session: 'session',
  user: 'user',
  people: 'people',
  moduleSettings: 'module-settings',
  module: (code: string) => `module:${code}`,
} as const;

interface Entry {
  /** Tells this entry from any other of its key (`Reads` keeps the number, not the entry and its value). */
  readonly id: number;
  value: Promise<unknown>;
  loadedAt: number;
  /** Last time the entry was asked for (scopes with an idle limit drop it after that long). */
  usedAt: number;
}

let entryCount = 0;

export class HotCache {
  readonly #scopes = new Map<string, Map<string, Entry>>();
  readonly #maxAgeMs: number | null;
  readonly #entriesMax: number;

  constructor(options: { maxAgeMs: number | null; entriesMax?: number }) {
    this.#maxAgeMs = options.maxAgeMs;
    this.#entriesMax = options.entriesMax ?? CACHE_SCOPE_ENTRIES_MAX;
  }

  /**
   * The cached value of (scope, key), loaded once by `load`; a failed load is not kept. With `idleMs`, the
   * scope's entries are dropped once nobody asked for them that long (large data a request needed is
   * given back to the memory; the next request loads it again).
   */
  memo<T>(scope: string, key: string, load: () => PromiseLike<T>, options: { idleMs?: number } = {}): Promise<T> {
    let entries = this.#scopes.get(scope);
    if (!entries) {
      entries = new Map();
      this.#scopes.set(scope, entries);
    }
    const now = Date.now();
    if (options.idleMs !== undefined) this.#watchIdle(scope, options.idleMs);
    const hit = entries.get(key);
    if (hit && (this.#maxAgeMs === null || now - hit.loadedAt < this.#maxAgeMs)) {
      hit.usedAt = now;
      reading.getStore()?.add(this, scope, key, hit);
      return hit.value as Promise<T>;
    }
    if (hit) entries.delete(key);
    if (entries.size >= this.#entriesMax) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    // A Drizzle query is a lazy thenable that runs again on every `then`: resolve it once here.
    let value: Promise<T>;
    try {
      value = Promise.resolve(load());
    } catch (error) {
      value = Promise.reject(error as Error);
    }
    entryCount += 1;
    const entry: Entry = { id: entryCount, value, loadedAt: now, usedAt: now };
    const scopeEntries = entries;
    scopeEntries.set(key, entry);
    reading.getStore()?.add(this, scope, key, entry);
    value.catch(() => {
      if (scopeEntries.get(key) === entry) scopeEntries.delete(key);
    });
    return value;
  }

  readonly #idleLimits = new Map<string, number>();
  #sweepTimer: NodeJS.Timeout | null = null;

  #watchIdle(scope: string, idleMs: number): void {
    this.#idleLimits.set(scope, idleMs);
    if (this.#sweepTimer) return;
    const every = Math.min(...this.#idleLimits.values()) / 2;
    this.#sweepTimer = setTimeout(() => {
      this.#sweepTimer = null;
      this.sweepIdle(Date.now());
      const watched = [...this.#idleLimits.keys()].some((name) => this.size(name) > 0);
      if (watched) this.#watchIdle(scope, idleMs);
    }, every);
    this.#sweepTimer.unref();
  }

  /** Drops the entries of scopes with an idle limit that were not asked for that long before `now`. */
  sweepIdle(now: number): void {
    for (const [scope, idleMs] of this.#idleLimits) {
      const entries = this.#scopes.get(scope);
      if (!entries) continue;
      for (const [key, entry] of entries) if (now - entry.usedAt >= idleMs) entries.delete(key);
    }
  }

  /** Clears one key of a scope, or the whole scope. */
  clear(scope: string, key?: string): void {
    if (key === undefined) this.#scopes.delete(scope);
    else this.#scopes.get(scope)?.delete(key);
  }

  clearAll(): void {
    this.#scopes.clear();
  }

  /** Applies a notification payload ('scope' or 'scope\tkey'; '*' clears everything). */
  applyNotification(payload: string): void {
    if (payload === '*') return this.clearAll();
    const tab = payload.indexOf('\t');
    if (tab < 0) this.clear(payload);
    else this.clear(payload.slice(0, tab), payload.slice(tab + 1));
  }

  /**
   * Whether `entry` is still the cached value of (scope, key) and not expired: nothing invalidated, expired
   * or dropped it since it was read (counts as a use of it, like a hit).
   */
  holds(scope: string, key: string, entryId: number, now: number): boolean {
    const entry = this.#scopes.get(scope)?.get(key);
    if (entry?.id !== entryId) return false;
    if (this.#maxAgeMs !== null && now - entry.loadedAt >= this.#maxAgeMs) return false;
    entry.usedAt = now;
    return true;
  }

  /** Number of entries (tests and diagnostics). */
  size(scope: string): number {
    return this.#scopes.get(scope)?.size ?? 0;
  }
}

/**
 * The cache entries a value was built from (`recordReads`), and the time it holds until at the latest. A
 * value built only from cached data (and from what is derived from it by identity) is the same as long as
 * every entry it read is still the one cached: a write invalidates its entries (here at once, on other
 * servers by notification, again when its transaction ends), expiry and eviction drop them.
 */
export class Reads {
  /** Entries by number, not the entries themselves: a kept value must not keep old data alive. */
  readonly #reads: { cache: HotCache; scope: string; key: string; entryId: number }[] = [];
  /** While recording: the entries noted already (dropped when the recording ends). */
  #seen: Set<number> | null = new Set();
  #until = Infinity;

  add(cache: HotCache, scope: string, key: string, entry: Entry): void {
    this.#note(cache, scope, key, entry.id);
  }

  #note(cache: HotCache, scope: string, key: string, entryId: number): void {
    if (this.#seen === null || this.#seen.has(entryId)) return;
    this.#seen.add(entryId);
    this.#reads.push({ cache, scope, key, entryId });
  }

  /** The value changes at `time` by itself (e.g. a planned message's window opens): it holds until then. */
  until(time: number): void {
    if (time < this.#until) this.#until = time;
  }

  /** Merges what a nested recording read. */
  addAll(other: Reads): void {
    for (const read of other.#reads) this.#note(read.cache, read.scope, read.key, read.entryId);
    this.until(other.#until);
  }

  /** The recording ended: nothing more is noted. */
  seal(): void {
    this.#seen = null;
  }

  /** Whether the value built from these reads is still the same at `now` (no allocation: runs per call). */
  hold(now: number): boolean {
    if (now >= this.#until) return false;
    for (const read of this.#reads) if (!read.cache.holds(read.scope, read.key, read.entryId, now)) return false;
    return true;
  }

  /** Number of entries read (tests and diagnostics). */
  get size(): number {
    return this.#reads.length;
  }
}

const reading = new AsyncLocalStorage<Reads>();

/**
 * Runs `build` and answers its value with the cache entries it read (of every database's cache; a nested
 * recording's reads count for the outer one too). `build` must read the data it depends on through the
 * cache only (`remember`) and say when its value changes by itself (`holdsUntil`).
 */
export async function recordReads<T>(build: () => Promise<T>): Promise<{ value: T; reads: Reads }> {
  const reads = new Reads();
  const outer = reading.getStore();
  try {
    return { value: await reading.run(reads, build), reads };
  } finally {
    reads.seal();
    outer?.addAll(reads);
  }
}

/** Inside `recordReads`: the value being built changes by itself at `time` (a no-op outside). */
export function holdsUntil(time: number): void {
  reading.getStore()?.until(time);
}

interface HandleInfo {
  cache: HotCache;
  /** Whether writes notify other servers (PostgreSQL). */
  notify: boolean;
  /** Inside a transaction: what to clear again when the outermost transaction ends. */
  pending: [string, string | undefined][] | null;
}

const handles = new WeakMap<object, HandleInfo>();

/** Gives a database handle its cache (done by openPglite / openPostgres). */
export function attachCache(db: Db, cache: HotCache, options: { notify: boolean }): void {
  const info: HandleInfo = { cache, notify: options.notify, pending: null };
  handles.set(db, info);
  trackTransactions(db, info);
}

type TransactionFn = (work: (tx: Db) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/** Transactions opened from a known handle find its cache; pending clears run when the outermost one ends. */
function trackTransactions(handle: Db, info: HandleInfo): void {
  const target = handle as unknown as { transaction: TransactionFn };
  const original = target.transaction.bind(handle) as TransactionFn;
  target.transaction = async (work, config) => {
    const pending = info.pending ?? [];
    try {
      return await original(async (tx) => {
        const txInfo: HandleInfo = { cache: info.cache, notify: info.notify, pending };
        handles.set(tx, txInfo);
        trackTransactions(tx, txInfo);
        return work(tx);
      }, config);
    } finally {
      if (info.pending === null) for (const [scope, key] of pending) info.cache.clear(scope, key);
    }
  };
}

function infoOf(db: Db): HandleInfo {
  let info = handles.get(db);
  if (!info) {
    // A handle not opened through openPglite/openPostgres (never in the product): a cache of its own.
    info = { cache: new HotCache({ maxAgeMs: CACHE_MAX_AGE_MS }), notify: false, pending: null };
    handles.set(db, info);
  }
  return info;
}

export function cacheOf(db: Db): HotCache {
  return infoOf(db).cache;
}

/** Whether `db` is the database itself rather than a transaction (prepared statements live there). */
export function isRootHandle(db: Db): boolean {
  return infoOf(db).pending === null;
}

/** The cached value of (scope, key) for this database; `load` runs on a miss. */
export function remember<T>(
  db: Db,
  scope: string,
  key: string,
  load: () => PromiseLike<T>,
  options: { idleMs?: number } = {},
): Promise<T> {
  return infoOf(db).cache.memo(scope, key, load, options);
}

/**
 * Call at every write site of cached data, with the handle that writes (a transaction handle too):
 * clears here and, on PostgreSQL, on every other server once the write commits.
 */
export async function invalidate(db: Db, scope: string, key?: string | number): Promise<void> {
  const info = infoOf(db);
  const keyText = key === undefined ? undefined : String(key);
  info.cache.clear(scope, keyText);
  info.pending?.push([scope, keyText]);
  if (info.notify) {
    const payload = keyText === undefined ? scope : `${scope}\t${keyText}`;
    await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${payload})`);
  }
}

/** Beyond this many users a change clears the whole user scope instead of one key each. */
const USER_KEYS_MAX = 50;

/** A change to users (names, groups, own rights, parameter values): the people scope and those users. */
export async function invalidateUsers(db: Db, userIds: readonly number[] | 'all'): Promise<void> {
  await invalidate(db, cacheScope.people);
  if (userIds === 'all' || userIds.length > USER_KEYS_MAX) await invalidate(db, cacheScope.user);
  else for (const id of userIds) await invalidate(db, cacheScope.user, id);
}

/** Clears everything (restore of a backup); other servers too. */
export async function invalidateAll(db: Db): Promise<void> {
  const info = infoOf(db);
  info.cache.clearAll();
  if (info.notify) await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, '*')`);
}
