import { beforeEach, describe, expect, it } from 'vitest';
import { isLoginScreenData, readCachedLoginScreen } from './get-login-screen';

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
    expect(isLoginScreenData({ ...screen, loginscreen_infos: [{ titel: 1 }] })).toBe(false);
    expect(isLoginScreenData({ ...screen, app_titel: undefined })).toBe(false);
  });
});
