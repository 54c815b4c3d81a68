import { messages } from '@hortus/contract';
import type { LoadedUser } from '../auth/session-user';
import type { Db } from '../db/database';
import { CallError, type AppContext, type CallDefinition, type SessionCallContext } from '../http/calls';

/** What a widget's loader gets: the app, the database and the user the dashboard is shown to. */
export interface WidgetContext {
  app: AppContext;
  db: Db;
  user: LoadedUser;
}

/**
 * A dashboard widget's server side, contributed by any module (its name and default order are the
 * module's `widgets` in the contract). The dashboard asks `load` for every widget a user sees and puts
 * the answer into the widget's entry of its reply.
 */
export interface ServerWidget {
  /**
   * The widget's data for a user who sees it (fields beside id, name and the visibility). Answer the same
   * object while the data is the same (the dashboard keeps its reply bytes while every widget does) and
   * never change an object once answered. Read what it depends on through the hot cache (`remember`, with
   * invalidation at the write sites) and name the time it changes by itself (`holdsUntil`): the dashboard
   * answers its kept reply without asking the widget again while every cache entry read holds.
   */
  load(ctx: WidgetContext): Promise<Record<string, unknown>>;
  /**
   * Whether the widget is offered to this user at all, beyond the dashboard's visibility condition (e.g. only to
   * users with a class to see). Missing: offered to everyone the condition allows. Checked for the widget's
   * entry and its calls alike.
   */
  offeredTo?(ctx: WidgetContext): Promise<boolean>;
  /** The widget's own calls: answered only for users the widget is shown to (else noRight). */
  calls?: CallDefinition[];
}

/** The data of a widget that has none in the dashboard's reply: one shared, frozen object. */
export const noWidgetData: Record<string, unknown> = Object.freeze({});

/**
 * Who may use a widget: decided by the module that shows the widgets (the dashboard: widget in use and
 * its visibility condition allows the user). Without such a module no widget call is answered.
 */
export type WidgetAccess = (ctx: WidgetContext, widgetId: string) => Promise<boolean>;

/** The widgets of all modules by id (one id, one module). */
export function widgetRegistry(
  modules: readonly { code: string; dashboardWidgets?: Record<string, ServerWidget> }[],
): ReadonlyMap<string, ServerWidget> {
  const registry = new Map<string, ServerWidget>();
  for (const module of modules) {
    for (const [id, widget] of Object.entries(module.dashboardWidgets ?? {})) {
      if (registry.has(id)) throw new Error(`Widget ${id} of module ${module.code} is declared twice`);
      registry.set(id, widget);
    }
  }
  return registry;
}

/** A widget call guarded by the widget rule: the handler runs only for users the widget is shown to. */
export function widgetCall(widgetId: string, call: CallDefinition): CallDefinition {
  if (call.auth !== 'session') throw new Error(`Call ${call.path} of widget ${widgetId} needs a session`);
  return {
    ...call,
    async handle(ctx: SessionCallContext<unknown>) {
      const access = ctx.app.widgetAccess;
      if (!access || !(await access({ app: ctx.app, db: ctx.db, user: ctx.user }, widgetId))) {
        throw new CallError('noRight', messages.accessDenied);
      }
      return call.handle(ctx);
    },
  };
}

/** Every widget's calls, each guarded by the widget rule. */
export function widgetCalls(widgets: ReadonlyMap<string, ServerWidget>): CallDefinition[] {
  return [...widgets].flatMap(([id, widget]) => (widget.calls ?? []).map((call) => widgetCall(id, call)));
}
