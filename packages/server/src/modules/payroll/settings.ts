import {
  payrollMessages,
  payrollModule,
  payrollSettings,
  type PayrollSettings,
} from '@hortus/contract/modules/payroll';
import type { Db } from '../../platform/db/database';
import { invalid } from '../../platform/http/calls';
import { payrollEmployees } from './schema';
import { readModuleSettings, writeModuleSettings } from '../../platform/settings/module-settings';

/** No wage groups yet; holidays of Nordrhein-Westfalen (the most populous state) until an admin chooses. */
export const defaultPayrollSettings: PayrollSettings = {
  lohngruppen: [],
  bundesland: 'NW',
  region: '',
  dataOffline: false,
  datev: { beraternummer: '', mandantennummer: '' },
};

export function readPayrollSettings(db: Db): Promise<PayrollSettings> {
  return readModuleSettings(db, payrollModule.code, payrollSettings, defaultPayrollSettings);
}

/**
 * saveSettings: the wage groups and the federal state (the region only counts in Bavaria). A wage group
 * an employee still uses (default, contract or exception) cannot be removed; saved payrolls keep their own copy.
 */
export async function savePayrollSettings(db: Db, input: PayrollSettings): Promise<void> {
  const kept = new Set(input.lohngruppen.map((group) => group.id));
  const employees = await db
    .select({
      standard: payrollEmployees.standardLohngruppe,
      vertrag: payrollEmployees.vertragLohngruppe,
      ausnahmen: payrollEmployees.ausnahmen,
    })
    .from(payrollEmployees);
  const used = employees.flatMap((e) => [e.standard, e.vertrag, ...e.ausnahmen.map((a) => a.lohngruppe)]);
  if (used.some((id) => id !== 0 && !kept.has(id))) {
    throw invalid('settings.lohngruppen', payrollMessages.wageGroupInUse);
  }
  await writeModuleSettings(db, payrollModule.code, {
    ...input,
    region: input.bundesland === 'BY' ? input.region : '',
  });
}
