import { describe, expect, it } from 'vitest';
import type { AppSettingsData } from '@hortus/contract';
import {
  appSettingsChanged,
  appSettingsErrors,
  insertInfoAfter,
  removeInfo,
  toggleModule,
  updateInfo,
} from './app-settings-form';

const saved: AppSettingsData = {
  app_titel: 'Hort Sonnenschein',
  app_untertitel: 'Ganztag',
  app_url: 'https://hort.example',
  app_theme_color_primary: '#2e7d32',
  loginscreen_welcomeText: 'Willkommen!',
  loginscreen_bg_color: '#e8f5e9',
  loginscreen_bg_img: '',
  loginscreen_infos: [
    { titel: 'A', text: 'a' },
    { titel: 'B', text: 'b' },
  ],
  useF: ['010', '100'],
};

describe('login infos list', () => {
  it('inserts an empty entry after the given one, or at the start', () => {
    expect(insertInfoAfter(saved.loginscreen_infos, 0)).toEqual([
      { titel: 'A', text: 'a' },
      { titel: '', text: '' },
      { titel: 'B', text: 'b' },
    ]);
    expect(insertInfoAfter([], -1)).toEqual([{ titel: '', text: '' }]);
  });

  it('removes and updates entries without touching the input', () => {
    expect(removeInfo(saved.loginscreen_infos, 0)).toEqual([{ titel: 'B', text: 'b' }]);
    expect(updateInfo(saved.loginscreen_infos, 1, { text: 'neu' })[1]).toEqual({ titel: 'B', text: 'neu' });
    expect(saved.loginscreen_infos).toHaveLength(2);
  });
});

describe('changed and valid', () => {
  it('is unchanged for the same values and module order', () => {
    expect(appSettingsChanged(saved, { ...saved })).toBe(false);
    expect(appSettingsChanged(saved, { ...saved, useF: ['100', '010'] })).toBe(false);
  });

  it('sees changes in fields, infos and modules', () => {
    expect(appSettingsChanged(saved, { ...saved, app_titel: 'Neu' })).toBe(true);
    expect(appSettingsChanged(saved, { ...saved, loginscreen_infos: removeInfo(saved.loginscreen_infos, 1) })).toBe(
      true,
    );
    expect(appSettingsChanged(saved, { ...saved, useF: toggleModule(saved.useF, '200', true) })).toBe(true);
  });

  it('toggles modules', () => {
    expect(toggleModule(['100'], '010', true)).toEqual(['010', '100']);
    expect(toggleModule(['010', '100'], '010', false)).toEqual(['100']);
  });

  it('reports German messages per field', () => {
    expect(appSettingsErrors(saved)).toEqual({});
    const errors = appSettingsErrors({
      ...saved,
      app_titel: '',
      app_theme_color_primary: 'grün',
      loginscreen_infos: insertInfoAfter(saved.loginscreen_infos, 1),
    });
    expect(errors['app_titel']).toBe('Bitte angeben.');
    expect(errors['app_theme_color_primary']).toBe('Bitte eine Farbe im Format #RRGGBB angeben.');
    expect(errors['loginscreen_infos.2.titel']).toBe('Bitte angeben.');
  });
});
