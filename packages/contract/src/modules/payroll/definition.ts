import type { ModuleDefinition } from '../../platform/module-definition';

/** Rights of module 420 Mitarbeiter (business.md section 6). */
export const payrollRights = {
  module: 'x|420',
  /** Employees, payrolls and the module's settings (wage groups, federal state). */
  employees: 'x|420|000',
} as const;

export const payrollModule: ModuleDefinition = {
  code: '420',
  title: 'Mitarbeiter',
  icon: 'Badge',
  menuRight: payrollRights.employees,
  quicknav: true,
  sort: 420,
  dependsOn: [],
  tabs: [{ code: '', label: 'Mitarbeiter', right: payrollRights.employees }],
  rights: {
    right: payrollRights.module,
    label: 'Mitarbeiter',
    icon: 'Badge',
    children: [{ right: payrollRights.employees, label: 'Mitarbeiter und Lohnabrechnungen', icon: 'Badge' }],
  },
};
