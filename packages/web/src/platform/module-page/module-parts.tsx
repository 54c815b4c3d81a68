import type { ComponentType } from 'react';
import { retryingLazy } from '../lazy/lazy-export';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ReportSettings } from '@hortus/contract';

/** The report settings' fields, bound to a settings page's form (the classes for the release times' conditions). */
export interface ReportSettingsFieldsProps {
  /** A settings form whose values contain the report settings (see reportSettingsForm). */
  form: UseFormReturn<ReportSettings, unknown, unknown>;
  classes: { id: number; name: string }[];
}

/**
 * A settings form whose values hold the report settings among others (module 200's 'Allgemein', module
 * 210's settings), as the report settings' fields take it.
 */
export function reportSettingsForm<T extends FieldValues & ReportSettings, O>(
  form: UseFormReturn<T, unknown, O>,
): UseFormReturn<ReportSettings, unknown, unknown> {
  return form as unknown as UseFormReturn<ReportSettings, unknown, unknown>;
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
  return retryingLazy(async () => {
    const loader = partLoaders[name];
    const part = loader ? (await loader()).parts?.[name] : undefined;
    return { default: part ?? Missing };
  }) as unknown as ModuleParts[K];
}
