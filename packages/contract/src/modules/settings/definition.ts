import type { ModuleDefinition } from '../../platform/module-definition';

export const settingsModule: ModuleDefinition = {
  code: '020',
  title: 'Einstellungen',
  icon: 'NotificationsActive',
  menuRight: 'x|020',
  quicknav: false,
  sort: 20,
  startPage: false,
  dependsOn: [],
  tabs: [{ code: '', label: 'Kalender', right: 'x|020' }],
  rights: { right: 'x|020', label: 'Benachrichtigungseinstellungen', icon: 'NotificationsActive' },
};

export const settingsModuleTexts = {
  pushLabel: 'Push-Benachrichtigungen für Kalendertermine',
  save: 'Speichern',
  saved: 'Erfolgreich gespeichert',
  notSupported: 'Dieses Gerät unterstützt keine Push-Benachrichtigungen.',
  denied: 'Push-Benachrichtigungen wurden im Browser blockiert.',
} as const;
