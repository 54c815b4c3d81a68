import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginScreenDataId } from '@hortus/contract/login-route';
import { readCachedLoginScreen, readEmbeddedLoginScreen } from './get-login-screen';

const screen = {
  app_titel: 'Hort',
  app_untertitel: '',
  app_theme_color_primary: '#123456',
  loginscreen_bg_color: '#ffffff',
  loginscreen_bg_img: '',
  loginscreen_welcomeText: 'Willkommen!\nSchön, dass Sie da sind.',
  loginscreen_infos: [{ titel: 'Kontakt', text: 'Telefon 123' }],
};

describe('login screen cache', () => {
  beforeEach(() => localStorage.clear());

  it('reads the cached copy', () => {
    localStorage.setItem('loginscreen', JSON.stringify(screen));
    expect(readCachedLoginScreen()).toEqual(screen);
  });

  it('ignores missing, broken or foreign data', () => {
    expect(readCachedLoginScreen()).toBeNull();
    localStorage.setItem('loginscreen', '{kaputt');
    expect(readCachedLoginScreen()).toBeNull();
    localStorage.setItem('loginscreen', JSON.stringify({ ...screen, loginscreen_infos: [{ titel: 1 }] }));
    expect(readCachedLoginScreen()).toBeNull();
    localStorage.setItem('loginscreen', JSON.stringify({ ...screen, app_titel: undefined }));
    expect(readCachedLoginScreen()).toBeNull();
  });
});

describe('login screen carried by the page', () => {
  afterEach(() => document.getElementById(loginScreenDataId)?.remove());

  const embed = (text: string) => {
    const block = document.createElement('script');
    block.id = loginScreenDataId;
    block.type = 'application/json';
    block.textContent = text;
    document.head.append(block);
  };

  it('reads the data block the server writes into the page, keeping only known fields', () => {
    embed(JSON.stringify({ ...screen, extra: 'x' }).replace(/</g, '\\u003c'));
    expect(readEmbeddedLoginScreen()).toEqual(screen);
  });

  it('is null without a block or with a broken one', () => {
    expect(readEmbeddedLoginScreen()).toBeNull();
    embed('{kaputt');
    expect(readEmbeddedLoginScreen()).toBeNull();
  });
});
