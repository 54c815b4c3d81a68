import type { ModuleDefinition } from '../../platform/module-definition';
import { messages } from '../../platform/messages';

/** Rights of module 130 Cloud (school.md section 6). */
export const cloudRights = {
  /** The 'Dateien' tab: any right containing x|130. */
  files: 'x|130',
  /** Add slots; also slot admin of every slot (docs/architecture.md, Cloud). */
  admin: 'x|130|000|adm',
  /** Add slots. */
  addSlots: 'x|130|000|010',
  settings: 'x|130|set',
} as const;

export const cloudModule: ModuleDefinition = {
  code: '130',
  title: 'Cloud',
  icon: 'Cloud',
  menuRight: 'x|130',
  quicknav: true,
  offlineBanner: messages.offlineBannerSchool,
  sort: 130,
  dependsOn: [],
  tabs: [
    { code: '', label: 'Dateien', right: cloudRights.files },
    { code: 'set', label: 'Einstellungen', right: cloudRights.settings },
  ],
  rights: {
    right: 'x|130',
    label: 'Cloud',
    icon: 'Cloud',
    children: [
      {
        right: 'x|130|000',
        label: 'Dateien',
        icon: 'Folder',
        children: [
          { right: cloudRights.admin, label: 'Alle Slots verwalten und Slots anlegen', icon: 'AdminPanelSettings' },
          { right: cloudRights.addSlots, label: 'Slots anlegen', icon: 'CreateNewFolder' },
        ],
      },
      { right: cloudRights.settings, label: 'Cloud-Einstellungen', icon: 'Settings' },
    ],
  },
};
