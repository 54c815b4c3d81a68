import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { moduleSettings } from '../db/schema';
import { cacheScope, invalidate, remember } from '../cache/hot-cache';

/**
 * Settings of a module, stored as one JSON value per module code (table module_settings). Each
 * module owns the shape of its value and passes its zod schema; the platform only stores it. Kept in
 * the hot cache (scope `moduleSettings`, keyed by code) with its parsed forms; writeModuleSettings
 * invalidates it (on every server).
 */

interface StoredModuleSettings {
  /** undefined: nothing stored. */
  value: unknown;
  parsed: Map<z.ZodType, unknown>;
}

/** The module's settings, parsed by `schema`; `defaults` when nothing is stored or the stored value no longer fits. */
export async function readModuleSettings<S extends z.ZodType>(
  db: Db,
  code: string,
  schema: S,
  defaults: z.output<S>,
): Promise<z.output<S>> {
  const shared = await readSharedModuleSettings(db, code, schema, defaults);
  // Callers get their own copy to change as they like; the cached value never changes under another request.
  return shared === defaults ? defaults : structuredClone(shared as z.output<S>);
}

/**
 * The module's settings as the one frozen value every request shares, without a copy: for the hot paths
 * (dashboard, calendar) that read them on every call and only read them.
 */
export async function readSharedModuleSettings<S extends z.ZodType>(
  db: Db,
  code: string,
  schema: S,
  defaults: z.output<S>,
): Promise<DeepReadonly<z.output<S>>> {
  const stored = await remember(db, cacheScope.moduleSettings, code, async (): Promise<StoredModuleSettings> => {
    const [row] = await db
      .select({ value: moduleSettings.value })
      .from(moduleSettings)
      .where(eq(moduleSettings.moduleCode, code))
      .limit(1);
    return { value: row ? row.value : undefined, parsed: new Map() };
  });
  if (stored.value === undefined) return defaults as DeepReadonly<z.output<S>>;
  if (!stored.parsed.has(schema)) {
    const parsed = schema.safeParse(stored.value);
    stored.parsed.set(schema, parsed.success ? deepFreeze(parsed.data) : undefined);
  }
  const parsed = stored.parsed.get(schema) as z.output<S> | undefined;
  return (parsed === undefined ? defaults : parsed) as DeepReadonly<z.output<S>>;
}

/** A value no caller may change: what the cache hands to every request. */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer E)[]
    ? readonly DeepReadonly<E>[]
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Replaces the module's settings with `value` (the caller has validated it). */
export async function writeModuleSettings(db: Db, code: string, value: unknown): Promise<void> {
  await db
    .insert(moduleSettings)
    .values({ moduleCode: code, value })
    .onConflictDoUpdate({ target: moduleSettings.moduleCode, set: { value: sql`excluded.value` } });
  await invalidate(db, cacheScope.moduleSettings, code);
}
