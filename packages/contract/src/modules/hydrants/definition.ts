import type { ModuleDefinition } from '../../platform/module-definition';

/** Rights of module 310 Hydrantenpflege (business.md section 6; matched by containment). */
export const hydrantRights = {
  module: 'x|310',
  /** Map, search and editing (spec: 310|000). */
  map: 'x|310|000',
  /** Map settings and the bulk reset (spec: 310|010). */
  settings: 'x|310|010',
} as const;

export const hydrantsModule: ModuleDefinition = {
  code: '310',
  title: 'Hydrantenpflege',
  icon: 'FireHydrantAlt',
  menuRight: hydrantRights.module,
  quicknav: true,
  sort: 310,
  dependsOn: [],
  tabs: [
    { code: '', label: 'Karte', right: hydrantRights.map },
    { code: '020', label: 'suchen', right: hydrantRights.map },
    { code: '010', label: 'Routen', right: hydrantRights.map },
    { code: '030', label: 'Hydrant bearbeiten', right: hydrantRights.map, hidden: true },
    { code: '100', label: 'Einstellungen', right: hydrantRights.settings },
  ],
  rights: {
    right: hydrantRights.module,
    label: 'Hydrantenpflege',
    icon: 'FireHydrantAlt',
    children: [
      { right: hydrantRights.map, label: 'Karte, Suche und Bearbeitung', icon: 'Map' },
      { right: hydrantRights.settings, label: 'Hydranten-Einstellungen', icon: 'Settings' },
    ],
  },
};
