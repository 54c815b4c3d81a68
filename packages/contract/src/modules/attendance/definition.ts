import type { ModuleDefinition } from '../../platform/module-definition';

/** Rights of module 150 Anwesenheiten (school.md section 6). */
export const attendanceRights = {
  module: 'x|150',
  list: 'x|150|000',
  addSlotAdmin: 'x|150|000|adm',
  addSlot: 'x|150|000|010',
  settings: 'x|150|set',
} as const;

export const attendanceModule: ModuleDefinition = {
  code: '150',
  title: 'Anwesenheiten',
  icon: 'Checklist',
  menuRight: attendanceRights.module,
  quicknav: true,
  sort: 150,
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
          { right: attendanceRights.addSlotAdmin, label: 'Slots anlegen (Verwaltung)', icon: 'AdminPanelSettings' },
          { right: attendanceRights.addSlot, label: 'Slots anlegen', icon: 'Edit' },
        ],
      },
      { right: attendanceRights.settings, label: 'Anwesenheiten-Einstellungen', icon: 'Settings' },
    ],
  },
};
