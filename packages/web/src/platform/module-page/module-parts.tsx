import { lazy, type ComponentType } from 'react';
import type { ReportSettings } from '@hortus/contract';
import type { SettingsDraft } from '../forms/settings-draft';

/** The report settings' fields, bound to a settings page's draft (the classes for the release times' conditions). */
export interface ReportSettingsFieldsProps {
  draft: SettingsDraft<ReportSettings>;
  classes: { id: number; name: string }[];
}

/**
 * Components one module draws and another shows on its pages, named here so that neither imports the other
 * (like dashboard widgets; docs/architecture.md "Capabilities"): the providing module's parts entry exports
 * `parts`, the app wires each part's name to that entry (app/modules.ts).
 */
export interface ModuleParts {
  /** The parents' report settings, kept with the children's settings (module 200) and edited on /210-set. */
  reportSettingsFields: ComponentType<ReportSettingsFieldsProps>;
}

/** Loads the chunk of the module that provides a part. */
export type PartLoader = () => Promise<{ parts?: Partial<ModuleParts> }>;

let partLoaders: Partial<Record<keyof ModuleParts, PartLoader>> = {};

/** Called once by the app with the loader of each part's module (app/modules.ts). */
export function registerModuleParts(loaders: Partial<Record<keyof ModuleParts, PartLoader>>): void {
  partLoaders = loaders;
}

function Missing() {
  return null;
}

/** A part's component, loaded with its module's chunk (render inside Suspense); draws nothing without the module. */
export function modulePart<K extends keyof ModuleParts>(name: K): ModuleParts[K] {
  return lazy(async () => {
    const loader = partLoaders[name];
    const part = loader ? (await loader()).parts?.[name] : undefined;
    return { default: part ?? Missing };
  }) as unknown as ModuleParts[K];
}
