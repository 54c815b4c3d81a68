import { describe, expect, it } from 'vitest';
import { defaultAccessibilityStatement, emptyFacility, emptyLegalContact } from '@hortus/contract';
import type { AppSettingsState } from '@hortus/contract/modules/app-settings';
import { formValuesOf, toggleModule } from './app-settings-form';

const saved: AppSettingsState = {
  app_titel: 'Hort Sonnenschein',
  app_untertitel: 'Ganztag',
  app_url: 'https://hort.example',
  app_theme_color_primary: '#2e7d32',
  loginscreen_welcomeText: 'Willkommen!',
  loginscreen_bg_color: '#e8f5e9',
  loginscreen_bg_img: '',
  loginscreen_infos: [{ titel: 'A', text: 'a' }],
  useF: ['100', '010', '100'],
  verantwortlicher: emptyLegalContact,
  datenschutzbeauftragter: emptyLegalContact,
  barrierefreiheit: defaultAccessibilityStatement,
  einrichtung: emptyFacility,
};

describe('app settings form values', () => {
  it('toggles modules, sorted and each once', () => {
    expect(toggleModule(['100'], '010', true)).toEqual(['010', '100']);
    expect(toggleModule(['010', '100'], '010', false)).toEqual(['100']);
    expect(toggleModule(['010'], '010', true)).toEqual(['010']);
  });

  it('edits the enabled modules in a fixed order, so a stored order is no change', () => {
    expect(formValuesOf(saved).useF).toEqual(['010', '100']);
    expect(formValuesOf(saved).loginscreen_infos).toEqual(saved.loginscreen_infos);
  });
});
