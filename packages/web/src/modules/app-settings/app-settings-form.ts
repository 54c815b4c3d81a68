import { appSettingsData, fieldErrors, type AppSettingsData, safeParseReporting } from '@hortus/contract';

export type LoginInfo = AppSettingsData['loginscreen_infos'][number];

const emptyInfo = (): LoginInfo => ({ titel: '', text: '' });

/** Removes the entry at `index`. */
export function removeInfo(infos: readonly LoginInfo[], index: number): LoginInfo[] {
  return infos.filter((_info, position) => position !== index);
}

/** Inserts a new empty entry after `index` (-1: at the start, used by the add button of an empty list). */
export function insertInfoAfter(infos: readonly LoginInfo[], index: number): LoginInfo[] {
  return [...infos.slice(0, index + 1), emptyInfo(), ...infos.slice(index + 1)];
}

export function updateInfo(infos: readonly LoginInfo[], index: number, change: Partial<LoginInfo>): LoginInfo[] {
  return infos.map((info, position) => (position === index ? { ...info, ...change } : info));
}

/** Switches a module on or off (codes stay sorted). */
export function toggleModule(useF: readonly string[], code: string, enabled: boolean): string[] {
  const rest = useF.filter((existing) => existing !== code);
  return (enabled ? [...rest, code] : rest).sort();
}

function normalized(settings: AppSettingsData): string {
  return JSON.stringify({ ...settings, useF: [...new Set(settings.useF)].sort() });
}

/** Whether the form differs from the saved settings (the order of enabled modules does not count). */
export function appSettingsChanged(saved: AppSettingsData, current: AppSettingsData): boolean {
  return normalized(saved) !== normalized(current);
}

/** German messages keyed by field path ('app_titel', 'loginscreen_infos.0.titel'); empty when valid. */
export function appSettingsErrors(settings: AppSettingsData): Record<string, string> {
  const parsed = safeParseReporting(appSettingsData, settings);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const [path, messages] of Object.entries(fieldErrors(parsed.error))) {
    const first = messages[0];
    if (first !== undefined) errors[path] = first;
  }
  return errors;
}
