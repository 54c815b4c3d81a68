import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION, type SettingsData, platformCalls } from '@hortus/contract';
import { writeAppSettings } from '../../src/platform/settings/app-settings';
import { createGroup } from '../../src/seed/factories';
import { createSession } from '../../src/platform/auth/sessions';
import { startTestServer, type TestServer } from '../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function settingsOf(code: string): Promise<SettingsData> {
  const reply = await server.post(platformCalls.getSettings.url, { code });
  expect(reply.body.status).toBe('success');
  return reply.body.data as SettingsData;
}

describe('getSettings', () => {
  it('returns app settings, the user with effective rights (groups ∪ rechteSolo) and groups', async () => {
    const groupA = await createGroup(server.database.db, { name: 'Team', rechte: ['x|999|000', 'x|120'] });
    const groupB = await createGroup(server.database.db, { name: 'Hilfe', rechte: ['x|999|100', 'x|120'] });
    const user = await server.userWithSession({
      groupIds: [groupA, groupB],
      rechteSolo: ['x|777|000'],
      ident: 'Ida Test',
    });
    const data = await settingsOf(user.code);
    expect(data.app_api_version).toBe(API_VERSION);
    expect(data.user).toEqual({
      id: user.id,
      nn: user.nn,
      ident: 'Ida Test',
      gruppen: [groupA, groupB].sort((a, b) => a - b),
      rechte: ['x|120', 'x|777|000', 'x|999|000', 'x|999|100'],
      rootPW: false,
      forcePwReset: false,
    });
    expect(data.nutzergruppen.map((group) => group.name)).toEqual(expect.arrayContaining(['Team', 'Hilfe']));
    expect(data.nutzerparameterTypen).toHaveLength(12);
  });

  it('builds menu links from the registry and the user rights', async () => {
    const appInfoOnly = await server.userWithSession({ rechteSolo: ['x|999|000'] });
    const both = await server.userWithSession({ rechteSolo: ['x|999|100', 'x|120'] });
    const none = await server.userWithSession();
    expect((await settingsOf(appInfoOnly.code)).mainmenu_links.map((link) => link.link)).toEqual(['/999']);
    expect((await settingsOf(both.code)).mainmenu_links).toEqual([
      { id: '120', titel: 'Nachrichten', icon: 'Chat', link: '/120', quicknav: 1, sort: 120 },
      { id: '999', titel: 'App-Info', icon: 'Info', link: '/999', quicknav: 0, sort: 999 },
    ]);
    expect((await settingsOf(none.code)).mainmenu_links).toEqual([]);
  });

  it('offers a module to the holder of its settings right alone: x|410|set reaches /410-set (issue 47)', async () => {
    const settingsOnly = await server.userWithSession({ rechteSolo: ['x|410|set'] });
    expect((await settingsOf(settingsOnly.code)).mainmenu_links.map((link) => link.link)).toEqual(['/410']);
  });

  it('leaves out modules that the app settings switch off (useF), but never always-enabled ones', async () => {
    const user = await server.userWithSession({ rechteSolo: ['x|999|000', 'x|120'] });
    await writeAppSettings(server.database.db, { useF: [] });
    try {
      const data = await settingsOf(user.code);
      expect(data.mainmenu_links.map((link) => link.id)).toEqual(['999']);
      expect(data.useF).toEqual(['001', '005', '999']);
    } finally {
      await writeAppSettings(server.database.db, { useF: null });
    }
  });

  it('flags forcePwReset only while the user of such a group still has the start password', async () => {
    const group = await createGroup(server.database.db, { forcePwReset: true, rechte: ['x|010'] });
    const fresh = await server.userWithSession({ groupIds: [group], rootPw: true });
    const changed = await server.userWithSession({ groupIds: [group], rootPw: false });
    expect((await settingsOf(fresh.code)).user).toMatchObject({ rootPW: true, forcePwReset: true });
    expect((await settingsOf(changed.code)).user).toMatchObject({ rootPW: false, forcePwReset: false });
  });
});

