import type { ModuleDefinition } from '../../platform/module-definition';

/** Rights of module 120 (issue 43): read and write, broadcasts, settings. */
export const messagesRights = {
  module: 'x|120',
  /** Read one's conversations and write to whom the record rules allow. */
  write: 'x|120|000',
  /** Broadcasts to classes, groups or several people. */
  broadcast: 'x|120|010',
  /** The module's settings (office group, retention). */
  settings: 'x|120|set',
} as const;

export const messagesModule: ModuleDefinition = {
  code: '120',
  title: 'Nachrichten',
  icon: 'Chat',
  menuRight: messagesRights.module,
  quicknav: true,
  sort: 120,
  // Classes and parents come from the children module's public surface (who may write to whom).
  dependsOn: ['200'],
  // The caller's conversations with unread messages (server widget.ts, web widgets/).
  widgets: [{ id: 'w3', name: 'Neue Nachrichten', order: 30 }],
  tabs: [
    { code: '', label: 'Nachrichten', right: messagesRights.write },
    { code: 'set', label: 'Einstellungen', right: messagesRights.settings },
  ],
  rights: {
    right: messagesRights.module,
    label: 'Nachrichten',
    icon: 'Chat',
    children: [
      { right: messagesRights.write, label: 'Nachrichten lesen und schreiben', icon: 'Edit' },
      { right: messagesRights.broadcast, label: 'Rundschreiben', icon: 'Campaign' },
      { right: messagesRights.settings, label: 'Nachrichten-Einstellungen', icon: 'Settings' },
    ],
  },
};
