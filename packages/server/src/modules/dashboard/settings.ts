import {
  conditionAllows,
  dashboardMessages as texts,
  dashboardModule,
  dashboardSettings,
  dashboardWidgets,
  messages,
  type Condition,
  type DashboardSettings,
} from '@hortus/contract';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { CallError } from '../../platform/http/calls';
import { readModuleSettings, writeModuleSettings } from '../../platform/settings/module-settings';
import { readOrgData } from '../../platform/settings/org-data';

/** Dashboard settings (module 000) in the platform's module-settings store. */

const everyone: Condition = { alle: true, gruppen: [] };
const nobody: Condition = { alle: false, gruppen: [] };

export const defaultDashboardSettings: DashboardSettings = {
  useWidgets: dashboardWidgets.map((widget) => widget.id),
  bedingung_f000_sehen: {},
  w1_bedingung_meldungErstellen: nobody,
  w1_standardEmpfaenger: '',
};

export async function readDashboardSettings(db: Db): Promise<DashboardSettings> {
  return readModuleSettings(db, dashboardModule.code, dashboardSettings, defaultDashboardSettings);
}

/** Checks widgets and groups, then stores the settings (widgets without duplicates, conditions only for known widgets). */
export async function saveDashboardSettings(db: Db, input: DashboardSettings): Promise<DashboardSettings> {
  const knownWidgets = new Set<string>(dashboardWidgets.map((widget) => widget.id));
  const knownGroups = new Set((await readOrgData(db)).groups.map((group) => group.id));
  const errors: Record<string, string[]> = {};
  const useWidgets = [...new Set(input.useWidgets)];
  if (useWidgets.some((id) => !knownWidgets.has(id))) errors['dataToSave.data.useWidgets'] = [texts.unknownWidget];
  const conditions: [string, Condition][] = [
    ['w1_bedingung_meldungErstellen', input.w1_bedingung_meldungErstellen],
    ...Object.entries(input.bedingung_f000_sehen).map(([id, condition]): [string, Condition] => {
      if (!knownWidgets.has(id)) errors[`dataToSave.data.bedingung_f000_sehen.${id}`] = [texts.unknownWidget];
      return [`bedingung_f000_sehen.${id}`, condition];
    }),
  ];
  for (const [field, condition] of conditions) {
    if (condition.gruppen.some((id) => !knownGroups.has(id))) errors[`dataToSave.data.${field}`] = [texts.unknownGroup];
  }
  const standard = input.w1_standardEmpfaenger === '' ? [] : input.w1_standardEmpfaenger.split('-').map(Number);
  if (standard.some((id) => !knownGroups.has(id)))
    errors['dataToSave.data.w1_standardEmpfaenger'] = [texts.unknownGroup];
  if (Object.keys(errors).length > 0) throw new CallError('validationError', messages.validationFailed, errors);
  const value: DashboardSettings = {
    useWidgets,
    bedingung_f000_sehen: input.bedingung_f000_sehen,
    w1_bedingung_meldungErstellen: input.w1_bedingung_meldungErstellen,
    w1_standardEmpfaenger: [...new Set(standard)].join('-'),
  };
  await writeModuleSettings(db, dashboardModule.code, value);
  return value;
}

export function widgetCondition(settings: DashboardSettings, widgetId: string): Condition {
  return settings.bedingung_f000_sehen[widgetId] ?? everyone;
}

/** A widget is shown to a user when it is in use and its condition lets the user see it. */
export function seesWidget(settings: DashboardSettings, widgetId: string, user: LoadedUser): boolean {
  return settings.useWidgets.includes(widgetId) && conditionAllows(widgetCondition(settings, widgetId), user);
}

export function mayCreateMessages(settings: DashboardSettings, user: LoadedUser): boolean {
  return conditionAllows(settings.w1_bedingung_meldungErstellen, user);
}
