import type { ModuleDefinition } from '../../platform/module-definition';

export const appInfoModule: ModuleDefinition = {
  code: '999',
  title: 'App-Info',
  icon: 'Info',
  menuRight: 'x|999',
  quicknav: false,
  sort: 999,
  startPage: false,
  dependsOn: [],
  tabs: [
    { code: '', label: 'Appinfo', right: 'x|999|000' },
    { code: '100', label: 'Hilfe', right: 'x|999|100' },
  ],
  rights: {
    right: 'x|999',
    label: 'App-Info',
    icon: 'Info',
    children: [
      { right: 'x|999|000', label: 'Appinfo ansehen', icon: 'Info' },
      { right: 'x|999|100', label: 'Hilfe ansehen', icon: 'Help' },
    ],
  },
  alwaysEnabled: true,
};

/** Provider shown on the app info page (business.md 2.5). */
export const appInfoProvider = {
  name: 'Hortus',
  description: 'Dieses System wird von Hortus entwickelt und gehostet.',
  chips: ['IT-Service', 'Webentwicklung', 'Hosting'],
  website: 'https://hortus.example',
  mail: 'kontakt@hortus.example',
  helpPlaceholder: 'Hier erscheinen in Kürze Antworten auf häufig gestellte Fragen.',
} as const;
