import { eq } from 'drizzle-orm';
import { API_VERSION, accountMessages, parameterTypes, passwordNameError, platformCalls } from '@hortus/contract';
import { beginPasswordCheck, passwordCheckSucceeded, pruneLoginAttempts } from '../auth/login-throttle';
import { hashPassword, verifyPassword } from '../auth/password';
import { users } from '../db/schema';
import { setOwnPassword } from '../users/accounts';
import { defineCall, withJsonBody, type AppContext, invalid } from '../http/calls';
import { buildMainMenu, defaultStart, isModuleEnabled } from './menu';
import { rememberForOrg } from './org-data';
import type { Db } from '../db/database';
import { vapidKeys } from '../push/push';
import type { LoadedUser } from '../auth/session-user';
import { cacheScope, invalidate } from '../cache/hot-cache';

/**
 * getSettings runs on every page load: from memory only (session, user, org data). The organisation-wide
 * part of the reply (titles, groups, parameters, parameter types, push key) is serialised once per
 * version of the org data, each distinct menu once per set of rights; per call only the user's own part
 * is serialised (see docs/architecture.md "Hot paths").
 */
export const getSettingsCall = defineCall(platformCalls.getSettings).forSession({
  async handle({ db, app, user }) {
    const org = await orgSettingsPart(db, app);
    // The loaded user is one object while neither its row nor the org data change, and the org part is
    // one object per org version and app: the whole reply is built once for them and then reused.
    const known = builtReplies.get(user);
    if (known && known.org === org) return known.reply;
    const reply = await settingsReply(db, app, user, org);
    builtReplies.set(user, { org, reply });
    return reply;
  },
});

async function settingsReply(
  db: Db,
  app: AppContext,
  user: LoadedUser,
  org: Awaited<ReturnType<typeof orgSettingsPart>>,
) {
  const menu = await rememberForOrg(db, `menu:${appKey(app)}:${user.rechte.join(',')}`, (data) => {
    const links = buildMainMenu(app.modules, data.menuRows, data.settings.useF, user.rechte);
    return { links, text: JSON.stringify(links), start: defaultStart(app.modules, links) };
  });
  // No last view yet (a first login): the first start page's link, which the client opens like a last view.
  const { lastView: stored, ...sessionUser } = user;
  const lastView = stored || menu.start;
  const data = { ...org.data, mainmenu_links: menu.links, lastView, user: sessionUser };
  const own = JSON.stringify({ lastView, user: sessionUser });
  const text = `{"status":"success","data":{${org.text},"mainmenu_links":${menu.text},${own.slice(1, -1)}}}`;
  // Built once per user and org version (builtReplies): kept as the bytes that are sent.
  return withJsonBody({ status: 'success' as const, data }, Buffer.from(text));
}

const builtReplies = new WeakMap<LoadedUser, { org: object; reply: Awaited<ReturnType<typeof settingsReply>> }>();

const appKeys = new WeakMap<AppContext, number>();
let appCount = 0;
/** Apps on one database may differ (modules, public address): derived entries are kept per app. */
function appKey(app: AppContext): number {
  const known = appKeys.get(app);
  if (known !== undefined) return known;
  appCount += 1;
  appKeys.set(app, appCount);
  return appCount;
}

/** getSettings' organisation-wide part with its JSON text (without braces), per org version and app. */
async function orgSettingsPart(db: Db, app: AppContext) {
  const vapidPublicKey = (await vapidKeys(db)).publicKey;
  return rememberForOrg(db, `settings:${appKey(app)}`, ({ settings, groups, parameters }) => {
    const data = {
      app_titel: settings.app_titel,
      app_untertitel: settings.app_untertitel,
      app_theme_color_primary: settings.app_theme_color_primary,
      app_url: settings.app_url || app.publicUrl || '',
      app_api_version: API_VERSION,
      useF: app.modules.filter((module) => isModuleEnabled(module, settings.useF)).map((module) => module.code),
      nutzergruppen: groups,
      nutzerparameter: parameters,
      nutzerparameterTypen: parameterTypes.map((type) => ({ ...type })),
      vapidPublicKey,
    };
    return { data, text: JSON.stringify(data).slice(1, -1) };
  });
}

export const saveLastViewCall = defineCall(platformCalls.saveLastView).forSession({
  async handle({ db, input, user }) {
    await db.update(users).set({ lastView: input.data }).where(eq(users.id, user.id));
    await invalidate(db, cacheScope.user, user.id);
    return { status: 'success' };
  },
});

/**
 * changePW: wrong old passwords count like login failures (per account, the login's doubling delay);
 * while the delay runs even the right one is refused with a message on pwAlt.
 */
export const changePasswordCall = defineCall(platformCalls.changePW).forSession({
  async handle({ db, input, user, sessionId }) {
    const attempt = await beginPasswordCheck(db, user.id);
    if (attempt.locked) {
      throw invalid('pwAlt', accountMessages.tooManyWrongPasswords);
    }
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    if (!row || !(await verifyPassword(input.pwAlt, row.passwordHash))) {
      await pruneLoginAttempts(db);
      return { status: 'errorOldPW' };
    }
    await passwordCheckSucceeded(db, user.id);
    const nameError = passwordNameError(input.data, user.nn);
    if (nameError) throw invalid({ data: [nameError] });
    // Other devices logged in with the old password are signed out; this one stays.
    await setOwnPassword(db, user.id, await hashPassword(input.data), sessionId);
    return { status: 'success' };
  },
});
