import type { ModuleDefinition } from '../../platform/module-definition';
import { messages } from '../../platform/messages';

/** Rights of module 200 Kinder (school.md section 6). */
export const childrenRights = {
  module: 'x|200',
  /** The children tab (Kinderverwaltung). */
  list: 'x|200|000|000',
  /** Add and delete children. */
  addDelete: 'x|200|000|010',
  /** Parent accounts tab; opening a child's parent account. */
  parents: 'x|200|100',
  /** Statistics tab (issue 15). */
  statistics: 'x|200|200',
  /** Create consent requests and remind parents (issue 44). */
  consents: 'x|200|300',
  settings: 'x|200|set',
} as const;

export const childrenModule: ModuleDefinition = {
  code: '200',
  title: 'Kinder',
  icon: 'ChildCare',
  menuRight: childrenRights.module,
  quicknav: true,
  offlineBanner: messages.offlineBannerSchool,
  sort: 200,
  dependsOn: ['000'],
  tabs: [
    { code: '', label: 'Kinderverwaltung', right: childrenRights.list },
    // The phone check-in screen (issue 47): where the table changes the status, with the same right.
    { code: 'checkin', label: 'Check-in', right: childrenRights.list },
    { code: '100', label: 'Eltern', right: childrenRights.parents },
    { code: '200', label: 'Statistik', right: childrenRights.statistics },
    { code: 'set', label: 'Einstellungen', right: childrenRights.settings },
  ],
  widgets: [{ id: 'w2', name: 'Abwesenheiten', order: 20 }],
  rights: {
    right: childrenRights.module,
    label: 'Kinder',
    icon: 'ChildCare',
    children: [
      {
        right: childrenRights.list,
        label: 'Kinderverwaltung',
        icon: 'ChildCare',
        children: [{ right: childrenRights.addDelete, label: 'Kinder anlegen und löschen', icon: 'Edit' }],
      },
      { right: childrenRights.parents, label: 'Elternkonten', icon: 'FamilyRestroom' },
      { right: childrenRights.statistics, label: 'Statistik', icon: 'Notes' },
      { right: childrenRights.consents, label: 'Einwilligungen anfragen', icon: 'Notes' },
      { right: childrenRights.settings, label: 'Kinder-Einstellungen', icon: 'Settings' },
    ],
  },
};
