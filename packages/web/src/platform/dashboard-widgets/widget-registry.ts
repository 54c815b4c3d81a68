import type { ComponentType } from 'react';
import { retryingLazy } from '../lazy/lazy-export';
import { moduleRegistry } from '@hortus/contract';
import type { ModuleWidgets, WidgetProps } from '../module-page/web-module';

/**
 * The platform's registry of dashboard widget components. A widget belongs to the module whose
 * contract definition declares it; its component is the module entry's `widgets[id]`, loaded lazily
 * with the module's chunk. The dashboard draws widgets through this registry, never by importing
 * the module that owns them.
 */

/** Loads the chunk with a module's widgets: its whole entry, or a widget entry of its own (app/modules.ts). */
export type WidgetLoader = () => Promise<{ widgets?: ModuleWidgets }>;

let moduleLoaders: Readonly<Record<string, WidgetLoader>> = {};
const components = new Map<string, ComponentType<WidgetProps> | null>();

/** Called once by the app with its module loaders (app/modules.ts). */
export function registerWidgetModules(loaders: Readonly<Record<string, WidgetLoader>>): void {
  moduleLoaders = loaders;
  components.clear();
}

function Missing() {
  return null;
}

/** The component of a widget (render inside Suspense), or null when no module of this app draws it. */
export function widgetComponent(id: string): ComponentType<WidgetProps> | null {
  const known = components.get(id);
  if (known !== undefined) return known;
  const owner = moduleRegistry.find((module) => module.widgets?.some((widget) => widget.id === id));
  const loader = owner ? moduleLoaders[owner.code] : undefined;
  const component = loader ? retryingLazy(async () => ({ default: (await loader()).widgets?.[id] ?? Missing })) : null;
  components.set(id, component);
  return component;
}
