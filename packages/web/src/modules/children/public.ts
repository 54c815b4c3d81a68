import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ReportSettings } from '@hortus/contract/modules/children';
import { lazyExport } from '../../platform/lazy/lazy-export';

/**
 * What other web modules may use of module 200 (declared in their `dependsOn`): the fields of the parents'
 * report settings, which 200 keeps with its settings and 210 edits on /210-set as well.
 */

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

/** The report settings' fields, loaded with their own chunk at their first render (render inside Suspense). */
export const ReportSettingsFields = lazyExport(
  () => import('./components/report-settings-fields'),
  'ReportSettingsFields',
);

/**
 * The fields of a child's health notes bound to a form on the contract's `healthInput` (210's proposal of
 * changes), loaded with their own chunk at their first render (render inside Suspense).
 */
export const HealthNotesFields = lazyExport(() => import('./components/health-notes-fields'), 'HealthNotesFields');
