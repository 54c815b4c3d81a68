import { widgetsOf, type WidgetDefinition } from '@hortus/contract';
import type { DashboardWidget } from '@hortus/contract/modules/dashboard';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { AppContext } from '../../platform/http/calls';
import { noWidgetData, type WidgetAccess, type WidgetContext } from '../../platform/modules/widgets';
import { readDashboardSettings, seesWidget, widgetCondition, type ReadDashboardSettings } from './settings';

/**
 * The dashboard shows the widgets of every module through the platform: their names and default
 * order from the contract's module definitions (app.modules), their data from the modules' server
 * widgets (app.widgets). It never imports another module.
 */

/** The widgets of the app's modules, in their order (computed once per app: it runs on every dashboard load). */
export function moduleWidgets(app: AppContext): readonly WidgetDefinition[] {
  let widgets = widgetsByApp.get(app);
  if (!widgets) {
    widgets = widgetsOf(app.modules);
    widgetsByApp.set(app, widgets);
  }
  return widgets;
}

const widgetsByApp = new WeakMap<AppContext, readonly WidgetDefinition[]>();

export function dashboardSettingsOf(app: AppContext): Promise<ReadDashboardSettings> {
  return readDashboardSettings(app.db, moduleWidgets(app));
}

/** The widget rule of the platform: a widget's calls are answered for the users it is shown to. */
export const dashboardWidgetAccess: WidgetAccess = async (ctx, widgetId) =>
  seesWidget(await dashboardSettingsOf(ctx.app), widgetId, ctx.user) && (await offered(ctx, widgetId));

/** The widget module's own rule (ServerWidget.offeredTo); true when it has none. */
async function offered(ctx: WidgetContext, widgetId: string): Promise<boolean> {
  const offeredTo = ctx.app.widgets.get(widgetId)?.offeredTo;
  return offeredTo ? offeredTo(ctx) : true;
}

/** The widgets a user sees, in the configured order, each with its data (`data`: what the widget's load answered). */
export async function widgetsFor(
  app: AppContext,
  user: LoadedUser,
  settings: ReadDashboardSettings,
): Promise<{ widget: DashboardWidget; data: object }[]> {
  const known = moduleWidgets(app);
  const result: { widget: DashboardWidget; data: object }[] = [];
  for (const id of settings.useWidgets) {
    const definition = known.find((widget) => widget.id === id);
    if (!definition || !seesWidget(settings, id, user)) continue;
    const ctx = { app, db: app.db, user };
    if (!(await offered(ctx, id))) continue;
    const widget = app.widgets.get(id);
    const data = widget ? await widget.load(ctx) : noWidgetData;
    result.push({
      widget: {
        ...data,
        id,
        name: definition.name,
        bedingung_f000_sehen: widgetCondition(settings, id),
        nutzer_sehen: true,
      },
      data,
    });
  }
  return result;
}
