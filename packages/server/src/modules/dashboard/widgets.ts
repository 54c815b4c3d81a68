import {
  dashboardWidgets,
  parameterType,
  parseGroupList,
  type DashboardSettings,
  type DashboardWidget,
} from '@hortus/contract';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { groupParameters } from '../../platform/db/schema';
import { readOrgData } from '../../platform/settings/org-data';
import { feedFor } from './messages';
import { mayCreateMessages, seesWidget, widgetCondition } from './settings';

/** What a widget adds to its entry in getSettings for a user who sees it. */
type WidgetLoader = (db: Db, user: LoadedUser, settings: DashboardSettings) => Promise<Partial<DashboardWidget>>;

/**
 * Server side of the widget frame: widget id -> loader of its data. Widget 2 (attendance exceptions)
 * plugs in with one entry here (its own call ?func=w2 is registered in calls.ts).
 */
export const widgetLoaders: Record<string, WidgetLoader> = {
  w1: async (db, user, settings) => ({
    meldungen: await feedFor(db, user),
    kannErstellen: mayCreateMessages(settings, user),
    standardEmpfaenger: parseGroupList(settings.w1_standardEmpfaenger),
    emailParameter: await emailParameters(db),
  }),
};

async function emailParameters(db: Db) {
  const org = await readOrgData(db);
  const links = await db.select().from(groupParameters);
  return org.parameters
    .filter((parameter) => parameter.typ === parameterType.email)
    .map((parameter) => ({
      id: parameter.id,
      name: parameter.name,
      gruppen: links.filter((link) => link.parameterId === parameter.id).map((link) => link.groupId),
    }));
}

/** The widgets a user sees, in the configured order, each with its data. */
export async function widgetsFor(db: Db, user: LoadedUser, settings: DashboardSettings): Promise<DashboardWidget[]> {
  const result: DashboardWidget[] = [];
  for (const id of settings.useWidgets) {
    const known = dashboardWidgets.find((widget) => widget.id === id);
    if (!known || !seesWidget(settings, id, user)) continue;
    const loader = widgetLoaders[id];
    result.push({
      id,
      name: known.name,
      bedingung_f000_sehen: widgetCondition(settings, id),
      nutzer_sehen: true,
      ...(loader ? await loader(db, user, settings) : {}),
    });
  }
  return result;
}
