import type { ModuleDefinition } from '../../platform/module-definition';
import { messages } from '../../platform/messages';

/** Rights of module 150 Anwesenheiten (school.md section 6). */
export const attendanceRights = {
  module: 'x|150',
  list: 'x|150|000',
  /** Add slots; also slot admin of every slot (the shared slot rule, docs/architecture.md, Slots). */
  admin: 'x|150|000|adm',
  /** Add slots. */
  addSlots: 'x|150|000|010',
  settings: 'x|150|set',
} as const;

export const attendanceModule: ModuleDefinition = {
  code: '150',
  title: 'Anwesenheiten',
  icon: 'Checklist',
  menuRight: attendanceRights.module,
  quicknav: true,
  offlineBanner: messages.offlineBannerSchool,
  sort: 150,
  dependsOn: [],
  tabs: [
    { code: '', label: 'Anwesenheiten', right: attendanceRights.module },
    { code: 'set', label: 'Einstellungen', right: attendanceRights.settings },
  ],
  rights: {
    right: attendanceRights.module,
    label: 'Anwesenheiten',
    icon: 'Checklist',
    children: [
      {
        right: attendanceRights.list,
        label: 'Slots und Anwesenheiten',
        icon: 'Checklist',
        children: [
          {
            right: attendanceRights.admin,
            label: 'Alle Slots verwalten und Slots anlegen',
            icon: 'AdminPanelSettings',
          },
          { right: attendanceRights.addSlots, label: 'Slots anlegen', icon: 'Edit' },
        ],
      },
      { right: attendanceRights.settings, label: 'Anwesenheiten-Einstellungen', icon: 'Settings' },
    ],
  },
};
