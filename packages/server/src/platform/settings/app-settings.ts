import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  accessibilityStates,
  defaultAccessibilityStatement,
  emptyFacility,
  emptyLegalContact,
  isEmptyFacility,
  rules,
  type LoginScreenData,
} from '@hortus/contract';
import type { Db } from '../db/database';
import { appSettings } from '../db/schema';
import { cacheScope, invalidate } from '../cache/hot-cache';

/** A stored contact: each field read on its own, so one odd value never empties the others. */
const storedContact = z
  .object({
    name: z.string().catch(''),
    anschrift: z.string().catch(''),
    email: z.string().catch(''),
    telefon: z.string().catch(''),
  })
  .catch(emptyLegalContact);

/** The stored facility: each field read on its own, like a contact. */
const storedFacility = z
  .object({
    name: z.string().catch(''),
    strasse: z.string().catch(''),
    hausnummer: z.string().catch(''),
    plz: z.string().catch(''),
    ort: z.string().catch(''),
    telefon: z.string().catch(''),
    email: z.string().catch(''),
    oeffnungszeiten: z.string().catch(''),
  })
  .catch(emptyFacility);

const statementDefault = defaultAccessibilityStatement;
const storedStatement = z
  .object({
    stand: z.enum(accessibilityStates).catch(statementDefault.stand),
    einschraenkungen: z.string().catch(statementDefault.einschraenkungen),
    kontaktEmail: z.string().catch(''),
    datum: z.string().catch(''),
    schlichtungsstelle: z.string().catch(statementDefault.schlichtungsstelle),
    schlichtungsstelleUrl: z.string().catch(statementDefault.schlichtungsstelleUrl),
  })
  .catch(statementDefault);

const appSettingsSchema = z.object({
  app_titel: z.string().catch('Hortus'),
  app_untertitel: z.string().catch(''),
  app_url: z.string().catch(''),
  app_theme_color_primary: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .catch('#2e7d32'),
  loginscreen_welcomeText: z.string().catch(''),
  loginscreen_bg_color: z.string().catch('#e8f5e9'),
  loginscreen_bg_img: z.string().catch(''),
  loginscreen_infos: z.array(z.object({ titel: z.string(), text: z.string() })).catch([]),
  verantwortlicher: storedContact,
  datenschutzbeauftragter: storedContact,
  barrierefreiheit: storedStatement,
  einrichtung: storedFacility,
  /** Enabled module codes; null until an administrator chooses (then every module is on). */
  useF: z.array(z.string()).nullable().catch(null),
});

export type AppSettings = z.infer<typeof appSettingsSchema>;
export type AppSettingKey = keyof AppSettings;

const keys = Object.keys(appSettingsSchema.shape) as AppSettingKey[];

export async function readAppSettings(db: Db): Promise<AppSettings> {
  const rows = await db.select().from(appSettings).where(inArray(appSettings.key, keys));
  const raw: Record<string, unknown> = {};
  for (const row of rows) raw[row.key] = row.value;
  return appSettingsSchema.parse(raw);
}

export async function writeAppSettings(db: Db, values: Partial<AppSettings>): Promise<void> {
  try {
    await writeSettingRows(db, values);
  } finally {
    // The org scope holds the app settings (org-data.ts reads them; invalidateOrgData does the same).
    await invalidate(db, cacheScope.org);
  }
}

async function writeSettingRows(db: Db, values: Partial<AppSettings>): Promise<void> {
  const cleared = Object.entries(values)
    .filter(([, value]) => value === null)
    .map(([key]) => key);
  if (cleared.length > 0) await db.delete(appSettings).where(inArray(appSettings.key, cleared));
  const entries = Object.entries(values).filter(([, value]) => value !== undefined && value !== null);
  if (entries.length === 0) return;
  await db
    .insert(appSettings)
    .values(entries.map(([key, value]) => ({ key, value })))
    .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`excluded.value` } });
}

export function loginScreenOf(settings: AppSettings): LoginScreenData {
  return {
    app_titel: settings.app_titel,
    app_untertitel: settings.app_untertitel,
    app_theme_color_primary: settings.app_theme_color_primary,
    loginscreen_bg_color: settings.loginscreen_bg_color,
    // Values stored before addresses were limited to http(s) are not handed out.
    loginscreen_bg_img: rules.httpUrl(settings.loginscreen_bg_img) === null ? settings.loginscreen_bg_img : '',
    loginscreen_welcomeText: settings.loginscreen_welcomeText,
    loginscreen_infos: settings.loginscreen_infos,
    ...(isEmptyFacility(settings.einrichtung) ? {} : { einrichtung: settings.einrichtung }),
  };
}
