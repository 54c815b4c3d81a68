import {
  appSettingsCalls,
  appSettingsMessages,
  messages,
  parameterIcons,
  type AppSettingsData,
  type AppSettingsReply,
  type ModuleDefinition,
} from '@hortus/contract';
import type { Db } from '../../../platform/db/database';
import { CallError, defineCall, type CallDefinition } from '../../../platform/http/calls';
import { readAppSettings, writeAppSettings } from '../../../platform/settings/app-settings';
import { isModuleEnabled } from '../../../platform/settings/menu';

/** The app settings as the page edits them; useF null in storage means every module is on. */
async function appSettingsState(db: Db, modules: readonly ModuleDefinition[]): Promise<AppSettingsReply> {
  const { useF, ...rest } = await readAppSettings(db);
  // Always-enabled modules are listed as on, whatever is stored.
  const settings: AppSettingsData = {
    ...rest,
    useF: modules.filter((module) => isModuleEnabled(module, useF)).map((module) => module.code),
  };
  return {
    status: 'success',
    settings,
    module: modules.map((module) => ({
      code: module.code,
      titel: module.title,
      alwaysEnabled: module.alwaysEnabled === true,
    })),
    icons: { parameter: [...parameterIcons] },
  };
}

/** Module 001's one call: a missing or empty dataToSave loads, `{type: 'saveSettings', data}` saves. */
export const appSettingsCall = defineCall(appSettingsCalls.getOrSaveSettings).forSession({
  rights: ['x|001'],
  async handle({ db, app, input }) {
    const save = input.dataToSave;
    if (save) {
      const known = new Set(app.modules.map((module) => module.code));
      if (save.data.useF.some((code) => !known.has(code))) {
        throw new CallError('validationError', messages.validationFailed, {
          useF: [appSettingsMessages.unknownModule],
        });
      }
      await writeAppSettings(db, { ...save.data, useF: [...new Set(save.data.useF)] });
    }
    return appSettingsState(db, app.modules);
  },
});

export const appSettingsServerCalls: CallDefinition[] = [appSettingsCall];
