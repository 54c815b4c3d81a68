import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inputMessages,
  moduleRegistry,
  parameterIcons,
  type AppSettingsData,
  type AppSettingsReply,
} from '@hortus/contract';
import { readAppSettings, writeAppSettings } from '../src/platform/settings/app-settings';
import { startTestServer, type Reply, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const path = '/_api/000/001/?getOrSaveSettings';
const forged = 'x'.repeat(43);

function load(code: string): Promise<Reply> {
  return server.post(path, { code, dataToSave: '' });
}

function save(code: string, data: unknown): Promise<Reply> {
  return server.post(path, { code, dataToSave: JSON.stringify({ type: 'saveSettings', data }) });
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

describe('app settings (/_api/000/001/?getOrSaveSettings)', () => {
  it('loads the settings with every module on while useF was never saved, the module list and the icons', async () => {
    const admin = await server.userWithSession({ rechteSolo: ['x|001'] });
    const reply = await load(admin.code);
    expect(reply.statusCode).toBe(200);
    const body = reply.body as unknown as AppSettingsReply;
    expect(body.settings.useF).toEqual(moduleRegistry.map((module) => module.code));
    expect(body.module).toContainEqual({ code: '005', titel: 'Benutzerverwaltung', alwaysEnabled: true });
    expect(body.module).toContainEqual({ code: '120', titel: 'Nachrichten', alwaysEnabled: false });
    expect(body.icons.parameter).toEqual([...parameterIcons]);
  });

  it('saves every field; getSettings, the login screen and the manifest follow at once', async () => {
    const admin = await server.userWithSession({ rechteSolo: ['x|001', 'x|120', 'x|999'] });
    await server.post('/_api/settings/?func=getSettings', { code: admin.code }); // fills the cache
    try {
      const reply = await save(admin.code, settings);
      expect(reply.statusCode).toBe(200);
      const body = reply.body as unknown as AppSettingsReply;
      // Always-enabled modules count as on.
      expect(body.settings).toEqual({ ...settings, useF: ['001', '005', '010', '999'] });
      expect((await load(admin.code)).body.settings).toEqual(body.settings);

      const state = await server.post('/_api/settings/?func=getSettings', { code: admin.code });
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

      const screen = await server.app.inject({ method: 'GET', url: '/_api/login/get.php?loginscreen' });
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
    const wrongType = await server.post(path, {
      code: admin.code,
      dataToSave: JSON.stringify({ type: 'x', data: settings }),
    });
    expect(wrongType.statusCode).toBe(400);
    expect(await readAppSettings(server.database.db)).toEqual(before);
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
    const reply = await load(forged);
    expect(reply.statusCode).toBe(401);
    expect(reply.body.status).toBe('accessError');
    const other = await server.userWithSession({ rechteSolo: ['x|005', 'x|010'] });
    const before = await readAppSettings(server.database.db);
    for (const denied of [await load(other.code), await save(other.code, settings)]) {
      expect(denied.statusCode).toBe(403);
      expect(denied.body).toEqual({ status: 'noRight', message: 'Zugriff verweigert' });
    }
    expect(await readAppSettings(server.database.db)).toEqual(before);
  });
});
