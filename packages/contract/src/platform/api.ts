import { z } from 'zod';
import type { FieldErrors } from './schema';

/**
 * Reply statuses shared by every call. `accessError`: no valid session (the client wipes its
 * storage and reloads). `noRight`: a valid session without the needed right (no data).
 * `validationError`: bad input, with German messages per field, nothing written.
 */
export const replyStatus = {
  success: 'success',
  accessError: 'accessError',
  noRight: 'noRight',
  validationError: 'validationError',
  notFound: 'notFound',
  tooLarge: 'tooLarge',
  conflict: 'conflict',
  error: 'error',
} as const;

export type ErrorReply =
  | { status: 'accessError'; message: string }
  | { status: 'noRight'; message: string }
  | { status: 'validationError'; message: string; errors: FieldErrors }
  | { status: 'notFound'; message: string }
  | { status: 'tooLarge'; message: string }
  /** A save based on an older version of the record (see platform/versions): nothing was changed. */
  | { status: 'conflict'; message: string }
  | { status: 'error'; message: string };

export const sessionCode = z.string().max(200).default('');

// ---------- login ----------

/** A browser PushSubscription as JSON (endpoint and keys). */
export const pushSubscription = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'Ungültige Push-Adresse.' }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(200) }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscription>;

// ---------- settings ----------

export const menuLink = z.object({
  /** Module code, e.g. '999'. */
  id: z.string(),
  titel: z.string(),
  icon: z.string(),
  /** Route, e.g. '/999'. */
  link: z.string(),
  /** 1 = shown in the top bar. */
  quicknav: z.union([z.literal(0), z.literal(1)]),
  sort: z.number(),
});
export type MenuLink = z.infer<typeof menuLink>;

export const userGroup = z.object({
  id: z.number(),
  name: z.string(),
  icon: z.string(),
  beschreibung: z.string(),
  standard: z.boolean(),
  forcePwReset: z.boolean(),
  /** Members must log in with a second factor (TOTP). */
  zweiFaktorPflicht: z.boolean(),
});
export type UserGroup = z.infer<typeof userGroup>;

export const parameterTypes = [
  { id: 1, name: 'Text' },
  { id: 2, name: 'Langer Text' },
  { id: 3, name: 'Zahl' },
  { id: 4, name: 'E-Mail' },
  { id: 5, name: 'Telefon' },
  { id: 6, name: 'URL' },
  { id: 7, name: 'Datum' },
  { id: 8, name: 'Uhrzeit' },
  { id: 9, name: 'Einfachauswahl' },
  { id: 10, name: 'Mehrfachauswahl' },
  { id: 11, name: 'Ein Kind' },
  { id: 12, name: 'Mehrere Kinder' },
] as const;

export const conditionSchema = z.object({
  alle: z.boolean(),
  gruppen: z.array(z.number().int()).max(500),
  nutzer: z.array(z.number().int()).max(5000).optional(),
});
export type Condition = z.infer<typeof conditionSchema>;
export const seeEditCondition = z.object({ sehen: conditionSchema, bearbeiten: conditionSchema });
const areaCondition = seeEditCondition;

export const userParameter = z.object({
  id: z.number(),
  name: z.string(),
  icon: z.string(),
  typ: z.number(),
  sort: z.number(),
  ident: z.boolean(),
  selectoptions: z.array(
    z.object({ id: z.number(), id_nutzerparameter: z.number(), sort: z.number(), wert: z.string() }),
  ),
  f100: z.object({ seeOnTable: z.boolean() }),
  bedingungen: z.object({ f010: areaCondition, f100: areaCondition, f200: areaCondition }),
});
export type UserParameter = z.infer<typeof userParameter>;

export const sessionUser = z.object({
  id: z.number(),
  nn: z.string(),
  ident: z.string(),
  gruppen: z.array(z.number()),
  rechte: z.array(z.string()),
  /** The user still has the start password. */
  rootPW: z.boolean(),
  /** One of the user's groups asks for a password change while rootPW is true. */
  forcePwReset: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const settingsData = z.object({
  app_titel: z.string(),
  app_untertitel: z.string(),
  app_theme_color_primary: z.string(),
  app_url: z.string(),
  app_api_version: z.string(),
  useF: z.array(z.string()),
  mainmenu_links: z.array(menuLink),
  lastView: z.string(),
  user: sessionUser,
  nutzergruppen: z.array(userGroup),
  nutzerparameter: z.array(userParameter),
  nutzerparameterTypen: z.array(z.object({ id: z.number(), name: z.string() })),
  /** Public VAPID key for the browser's push subscription. */
  vapidPublicKey: z.string(),
});
export type SettingsData = z.infer<typeof settingsData>;

export const getSettingsReply = z.object({ status: z.literal('success'), data: settingsData });
export type GetSettingsReply = z.infer<typeof getSettingsReply>;

export const changePasswordReply = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success') }),
  z.object({ status: z.literal('errorOldPW') }),
]);
export type ChangePasswordReply = z.infer<typeof changePasswordReply>;

/** Version of the HTTP API; the web app shows an update notice when the server's differs. */
export const API_VERSION = '1.0.0';
