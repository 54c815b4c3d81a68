import type { ModuleDefinition } from '../../platform/module-definition';

export const appSettingsModule: ModuleDefinition = {
  code: '001',
  title: 'App-Einstellungen',
  icon: 'Settings',
  menuRight: 'x|001',
  quicknav: false,
  sort: 1,
  dependsOn: [],
  // The specification names the only tab of the app settings 'Anwesenheit'.
  tabs: [{ code: '', label: 'Anwesenheit', right: 'x|001' }],
  rights: { right: 'x|001', label: 'App-Einstellungen', icon: 'Settings' },
  alwaysEnabled: true,
};
