import type { ModuleDefinition } from '@hortus/contract';
import {
  appSettingsMessages,
  parameterIcons,
  type AppSettingsData,
  type AppSettingsState,
  type AppSettingsReply,
} from '@hortus/contract/modules/app-settings';
import type { Db } from '../../platform/db/database';
import { invalid } from '../../platform/http/calls';
import { readAppSettings, writeAppSettings } from '../../platform/settings/app-settings';
import { isModuleEnabled } from '../../platform/settings/menu';

/** The app settings as the page edits them; useF null in storage means every module is on. */
export async function appSettingsState(db: Db, modules: readonly ModuleDefinition[]): Promise<AppSettingsReply> {
  const { useF, ...rest } = await readAppSettings(db);
  // Always-enabled modules are listed as on, whatever is stored.
  const settings: AppSettingsState = {
    ...rest,
    useF: modules.filter((module) => isModuleEnabled(module, useF)).map((module) => module.code),
  };
  return {
    status: 'success',
    settings,
    // By code, as the specification's module list reads ('000 Dashboard', '001 App-Einstellungen', …).
    module: [...modules]
      .sort((a, b) => a.code.localeCompare(b.code))
      .map((module) => ({
        code: module.code,
        titel: module.title,
        alwaysEnabled: module.alwaysEnabled === true,
      })),
    icons: { parameter: [...parameterIcons] },
  };
}

/** Saves the settings; a module code the server does not know is refused on `useF`. */
export async function saveAppSettings(
  db: Db,
  modules: readonly ModuleDefinition[],
  data: AppSettingsData,
): Promise<void> {
  const known = new Set(modules.map((module) => module.code));
  if (data.useF.some((code) => !known.has(code))) {
    throw invalid({ useF: [appSettingsMessages.unknownModule] });
  }
  await writeAppSettings(db, { ...data, useF: [...new Set(data.useF)] });
}
