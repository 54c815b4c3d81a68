import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { moduleSettings } from '../db/schema';

/**
 * Settings of a module, stored as one JSON value per module code (table module_settings). Each
 * module owns the shape of its value and passes its zod schema; the platform only stores it.
 * Not cached: module settings are read by the module's own calls only.
 */

/** The module's settings, parsed by `schema`; `defaults` when nothing is stored or the stored value no longer fits. */
export async function readModuleSettings<S extends z.ZodType>(
  db: Db,
  code: string,
  schema: S,
  defaults: z.output<S>,
): Promise<z.output<S>> {
  const [row] = await db
    .select({ value: moduleSettings.value })
    .from(moduleSettings)
    .where(eq(moduleSettings.moduleCode, code))
    .limit(1);
  if (!row) return defaults;
  const parsed = schema.safeParse(row.value);
  return parsed.success ? parsed.data : defaults;
}

/** Replaces the module's settings with `value` (the caller has validated it). */
export async function writeModuleSettings(db: Db, code: string, value: unknown): Promise<void> {
  await db
    .insert(moduleSettings)
    .values({ moduleCode: code, value })
    .onConflictDoUpdate({ target: moduleSettings.moduleCode, set: { value: sql`excluded.value` } });
}
