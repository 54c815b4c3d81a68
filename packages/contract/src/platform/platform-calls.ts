import { z } from 'zod';
import { changePasswordReply, getSettingsReply } from './api';
import { defineCallSpec } from './call-spec';
import { legalPagesData } from './legal';
import { loginReply, loginScreenReply, okReply } from './login-route';
import { loginRouteTargets } from './login-route-calls';
import { ruledString } from './schema';
import { tooLongMessage } from './validation';
import { recordId } from './wire';

/** Answers a file (a download), never JSON; error statuses come as the shared ErrorReply. */
export const fileDownloadReply = z.never();

const required = 'Bitte angeben.';
/** A push subscription as JSON text ('' for none where allowed); the server reads it (see parseSubscription). */
const subscriptionText = z.string().max(4000);
/** WebAuthn options as the browser API takes them in JSON form (the web app hands them to @simplewebauthn/browser). */
const webauthnOptions = z.looseObject({ challenge: z.string() });

/**
 * The platform's own calls (core.md sections 5, 6 and 9): login, logout, login screen, settings,
 * last view, password change, push subscription and the download of stored files.
 */
export const platformCalls = {
  login: defineCallSpec({
    ...loginRouteTargets.login,
    request: {
      nn: z.string({ error: required }).trim().min(1, required).max(200, tooLongMessage(200)),
      pw: z.string({ error: required }).min(1, required).max(1000, tooLongMessage(1000)),
      subscription: subscriptionText.default(''),
      /** The own password an account on its start password chooses (answered `passwortWaehlen` without it). */
      neuPW: z.string().max(1000, tooLongMessage(1000)).default(''),
      /** The second factor: a code of the authenticator app or a recovery code (answered `zweiterFaktor` without). */
      otp: z.string().max(40, tooLongMessage(40)).default(''),
    },
    reply: loginReply,
  }),
  /** Ending an unknown or already ended session is no error. */
  logout: defineCallSpec({ ...loginRouteTargets.logout, request: {}, reply: okReply }),
  /**
   * The login screen's data; with `mit=rechtliches` (opt-in, the public pages /datenschutz and
   * /barrierefreiheit) also `rechtliches`: the privacy notice, both contacts and the accessibility statement.
   */
  loginScreen: defineCallSpec({
    ...loginRouteTargets.loginScreen,
    request: { mit: z.literal(['', 'rechtliches'], { error: 'Unbekannter Teil.' }).default('') },
    reply: loginScreenReply.extend({ rechtliches: legalPagesData.optional() }),
    allowGet: true,
  }),
  saveSubscription: defineCallSpec({
    path: '/_api/login/',
    func: 'saveSubscription',
    request: { subscription: subscriptionText },
    reply: okReply,
  }),
  /** Settings time-out: 5 s (core.md section 9). */
  getSettings: defineCallSpec({
    path: '/_api/settings/',
    func: 'getSettings',
    request: {},
    reply: getSettingsReply,
    timeoutMs: 5_000,
  }),
  /** Remembers the last visited route (e.g. '/999-100'); `query` names the setting (only lastView). */
  saveLastView: defineCallSpec({
    path: '/_api/settings/',
    func: 'saveSettings',
    request: {
      query: z.literal('lastView', { error: 'Unbekannte Einstellung.' }),
      data: z
        .string()
        .max(300)
        .regex(/^\/(?!\/)[0-9A-Za-z\-?=&/._%]*$/, 'Ungültige Route.'),
    },
    reply: okReply,
  }),
  /** Changes the own password (`data` the new one, `pwAlt` the current one). */
  changePW: defineCallSpec({
    path: '/_api/settings/',
    func: 'changePW',
    request: {
      data: ruledString('required', 'minPW', 'commonPW', 'password'),
      pwAlt: ruledString('required', 'password'),
    },
    reply: changePasswordReply,
  }),
  /** Two-factor login, step 1: a new secret for the authenticator app (as text, otpauth URI and QR code as SVG). */
  totpEinrichten: defineCallSpec({
    path: '/_api/settings/',
    func: 'totpEinrichten',
    request: {},
    reply: z.object({ status: z.literal('success'), secret: z.string(), otpauthUri: z.string(), qr: z.string() }),
  }),
  /** Step 2: the app's first code activates the secret; answers the recovery codes (shown once). */
  totpAktivieren: defineCallSpec({
    path: '/_api/settings/',
    func: 'totpAktivieren',
    request: { otp: z.string({ error: required }).trim().min(1, required).max(40, tooLongMessage(40)) },
    reply: z.object({ status: z.literal('success'), recoveryCodes: z.array(z.string()) }),
  }),
  /**
   * The own second factor: `aktiv` (login asks for a code), `pflicht` (a group requires it: it cannot be
   * turned off), `wiederherstellungscodes` (recovery codes left).
   */
  totpStatus: defineCallSpec({
    path: '/_api/settings/',
    func: 'totpStatus',
    request: {},
    reply: z.object({
      status: z.literal('success'),
      aktiv: z.boolean(),
      pflicht: z.boolean(),
      wiederherstellungscodes: z.number(),
    }),
  }),
  /** Turns the own second factor off; needs the current password (`pw`) or a code of the app (`otp`). */
  totpDeaktivieren: defineCallSpec({
    path: '/_api/settings/',
    func: 'totpDeaktivieren',
    request: {
      pw: z.string().max(200, tooLongMessage(200)).default(''),
      otp: z.string().trim().max(40, tooLongMessage(40)).default(''),
    },
    reply: okReply,
  }),
  /**
   * The own sessions (issue 42): each device logged in to the account with its browser and system, when it
   * logged in and was last used; `aktuell` marks the one asking. Opt-in, not in the specification.
   */
  meineSitzungen: defineCallSpec({
    path: '/_api/settings/',
    func: 'meineSitzungen',
    request: {},
    reply: z.object({
      status: z.literal('success'),
      sitzungen: z.array(
        z.object({
          id: z.number(),
          geraet: z.string(),
          angemeldet: z.string(),
          zuletzt: z.string(),
          aktuell: z.boolean(),
        }),
      ),
    }),
  }),
  /** Ends one of the own sessions (another device); the own current one is ended by logging out. */
  sitzungBeenden: defineCallSpec({
    path: '/_api/settings/',
    func: 'sitzungBeenden',
    request: { id: recordId() },
    reply: okReply,
  }),
  /**
   * Passkeys (WebAuthn, issue 42; opt-in, not in the specification). Step 1 of adding one: the options for the
   * browser's `navigator.credentials.create` (PublicKeyCredentialCreationOptionsJSON, valid 5 minutes).
   */
  passkeyOptionen: defineCallSpec({
    path: '/_api/settings/',
    func: 'passkeyOptionen',
    request: {},
    reply: z.object({ status: z.literal('success'), optionen: webauthnOptions }),
  }),
  /** Step 2: the browser's answer (RegistrationResponseJSON as JSON text) and a name for the device. */
  passkeyHinzufuegen: defineCallSpec({
    path: '/_api/settings/',
    func: 'passkeyHinzufuegen',
    request: {
      antwort: z.string({ error: required }).min(1, required).max(20_000, tooLongMessage(20_000)),
      name: z.string({ error: required }).trim().min(1, required).max(60, tooLongMessage(60)),
    },
    reply: okReply,
  }),
  /** The own passkeys: name, when added and last used (German date and time, '' when never). */
  passkeys: defineCallSpec({
    path: '/_api/settings/',
    func: 'passkeys',
    request: {},
    reply: z.object({
      status: z.literal('success'),
      passkeys: z.array(z.object({ id: z.number(), name: z.string(), angelegt: z.string(), zuletzt: z.string() })),
    }),
  }),
  passkeyEntfernen: defineCallSpec({
    path: '/_api/settings/',
    func: 'passkeyEntfernen',
    request: { id: recordId() },
    reply: okReply,
  }),
  /** Login step 1 (no session): options for `navigator.credentials.get` (any account's passkey, 5 minutes). */
  passkeyAnmeldung: defineCallSpec({
    path: '/_api/login/',
    func: 'passkeyAnmeldung',
    request: {},
    reply: z.object({ status: z.literal('success'), optionen: webauthnOptions }),
  }),
  /**
   * Login step 2: the browser's AuthenticationResponseJSON as JSON text; answers like `login` (a passkey
   * with user verification is both factors, so no `otp` is asked).
   */
  passkeyLogin: defineCallSpec({
    path: '/_api/login/',
    func: 'passkeyLogin',
    request: {
      antwort: z.string({ error: required }).min(1, required).max(20_000, tooLongMessage(20_000)),
      subscription: subscriptionText.default(''),
    },
    reply: loginReply,
  }),
  /** A stored file by its logical path; also answered for GET (links opened in a new window). */
  download: defineCallSpec({
    path: '/_api/data/download.php',
    request: { file: z.string({ error: required }).min(1, required).max(500) },
    reply: fileDownloadReply,
    allowGet: true,
  }),
};
