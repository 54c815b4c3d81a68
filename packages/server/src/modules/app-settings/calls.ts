import {
  appSettingsMessages,
  appSettingsRequest,
  messages,
  parameterIcons,
  type AppSettingsData,
  type AppSettingsReply,
  type ModuleDefinition,
} from '@hortus/contract';
import type { Db } from '../../platform/db/database';
import { CallError, defineCall, type CallDefinition } from '../../platform/http/calls';
import { readAppSettings, writeAppSettings } from '../../platform/settings/app-settings';
import { isModuleEnabled } from '../../platform/settings/menu';

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

/** `/_api/000/001/?getOrSaveSettings`: empty dataToSave loads, {type: 'saveSettings', data} saves. */
export const appSettingsCall = defineCall({
  path: '/_api/000/001/',
  queryKey: 'getOrSaveSettings',
  auth: 'session',
  rights: ['x|001'],
  request: appSettingsRequest,
  async handle({ db, app, input }): Promise<AppSettingsReply> {
    if (input.dataToSave !== null) {
      const data = input.dataToSave.data;
      const known = new Set(app.modules.map((module) => module.code));
      if (data.useF.some((code) => !known.has(code))) {
        throw new CallError('validationError', messages.validationFailed, {
          'dataToSave.data.useF': [appSettingsMessages.unknownModule],
        });
      }
      await writeAppSettings(db, { ...data, useF: [...new Set(data.useF)] });
    }
    return appSettingsState(db, app.modules);
  },
});

export const appSettingsCalls: CallDefinition[] = [appSettingsCall];
