import type { ModuleDefinition, RightNode } from './platform/module-definition';
import { appInfoModule } from './modules/app-info/definition';
import { appSettingsModule } from './modules/app-settings/definition';
import { profileModule } from './modules/profile/definition';
import { settingsModule } from './modules/settings/definition';
import { userAdminModule } from './modules/user-admin/definition';
import { membersModule } from './modules/members/definition';
import { messagesModule } from './modules/messages/definition';
import { cloudModule } from './modules/cloud/definition';
import { calendarModule } from './modules/calendar/definition';
import { dashboardModule } from './modules/dashboard/definition';
import { attendanceModule } from './modules/attendance/definition';
import { childrenModule } from './modules/children/definition';
import { parentReportsModule } from './modules/parent-reports/definition';
import { feesModule } from './modules/fees/definition';
import { payrollModule } from './modules/payroll/definition';
import { hydrantsModule } from './modules/hydrants/definition';
import { customersModule } from './modules/customers/definition';

/** Every module the product has built, one line each. Modules not built yet are absent. */
export const moduleRegistry: readonly ModuleDefinition[] = [
  dashboardModule,
  appSettingsModule,
  userAdminModule,
  profileModule,
  settingsModule,
  membersModule,
  messagesModule,
  calendarModule,
  cloudModule,
  attendanceModule,
  childrenModule,
  parentReportsModule,
  feesModule,
  payrollModule,
  hydrantsModule,
  customersModule,
  appInfoModule,
];

/**
 * What is wrong with the modules' declared dependencies (`dependsOn`): a code no module of `modules` has, a
 * module depending on itself, a cycle (named by its codes). Empty when the graph is sound.
 */
export function dependencyProblems(modules: readonly ModuleDefinition[]): string[] {
  const byCode = new Map(modules.map((module) => [module.code, module]));
  const problems: string[] = [];
  for (const module of modules) {
    for (const code of module.dependsOn) {
      if (code === module.code) problems.push(`${module.code} depends on itself`);
      else if (!byCode.has(code)) problems.push(`${module.code} depends on ${code}, which is no module`);
    }
  }
  const done = new Set<string>();
  const visit = (code: string, path: readonly string[]): void => {
    if (path.includes(code)) {
      problems.push(`cycle ${[...path.slice(path.indexOf(code)), code].join(' → ')}`);
      return;
    }
    if (done.has(code)) return;
    for (const next of byCode.get(code)?.dependsOn ?? []) if (next !== code) visit(next, [...path, code]);
    done.add(code);
  };
  for (const module of modules) visit(module.code, []);
  return problems;
}

export function findModule(code: string): ModuleDefinition | undefined {
  return moduleRegistry.find((module) => module.code === code);
}

/** The full rights tree: one root whose children are the modules' trees. */
export const rightsTree: RightNode = {
  right: 'x',
  label: 'Alle Rechte',
  icon: 'Security',
  locked: true,
  children: moduleRegistry.map((module) => module.rights),
};
