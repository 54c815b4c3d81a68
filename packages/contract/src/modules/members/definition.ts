import type { ModuleDefinition } from '../../platform/module-definition';

export const membersRights = {
  list: 'x|100|000',
  settings: 'x|100|010',
} as const;

export const membersModule: ModuleDefinition = {
  code: '100',
  title: 'Mitglieder',
  icon: 'Contacts',
  menuRight: 'x|100',
  quicknav: true,
  sort: 100,
  dependsOn: ['005'],
  tabs: [
    { code: '', label: 'Mitglieder', right: membersRights.list },
    { code: '010', label: 'Einstellungen', right: membersRights.settings },
  ],
  rights: {
    right: 'x|100',
    label: 'Mitglieder',
    icon: 'Contacts',
    children: [
      { right: membersRights.list, label: 'Mitgliederliste und Details', icon: 'People' },
      { right: membersRights.settings, label: 'Mitglieder-Einstellungen', icon: 'Settings' },
    ],
  },
};