describe('the start of a first login (issue 47)', () => {
  it("a user without a last view starts at the first module that is a start page, not at the profile's 'Meine Daten'", async () => {
    const customerLike = await server.userWithSession({ rechteSolo: ['x|010', 'x|999|000', 'x|410|000'] });
    const data = await settingsOf(customerLike.code);
    expect(data.mainmenu_links.map((link) => link.link)).toEqual(['/010', '/410', '/999']);
    expect(data.lastView).toBe('/410');
    const profileOnly = await server.userWithSession({ rechteSolo: ['x|010', 'x|999|000'] });
    expect((await settingsOf(profileOnly.code)).lastView).toBe('/010');
  });
});

describe('saveSettings&query=lastView', () => {
  it('remembers the last visited route for the next login', async () => {
    const user = await server.userWithSession({ rechteSolo: ['x|999'] });
    const reply = await server.post(platformCalls.saveLastView.url, {
      query: 'lastView',
      code: user.code,
      data: '/999-100',
    });
    expect(reply.body).toEqual({ status: 'success' });
    const again = await server.login(user.nn, user.password);
    expect((await settingsOf(again)).lastView).toBe('/999-100');
  });

  it('rejects routes that are no app path and unknown queries, changing nothing', async () => {
    const user = await server.userWithSession();
    for (const data of ['javascript:alert(1)', 'https://evil.example/', '/<script>']) {
      const reply = await server.post(platformCalls.saveLastView.url, { query: 'lastView', code: user.code, data });
      expect(reply.statusCode).toBe(400);
      expect(reply.body.errors).toEqual({ data: ['Ungültige Route.'] });
    }
    const unknown = await server.post(platformCalls.saveLastView.url, {
      query: 'secret',
      code: user.code,
      data: '/999',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body.errors).toEqual({ query: ['Unbekannte Einstellung.'] });
    expect((await settingsOf(user.code)).lastView).toBe('');
  });

  it('needs a session', async () => {
    const reply = await server.post(platformCalls.saveLastView.url, {
      query: 'lastView',
      code: 'x'.repeat(43),
      data: '/999',
    });
    expect(reply.body.status).toBe('accessError');
  });
});

describe('changePW', () => {
  it('answers errorOldPW for a wrong old password and keeps the password', async () => {
    const user = await server.userWithSession({ password: 'Alt#Passwort1' });
    const reply = await server.post(platformCalls.changePW.url, {
      code: user.code,
      pwAlt: 'Falsch#123',
      data: 'Neu#Passwort1',
    });
    expect(reply.body).toEqual({ status: 'errorOldPW' });
    await expect(server.login(user.nn, 'Alt#Passwort1')).resolves.toBeTruthy();
  });

  it('validates the new password with the shared rules', async () => {
    const user = await server.userWithSession({ password: 'Alt#Passwort1' });
    const short = await server.post(platformCalls.changePW.url, {
      code: user.code,
      pwAlt: 'Alt#Passwort1',
      data: 'kurz',
    });
    expect(short.statusCode).toBe(400);
    expect(short.body.errors).toEqual({ data: ['Mindestens 8 Zeichen angeben'] });
    const missing = await server.post(platformCalls.changePW.url, { code: user.code, data: 'Neu#Passwort1' });
    expect(missing.body.errors).toEqual({ pwAlt: ['Bitte angeben.'] });
    await expect(server.login(user.nn, 'Alt#Passwort1')).resolves.toBeTruthy();
  });

  it('changes the password, clears rootPW and signs out the other sessions only', async () => {
    const user = await server.userWithSession({ password: 'Alt#Passwort1', rootPw: true });
    // A second session on the start password (made before the first login had to replace it).
    const otherDevice = await createSession(server.database.db, user.id, '127.0.0.1');
    const reply = await server.post(platformCalls.changePW.url, {
      code: user.code,
      pwAlt: 'Alt#Passwort1',
      data: 'Neu#Passwort1',
    });
    expect(reply.body).toEqual({ status: 'success' });
    expect((await settingsOf(user.code)).user.rootPW).toBe(false);
    expect((await server.post(platformCalls.getSettings.url, { code: otherDevice })).body.status).toBe('accessError');
    expect((await server.post(platformCalls.login.url, { nn: user.nn, pw: 'Alt#Passwort1' })).body.status).toBe(
      'invalid',
    );
    await expect(server.login(user.nn, 'Neu#Passwort1')).resolves.toBeTruthy();
  });
});
