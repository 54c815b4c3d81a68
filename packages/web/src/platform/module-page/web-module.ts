import type { ComponentType } from 'react';
import type { DashboardWidget } from '@hortus/contract/modules/dashboard';

/** A module's pages, keyed by tab code ('' for the module's first route). */
export type ModulePages = Readonly<Record<string, ComponentType>>;

/** What a dashboard widget's component gets: its entry of the dashboard reply (with its loader's data). */
export interface WidgetProps {
  widget: DashboardWidget;
}

/** A module's dashboard widgets by id (declared with name and order in its contract definition). */
export type ModuleWidgets = Readonly<Record<string, ComponentType<WidgetProps>>>;

/**
 * Loads a module's chunk; the module folder's index.ts default-exports its pages and may export
 * `widgets`, the components of its dashboard widgets.
 */
export type ModuleLoader = () => Promise<{ default: ModulePages; widgets?: ModuleWidgets }>;
