import {
  DEFAULT_INSPECTION_YEARS,
  hydrantSettings,
  hydrantsModule,
  type HydrantSettings,
} from '@hortus/contract/modules/hydrants';
import type { Db } from '../../platform/db/database';
import { readModuleSettings, writeModuleSettings } from '../../platform/settings/module-settings';

const stored = hydrantSettings.nullable();

/** The map settings, or null when none were saved (the map then starts at the fallback home position). */
export function readHydrantSettings(db: Db): Promise<HydrantSettings | null> {
  return readModuleSettings(db, hydrantsModule.code, stored, null);
}

/** saveSettings: start position and zoom; the inspection cycle stays unless given. */
export async function saveHydrantSettings(
  db: Db,
  input: { coords_lat: number; coords_lon: number; zoom: number; pruefzyklusJahre?: number | undefined },
): Promise<HydrantSettings> {
  const current = await readHydrantSettings(db);
  const settings: HydrantSettings = {
    startpos_lat: input.coords_lat,
    startpos_lon: input.coords_lon,
    startpos_zoom: input.zoom,
    pruefzyklusJahre: input.pruefzyklusJahre ?? current?.pruefzyklusJahre ?? DEFAULT_INSPECTION_YEARS,
  };
  await writeModuleSettings(db, hydrantsModule.code, settings);
  return settings;
}
