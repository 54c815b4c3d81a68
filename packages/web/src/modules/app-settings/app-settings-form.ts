import type { AppSettingsData, AppSettingsState } from '@hortus/contract/modules/app-settings';

export type LoginInfo = AppSettingsData['loginscreen_infos'][number];

/** A new, empty login info. */
export const emptyInfo = (): LoginInfo => ({ titel: '', text: '' });

/** Switches a module on or off (codes stay sorted, each once). */
export function toggleModule(useF: readonly string[], code: string, enabled: boolean): string[] {
  const rest = useF.filter((existing) => existing !== code);
  return [...new Set(enabled ? [...rest, code] : rest)].sort();
}

/** The settings as the form edits them: the enabled modules sorted, so their stored order is no change. */
export function formValuesOf(settings: AppSettingsState): AppSettingsState {
  return { ...settings, useF: [...new Set(settings.useF)].sort() };
}
