import type { ModuleDefinition } from '../../platform/module-definition';

export const dashboardRights = {
  view: 'x|000|000',
  settings: 'x|000|set',
} as const;

/** Module 000 Dashboard: news feed and (later) further widgets; the natural start page. */
export const dashboardModule: ModuleDefinition = {
  code: '000',
  title: 'Dashboard',
  icon: 'Dashboard',
  menuRight: 'x|000',
  quicknav: true,
  sort: 0,
  dependsOn: [],
  tabs: [
    { code: '', label: 'Dashboard', right: dashboardRights.view },
    { code: 'set', label: 'Einstellungen', right: dashboardRights.settings },
  ],
  widgets: [{ id: 'w1', name: 'Meldungen', order: 10 }],
  rights: {
    right: 'x|000',
    label: 'Dashboard',
    icon: 'Dashboard',
    children: [
      { right: dashboardRights.view, label: 'Dashboard ansehen', icon: 'Dashboard' },
      { right: dashboardRights.settings, label: 'Dashboard-Einstellungen', icon: 'Settings' },
    ],
  },
};
