import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultAccessibilityStatement,
  emptyFacility,
  emptyLegalContact,
  inputMessages,
  moduleRegistry,
  platformCalls,
} from '@hortus/contract';
import {
  parameterIcons,
  type AppSettingsData,
  type AppSettingsReply,
  appSettingsCalls,
} from '@hortus/contract/modules/app-settings';
import { readAppSettings, writeAppSettings } from '../../../src/platform/settings/app-settings';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const spec = appSettingsCalls.getOrSaveSettings;
const forged = 'x'.repeat(43);

function load(code: string): Promise<Reply> {
  return server.call(spec, code, { dataToSave: '' });
}

function save(code: string, data: unknown): Promise<Reply> {
  return server.call(spec, code, { dataToSave: { type: 'saveSettings', data } });
}

const settings: AppSettingsData = {
  app_titel: 'Hort Regenbogen',
  app_untertitel: 'Betreuung nach der Schule',
  app_url: 'https://hort.example',
  app_theme_color_primary: '#1565c0',
  loginscreen_welcomeText: 'Willkommen im Hort!\nBitte anmelden.',
  loginscreen_bg_color: '#e3f2fd',
  loginscreen_bg_img: 'https://bilder.example/hort.jpg',
  loginscreen_infos: [{ titel: 'Öffnungszeiten', text: 'Mo–Fr 11–17 Uhr' }],
  useF: ['001', '005', '010'],
};

