import { scanSettings, type ScanSettings } from '@hortus/contract/modules/children';

/** Scan settings live on the device only (school.md 3.4, 4.7). */
export const SCAN_SETTINGS_KEY = 'scanStation';

/** The station's stored settings; a missing or broken entry gives the defaults. */
export function readScanSettings(): ScanSettings {
  try {
    const parsed = scanSettings.safeParse(JSON.parse(localStorage.getItem(SCAN_SETTINGS_KEY) ?? '{}'));
    return parsed.success ? parsed.data : scanSettings.parse({});
  } catch {
    return scanSettings.parse({});
  }
}

export function writeScanSettings(settings: ScanSettings): void {
  localStorage.setItem(SCAN_SETTINGS_KEY, JSON.stringify(settings));
}
