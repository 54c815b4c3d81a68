import { conditionAllows, hasRight, type Condition, type WidgetDefinition } from '@hortus/contract';
import {
  dashboardMessages as texts,
  dashboardModule,
  dashboardRights,
  dashboardSettings,
  type DashboardSettings,
} from '@hortus/contract/modules/dashboard';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { invalid } from '../../platform/http/calls';
import {
  readSharedModuleSettings,
  writeModuleSettings,
  type DeepReadonly,
} from '../../platform/settings/module-settings';
import { readOrgData } from '../../platform/settings/org-data';

/** Dashboard settings (module 000) in the platform's module-settings store. */

const everyone: Condition = { alle: true, gruppen: [] };
const nobody: Condition = { alle: false, gruppen: [] };

/** Until the settings are saved: every widget of every module in default order, seen by everybody. */
export function defaultDashboardSettings(widgets: readonly WidgetDefinition[]): DashboardSettings {
  return {
    useWidgets: widgets.map((widget) => widget.id),
    bedingung_f000_sehen: {},
    w1_bedingung_meldungErstellen: nobody,
    w1_standardEmpfaenger: '',
    w1_200_Elterngruppe: 0,
  };
}

/** The stored settings as every request shares them (read on every dashboard load; never changed by a reader). */
export type ReadDashboardSettings = DeepReadonly<DashboardSettings>;

/** The settings; `widgets` are the widgets of all modules (widgetsOf(app.modules)) in default order. */
export async function readDashboardSettings(
  db: Db,
  widgets: readonly WidgetDefinition[],
): Promise<ReadDashboardSettings> {
  return readSharedModuleSettings(db, dashboardModule.code, dashboardSettings, defaultDashboardSettings(widgets));
}

/** Checks widgets and groups, then stores the settings (widgets without duplicates, conditions only for known widgets). */
export async function saveDashboardSettings(
  db: Db,
  widgets: readonly WidgetDefinition[],
  input: DashboardSettings,
): Promise<DashboardSettings> {
  const knownWidgets = new Set<string>(widgets.map((widget) => widget.id));
  const knownGroups = new Set((await readOrgData(db)).groups.map((group) => group.id));
  const errors: Record<string, string[]> = {};
  const useWidgets = [...new Set(input.useWidgets)];
  if (useWidgets.some((id) => !knownWidgets.has(id))) errors['useWidgets'] = [texts.unknownWidget];
  const conditions: [string, Condition][] = [
    ['w1_bedingung_meldungErstellen', input.w1_bedingung_meldungErstellen],
    ...Object.entries(input.bedingung_f000_sehen).map(([id, condition]): [string, Condition] => {
      if (!knownWidgets.has(id)) errors[`bedingung_f000_sehen.${id}`] = [texts.unknownWidget];
      return [`bedingung_f000_sehen.${id}`, condition];
    }),
  ];
  for (const [field, condition] of conditions) {
    if (condition.gruppen.some((id) => !knownGroups.has(id))) errors[field] = [texts.unknownGroup];
  }
  const standard = input.w1_standardEmpfaenger === '' ? [] : input.w1_standardEmpfaenger.split('-').map(Number);
  if (standard.some((id) => !knownGroups.has(id))) errors['w1_standardEmpfaenger'] = [texts.unknownGroup];
  const parentGroup = input.w1_200_Elterngruppe ?? (await readDashboardSettings(db, widgets)).w1_200_Elterngruppe ?? 0;
  if (parentGroup !== 0 && !knownGroups.has(parentGroup)) errors['w1_200_Elterngruppe'] = [texts.unknownGroup];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const value: DashboardSettings = {
    useWidgets,
    bedingung_f000_sehen: input.bedingung_f000_sehen,
    w1_bedingung_meldungErstellen: input.w1_bedingung_meldungErstellen,
    w1_standardEmpfaenger: [...new Set(standard)].join('-'),
    w1_200_Elterngruppe: parentGroup,
  };
  await writeModuleSettings(db, dashboardModule.code, value);
  return value;
}

export function widgetCondition(settings: ReadDashboardSettings, widgetId: string): Condition {
  // Conditions only go into replies and checks: the shared value is handed on as it is.
  return (settings.bedingung_f000_sehen[widgetId] as Condition | undefined) ?? everyone;
}

/**
 * A widget is shown to a user (and its calls answered) when the user sees the dashboard, the widget
 * is in use and its condition lets the user see it.
 */
export function seesWidget(settings: ReadDashboardSettings, widgetId: string, user: LoadedUser): boolean {
  return (
    hasRight(user.rechte, dashboardRights.view) &&
    settings.useWidgets.includes(widgetId) &&
    conditionAllows(widgetCondition(settings, widgetId), user)
  );
}
