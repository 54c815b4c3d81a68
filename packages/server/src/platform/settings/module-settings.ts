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
  const stored = await remember(db, cacheScope.moduleSettings, code, async (): Promise<StoredModuleSettings> => {
    const [row] = await db
      .select({ value: moduleSettings.value })
      .from(moduleSettings)
      .where(eq(moduleSettings.moduleCode, code))
      .limit(1);
    return { value: row ? row.value : undefined, parsed: new Map() };
  });
  if (stored.value === undefined) return defaults;
  if (!stored.parsed.has(schema)) {
    const parsed = schema.safeParse(stored.value);
    stored.parsed.set(schema, parsed.success ? parsed.data : undefined);
  }
  const parsed = stored.parsed.get(schema) as z.output<S> | undefined;
  // Callers get their own copy: the cached value must never change under another request.
  return parsed === undefined ? defaults : structuredClone(parsed);
}

/** Replaces the module's settings with `value` (the caller has validated it). */
export async function writeModuleSettings(db: Db, code: string, value: unknown): Promise<void> {
  await db
    .insert(moduleSettings)
    .values({ moduleCode: code, value })
    .onConflictDoUpdate({ target: moduleSettings.moduleCode, set: { value: sql`excluded.value` } });
  await invalidate(db, cacheScope.moduleSettings, code);
}
