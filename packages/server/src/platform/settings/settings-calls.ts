import { and, asc, eq, ne } from 'drizzle-orm';
import {
  API_VERSION,
  changePasswordRequest,
  getSettingsRequest,
  parameterTypes,
  saveLastViewRequest,
  type ChangePasswordReply,
  type GetSettingsReply,
  type UserGroup,
  type UserParameter,
} from '@hortus/contract';
import { hashPassword, verifyPassword } from '../auth/password';
import type { Db } from '../db/database';
import { groups, parameterOptions, sessions, userParameters, users } from '../db/schema';
import { defineCall } from '../http/calls';
import { readAppSettings } from './app-settings';
import { buildMainMenu, isModuleEnabled, readMenuLinks } from './menu';

export async function readGroups(db: Db): Promise<UserGroup[]> {
  const rows = await db.select().from(groups).orderBy(asc(groups.name), asc(groups.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    icon: row.icon,
    beschreibung: row.beschreibung,
    standard: row.standard,
    forcePwReset: row.forcePwReset,
  }));
}

export async function readParameters(db: Db): Promise<UserParameter[]> {
  const [parameterRows, optionRows] = await Promise.all([
    db.select().from(userParameters).orderBy(asc(userParameters.sort), asc(userParameters.id)),
    db.select().from(parameterOptions).orderBy(asc(parameterOptions.sort), asc(parameterOptions.id)),
  ]);
  return parameterRows.map((row) => ({
    id: row.id,
    name: row.name,
    icon: row.icon,
    typ: row.typ,
    sort: row.sort,
    ident: row.ident,
    f100: { seeOnTable: row.seeOnTable },
    bedingungen: row.bedingungen as UserParameter['bedingungen'],
    selectoptions: optionRows
      .filter((option) => option.parameterId === row.id)
      .map((option) => ({ id: option.id, id_nutzerparameter: row.id, sort: option.sort, wert: option.wert })),
  }));
}

export const getSettingsCall = defineCall({
  path: '/_api/settings/',
  func: 'getSettings',
  auth: 'session',
  request: getSettingsRequest,
  async handle({ db, app, user }): Promise<GetSettingsReply> {
    const [settings, menuRows, nutzergruppen, nutzerparameter] = await Promise.all([
      readAppSettings(db),
      readMenuLinks(db),
      readGroups(db),
      readParameters(db),
    ]);
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
      },
    };
  },
});

export const saveLastViewCall = defineCall({
  path: '/_api/settings/',
  func: 'saveSettings',
  auth: 'session',
  request: saveLastViewRequest,
  async handle({ db, input, user }) {
    await db.update(users).set({ lastView: input.data }).where(eq(users.id, user.id));
    return { status: 'success' };
  },
});

export const changePasswordCall = defineCall({
  path: '/_api/settings/',
  func: 'changePW',
  auth: 'session',
  request: changePasswordRequest,
  async handle({ db, input, user, sessionId }): Promise<ChangePasswordReply> {
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    if (!row || !(await verifyPassword(input.pwAlt, row.passwordHash))) return { status: 'errorOldPW' };
    const passwordHash = await hashPassword(input.data);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, rootPw: false }).where(eq(users.id, user.id));
      // Other devices logged in with the old password are signed out; this one stays.
      await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, sessionId)));
    });
    return { status: 'success' };
  },
});
