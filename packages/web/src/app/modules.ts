import { registerWidgetModules, type WidgetLoader } from '../platform/dashboard-widgets/widget-registry';
import { registerMenuBadges } from '../platform/layout/menu-badges';
import { useUnreadMessagesBadge } from '../modules/messages/menu-badge';
import type { ModuleLoader } from '../platform/module-page/web-module';

/**
 * Web-side module registry: module code -> lazy loader of the module's pages (one chunk per module).
 * The module's tabs, labels and rights come from the contract registry (findModule). Adding a module
 * is one line here plus its folder under src/modules. A module's dashboard widgets come from the same
 * entry (its `widgets` export), found through the platform's widget registry.
 */
export const webModules: Readonly<Record<string, ModuleLoader>> = {
  '000': () => import('../modules/dashboard'),
  '001': () => import('../modules/app-settings'),
  '005': () => import('../modules/user-admin'),
  '010': () => import('../modules/profile'),
  '020': () => import('../modules/settings'),
  '100': () => import('../modules/members'),
  '110': () => import('../modules/calendar'),
  '120': () => import('../modules/messages'),
  '130': () => import('../modules/cloud'),
  '150': () => import('../modules/attendance'),
  '200': () => import('../modules/children'),
  '210': () => import('../modules/parent-reports'),
  '220': () => import('../modules/fees'),
  '420': () => import('../modules/payroll'),
  '310': () => import('../modules/hydrants'),
  '410': () => import('../modules/customers'),
  '999': () => import('../modules/app-info'),
};

/**
 * Modules whose dashboard widgets have an entry of their own (`widgets/index.ts`): the dashboard then
 * loads and evaluates the widget, not every page of the module (issue 21). Other modules' widgets come
 * from the module's entry.
 */
const widgetEntries: Readonly<Record<string, WidgetLoader>> = {
  '200': () => import('../modules/children/widgets'),
  '120': () => import('../modules/messages/widgets'),
};

registerWidgetModules({ ...webModules, ...widgetEntries });

/** Modules that count something for their menu entry (platform/layout/menu-badges.tsx): 120's unread messages. */
registerMenuBadges({ '120': useUnreadMessagesBadge });
