import type { ModuleDefinition } from '../../platform/module-definition';
import { accountRights } from '../../platform/users';

/** The rights of user administration are the platform's account rights (platform/users.ts). */
export const userAdminRights = accountRights;

export const userAdminModule: ModuleDefinition = {
  code: '005',
  title: 'Benutzerverwaltung',
  icon: 'ManageAccounts',
  menuRight: 'x|005',
  quicknav: false,
  sort: 5,
  dependsOn: ['001'],
  tabs: [
    { code: '', label: 'Benutzer', right: userAdminRights.list },
    { code: '010', label: 'Parameter', right: userAdminRights.parameters },
    { code: '020', label: 'Gruppen', right: userAdminRights.groups },
    { code: '030', label: 'Protokoll', right: userAdminRights.protokoll },
    { code: '040', label: 'Datenschutz', right: userAdminRights.datenschutz },
  ],
  rights: {
    right: 'x|005',
    label: 'Benutzerverwaltung',
    icon: 'ManageAccounts',
    children: [
      {
        right: userAdminRights.list,
        label: 'Benutzer ansehen',
        icon: 'People',
        children: [
          { right: userAdminRights.add, label: 'Benutzer hinzufügen', icon: 'PersonAdd' },
          { right: userAdminRights.edit, label: 'Benutzer bearbeiten', icon: 'Edit' },
          { right: userAdminRights.delete, label: 'Benutzer löschen', icon: 'PersonRemove' },
        ],
      },
      { right: userAdminRights.parameters, label: 'Nutzerparameter verwalten', icon: 'Tune' },
      { right: userAdminRights.groups, label: 'Gruppen verwalten', icon: 'Groups' },
      { right: userAdminRights.protokoll, label: 'Protokoll', icon: 'History' },
      { right: userAdminRights.datenschutz, label: 'Datenschutz', icon: 'Security' },
    ],
  },
  alwaysEnabled: true,
};
