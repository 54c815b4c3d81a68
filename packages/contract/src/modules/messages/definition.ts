import type { ModuleDefinition } from '../../platform/module-definition';

/** Module 120 is a placeholder view without behaviour (core.md section 1). */
export const messagesModule: ModuleDefinition = {
  code: '120',
  title: 'Nachrichten',
  icon: 'Chat',
  menuRight: 'x|120',
  quicknav: true,
  sort: 120,
  dependsOn: [],
  tabs: [{ code: '', label: 'Nachrichten', right: 'x|120' }],
  rights: { right: 'x|120', label: 'Nachrichten', icon: 'Chat' },
};

export const messagesPlaceholderText = 'Nachrichten sind in Vorbereitung.';
