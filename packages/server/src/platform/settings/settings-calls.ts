import { and, eq, ne } from 'drizzle-orm';
import { API_VERSION, messages, parameterTypes, passwordNameError, platformCalls } from '@hortus/contract';
import { hashPassword, verifyPassword } from '../auth/password';
import { sessions, users } from '../db/schema';
import { CallError, defineCall } from '../http/calls';
import { buildMainMenu, isModuleEnabled } from './menu';
import { readOrgData } from './org-data';
import { vapidKeys } from '../push/push';

export const getSettingsCall = defineCall(platformCalls.getSettings).forSession({
  async handle({ db, app, user }) {
    const { settings, menuRows, groups: nutzergruppen, parameters: nutzerparameter } = await readOrgData(db);
    const { lastView, ...sessionUser } = user;
    return {
      status: 'success',
      data: {
        app_titel: settings.app_titel,
        app_untertitel: settings.app_untertitel,
        app_theme_color_primary: settings.app_theme_color_primary,
        app_url: settings.app_url || app.publicUrl || '',
        app_api_version: API_VERSION,
        useF: app.modules.filter((module) => isModuleEnabled(module, settings.useF)).map((module) => module.code),
        mainmenu_links: buildMainMenu(app.modules, menuRows, settings.useF, user.rechte),
        lastView,
        user: sessionUser,
        nutzergruppen,
        nutzerparameter,
        nutzerparameterTypen: parameterTypes.map((type) => ({ ...type })),
        vapidPublicKey: (await vapidKeys(db)).publicKey,
      },
    };
  },
});

export const saveLastViewCall = defineCall(platformCalls.saveLastView).forSession({
  async handle({ db, input, user }) {
    await db.update(users).set({ lastView: input.data }).where(eq(users.id, user.id));
    return { status: 'success' };
  },
});

export const changePasswordCall = defineCall(platformCalls.changePW).forSession({
  async handle({ db, input, user, sessionId }) {
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    if (!row || !(await verifyPassword(input.pwAlt, row.passwordHash))) return { status: 'errorOldPW' };
    const nameError = passwordNameError(input.data, user.nn);
    if (nameError) throw new CallError('validationError', messages.validationFailed, { data: [nameError] });
    const passwordHash = await hashPassword(input.data);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, rootPw: false }).where(eq(users.id, user.id));
      // Other devices logged in with the old password are signed out; this one stays.
      await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, sessionId)));
    });
    return { status: 'success' };
  },
});
