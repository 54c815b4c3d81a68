import { z } from 'zod';

/**
 * Reply schemas of the calls the login route makes before anybody is logged in. The web login route
 * checks these replies with the zod-free guards of login-route-guards.ts (kept equivalent to these
 * schemas by property tests), so that zod is not part of the login route's JavaScript.
 */
export const loginReply = z.discriminatedUnion('status', [
  /**
   * `recoveryCodes`: when this login activated the second factor (shown once). `hinweis`: a notice for the
   * user, e.g. that this login ended the least recently used of the account's sessions (the limit per account).
   */
  z.object({
    status: z.literal('success'),
    code: z.string(),
    recoveryCodes: z.array(z.string()).optional(),
    hinweis: z.string().optional(),
  }),
  z.object({ status: z.literal('errorCountMax') }),
  z.object({ status: z.literal('invalid') }),
  /** The right start password: the same call again with `neuPW` (the account's own password) logs in. */
  z.object({ status: z.literal('passwortWaehlen') }),
  /** The right password of an account with two-factor login: the same call again with `otp` logs in. */
  z.object({ status: z.literal('zweiterFaktor') }),
  /**
   * The right password of an account whose group requires two-factor login it has not set up: the secret to
   * add to an authenticator app; the same call again with `otp` of it activates it and logs in.
   */
  z.object({ status: z.literal('zweiterFaktorEinrichten'), secret: z.string(), otpauthUri: z.string() }),
]);
export type LoginReply = z.infer<typeof loginReply>;

export const loginScreenInfo = z.object({ titel: z.string(), text: z.string() });
/** The facility's public facts on the login screen (panel 'Kontakt und Öffnungszeiten'); 001 edits them. */
export const loginFacility = z.object({
  name: z.string(),
  strasse: z.string(),
  hausnummer: z.string(),
  plz: z.string(),
  ort: z.string(),
  telefon: z.string(),
  email: z.string(),
  oeffnungszeiten: z.string(),
});
export type LoginFacility = z.infer<typeof loginFacility>;
export const loginScreenData = z.object({
  app_titel: z.string(),
  app_untertitel: z.string(),
  app_theme_color_primary: z.string(),
  loginscreen_bg_color: z.string(),
  loginscreen_bg_img: z.string(),
  loginscreen_welcomeText: z.string(),
  loginscreen_infos: z.array(loginScreenInfo),
  /** Only when the facility has anything filled in (an addition: the specification's client ignores it). */
  einrichtung: loginFacility.optional(),
});
export type LoginScreenData = z.infer<typeof loginScreenData>;
export const loginScreenReply = z.object({ status: z.literal('success'), data: loginScreenData });

export const okReply = z.object({ status: z.literal('success') });
export type OkReply = z.infer<typeof okReply>;
