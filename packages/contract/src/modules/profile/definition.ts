import type { ModuleDefinition } from '../../platform/module-definition';

export const profileModule: ModuleDefinition = {
  code: '010',
  title: 'Profil',
  icon: 'AccountCircle',
  menuRight: 'x|010',
  quicknav: false,
  sort: 10,
  startPage: false,
  dependsOn: [],
  tabs: [
    { code: '', label: 'Meine Daten', right: 'x|010' },
    { code: '010', label: 'Kontoeinstellungen', right: 'x|010' },
  ],
  rights: { right: 'x|010', label: 'Profil und Passwort', icon: 'AccountCircle' },
};
