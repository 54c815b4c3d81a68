import type { MenuLink, ModuleDefinition } from '@hortus/contract';

export function menuLink(overrides: Partial<MenuLink> & Pick<MenuLink, 'id'>): MenuLink {
  return {
    titel: `Modul ${overrides.id}`,
    icon: 'Apps',
    link: `/${overrides.id}`,
    quicknav: 1,
    sort: Number(overrides.id),
    ...overrides,
  };
}

export function moduleDefinition(overrides: Partial<ModuleDefinition> = {}): ModuleDefinition {
  return {
    code: '010',
    title: 'Profil',
    icon: 'Person',
    menuRight: 'x|010',
    quicknav: true,
    sort: 10,
    dependsOn: [],
    tabs: [
      { code: '', label: 'Meine Daten', right: 'x|010|000' },
      { code: '010', label: 'Kontoeinstellungen', right: 'x|010|010' },
    ],
    rights: { right: 'x|010', label: 'Profil', icon: 'Person' },
    ...overrides,
  };
}
