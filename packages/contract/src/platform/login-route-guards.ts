import type { LoginFacility, LoginReply, LoginScreenData, OkReply } from './login-route';

export { callUrl, loginRouteTargets } from './login-route-calls';
export { publicPageOf, publicPages, type PublicPage } from './public-pages';

/**
 * Zod-free checks of the login route's replies, for the web app's first screen where every kilobyte
 * counts. Each guard accepts exactly what the schema of the same name in login-route.ts accepts
 * (login-route-guards.test.ts proves it with generated values).
 */
export interface Guard<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: string };
}

type Shape = Record<string, (value: unknown) => boolean>;

const isString = (value: unknown): value is string => typeof value === 'string';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function matches(value: unknown, shape: Shape): value is Record<string, unknown> {
  return isRecord(value) && Object.entries(shape).every(([key, check]) => check(value[key]));
}

/** Like zod's object parsing: known keys only in the result (unknown keys are stripped). */
function pick<T>(value: Record<string, unknown>, shape: Shape): T {
  return Object.fromEntries(Object.keys(shape).map((key) => [key, value[key]])) as T;
}

function guard<T>(check: (value: unknown) => T | null): Guard<T> {
  return {
    safeParse(value) {
      const data = check(value);
      return data === null ? { success: false, error: 'Unerwartete Antwort des Servers.' } : { success: true, data };
    },
  };
}

const infoShape: Shape = { titel: isString, text: isString };
const facilityShape: Shape = {
  name: isString,
  strasse: isString,
  hausnummer: isString,
  plz: isString,
  ort: isString,
  telefon: isString,
  email: isString,
  oeffnungszeiten: isString,
};
const screenShape: Shape = {
  app_titel: isString,
  app_untertitel: isString,
  app_theme_color_primary: isString,
  loginscreen_bg_color: isString,
  loginscreen_bg_img: isString,
  loginscreen_welcomeText: isString,
  loginscreen_infos: (value) => Array.isArray(value) && value.every((info) => matches(info, infoShape)),
};

function loginScreenDataOf(value: unknown): LoginScreenData | null {
  if (!matches(value, screenShape)) return null;
  const facility = value['einrichtung'];
  if (facility !== undefined && !matches(facility, facilityShape)) return null;
  const data = pick<LoginScreenData>(value, screenShape);
  return {
    ...data,
    loginscreen_infos: data.loginscreen_infos.map((info) => pick(info as Record<string, unknown>, infoShape)),
    ...(facility === undefined ? {} : { einrichtung: pick<LoginFacility>(facility, facilityShape) }),
  };
}

/** The login screen's data alone: a copy kept on the device, or the one the served page carries. */
export const loginScreenDataGuard = guard<LoginScreenData>(loginScreenDataOf);

/** Id of the JSON data block with the login screen's data in the served page (index.html). */
export const loginScreenDataId = 'login-screen-data';

export const loginScreenReplyGuard = guard<{ status: 'success'; data: LoginScreenData }>((value) => {
  if (!matches(value, { status: (status) => status === 'success' })) return null;
  const data = loginScreenDataOf(value['data']);
  return data === null ? null : { status: 'success', data };
});

export const loginReplyGuard = guard<LoginReply>((value) => {
  if (!isRecord(value)) return null;
  if (value.status === 'success') {
    if (!isString(value.code)) return null;
    const { recoveryCodes: codes, hinweis } = value;
    if (codes !== undefined && !(Array.isArray(codes) && codes.every(isString))) return null;
    if (hinweis !== undefined && !isString(hinweis)) return null;
    return {
      status: 'success',
      code: value.code,
      ...(codes === undefined ? {} : { recoveryCodes: [...(codes as string[])] }),
      ...(hinweis === undefined ? {} : { hinweis }),
    };
  }
  if (
    value.status === 'errorCountMax' ||
    value.status === 'invalid' ||
    value.status === 'passwortWaehlen' ||
    value.status === 'zweiterFaktor'
  ) {
    return { status: value.status };
  }
  if (value.status === 'zweiterFaktorEinrichten') {
    return isString(value.secret) && isString(value.otpauthUri)
      ? { status: value.status, secret: value.secret, otpauthUri: value.otpauthUri }
      : null;
  }
  return null;
});

export const okReplyGuard = guard<OkReply>((value) =>
  isRecord(value) && value.status === 'success' ? { status: 'success' } : null,
);