describe('app settings (appSettingsCalls.getOrSaveSettings)', () => {
  it('loads the settings with every module on while useF was never saved, the module list and the icons', async () => {
    const admin = await server.userWithSession({ rechteSolo: ['x|001'] });
    const reply = await load(admin.code);
    expect(reply.statusCode).toBe(200);
    const body = reply.body as unknown as AppSettingsReply;
    expect(body.settings.useF).toEqual(moduleRegistry.map((module) => module.code));
    expect(body.module).toContainEqual({ code: '005', titel: 'Benutzerverwaltung', alwaysEnabled: true });
    expect(body.module).toContainEqual({ code: '120', titel: 'Nachrichten', alwaysEnabled: false });
    // The list reads by code (issue 47: it followed the registry's order).
    const codes = (body.module as { code: string }[]).map((module) => module.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes.slice(0, 3)).toEqual(['000', '001', '005']);
    expect(body.icons.parameter).toEqual([...parameterIcons]);
  });

  it('saves every field; getSettings, the login screen and the manifest follow at once', async () => {
    const admin = await server.userWithSession({ rechteSolo: ['x|001', 'x|120', 'x|999'] });
    await server.post(platformCalls.getSettings.url, { code: admin.code }); // fills the cache
    try {
      const reply = await save(admin.code, settings);
      expect(reply.statusCode).toBe(200);
      const body = reply.body as unknown as AppSettingsReply;
      // Always-enabled modules count as on.
      expect(body.settings).toEqual({
        ...settings,
        useF: ['001', '005', '010', '999'],
        verantwortlicher: emptyLegalContact,
        datenschutzbeauftragter: emptyLegalContact,
        barrierefreiheit: defaultAccessibilityStatement,
        einrichtung: emptyFacility,
      });
      expect((await load(admin.code)).body.settings).toEqual(body.settings);

      const state = await server.post(platformCalls.getSettings.url, { code: admin.code });
      const data = state.body.data as {
        app_titel: string;
        app_theme_color_primary: string;
        useF: string[];
        mainmenu_links: { id: string }[];
      };
      expect(data.app_titel).toBe('Hort Regenbogen');
      expect(data.app_theme_color_primary).toBe('#1565c0');
      expect(data.useF).toEqual(['001', '005', '010', '999']);
      expect(data.mainmenu_links.map((link) => link.id)).toEqual(['001', '999']);

      const screen = await server.app.inject({ method: 'GET', url: platformCalls.loginScreen.url });
      expect(JSON.parse(screen.body).data).toEqual({
        app_titel: 'Hort Regenbogen',
        app_untertitel: 'Betreuung nach der Schule',
        app_theme_color_primary: '#1565c0',
        loginscreen_bg_color: '#e3f2fd',
        loginscreen_bg_img: 'https://bilder.example/hort.jpg',
        loginscreen_welcomeText: 'Willkommen im Hort!\nBitte anmelden.',
        loginscreen_infos: [{ titel: 'Öffnungszeiten', text: 'Mo–Fr 11–17 Uhr' }],
      });
      const manifest = await server.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
      expect(JSON.parse(manifest.body)).toMatchObject({ name: 'Hort Regenbogen', theme_color: '#1565c0' });
    } finally {
      await writeAppSettings(server.database.db, { useF: null });
    }
  });

  it('refuses unknown modules and invalid fields, writing nothing', async () => {
    const admin = await server.userWithSession({ rechteSolo: ['x|001'] });
    const before = await readAppSettings(server.database.db);
    const unknown = await save(admin.code, { ...settings, useF: ['001', '777'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body.errors).toEqual({ 'dataToSave.data.useF': ['Unbekanntes Modul.'] });
    const bad = await save(admin.code, {
      ...settings,
      app_titel: '',
      app_theme_color_primary: 'blau',
      loginscreen_infos: [{ titel: '', text: 'x' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.errors).toEqual({
      'dataToSave.data.app_titel': ['Bitte angeben.'],
      'dataToSave.data.app_theme_color_primary': ['Bitte eine Farbe im Format #RRGGBB angeben.'],
      'dataToSave.data.loginscreen_infos.0.titel': ['Bitte angeben.'],
    });
    const wrongType = await server.call(spec, admin.code, { dataToSave: { type: 'x', data: settings } });
    expectStatus(wrongType, 'validationError', 400);
    expect(wrongType.body.errors).toEqual({ 'dataToSave.type': ['Unbekannte Aktion.'] });
    expect(await readAppSettings(server.database.db)).toEqual(before);
  });

  it('loads for a missing, empty, blank, null or {} dataToSave (the spec client sends none)', async () => {
    const admin = await server.userWithSession({ rechteSolo: ['x|001'] });
    const expected = (await load(admin.code)).body;
    expectStatus(await server.call(spec, admin.code), 'success', 200);
    for (const dataToSave of [undefined, '', '  ', 'null', '{}']) {
      const reply = await server.call(spec, admin.code, dataToSave === undefined ? {} : { dataToSave });
      expectStatus(reply, 'success', 200);
      expect(reply.body).toEqual(expected);
    }
    const broken = await server.call(spec, admin.code, { dataToSave: '{' });
    expectStatus(broken, 'validationError', 400);
    expect(broken.body.errors).toEqual({ dataToSave: ['Ungültiges JSON.'] });
  });

  it('accepts only http(s) addresses for app_url and loginscreen_bg_img', async () => {
    const admin = await server.userWithSession({ rechteSolo: ['x|001'] });
    for (const address of ['javascript:alert', 'data:image/png', 'ftp://bilder.example/x.jpg', '//evil.example']) {
      const reply = await save(admin.code, { ...settings, app_url: address, loginscreen_bg_img: address });
      expect(reply.statusCode, address).toBe(400);
      expect(reply.body.errors, address).toEqual({
        'dataToSave.data.app_url': [inputMessages.httpUrl],
        'dataToSave.data.loginscreen_bg_img': [inputMessages.httpUrl],
      });
    }
    expect(
      (await save(admin.code, { ...settings, app_url: 'http://hort.example', loginscreen_bg_img: '' })).body.status,
    ).toBe('success');
  });

  it('needs a session and the right x|001', async () => {
    expectStatus(await load(forged), 'accessError', 401);
    const other = await server.userWithSession({ rechteSolo: ['x|005', 'x|010'] });
    const before = await readAppSettings(server.database.db);
    for (const denied of [await load(other.code), await save(other.code, settings)]) {
      expectStatus(denied, 'noRight', 403);
      expect(denied.body).toEqual({ status: 'noRight', message: 'Zugriff verweigert' });
    }
    expect(await readAppSettings(server.database.db)).toEqual(before);
  });
});
