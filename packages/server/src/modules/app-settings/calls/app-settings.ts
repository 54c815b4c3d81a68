import { appSettingsCalls } from '@hortus/contract/modules/app-settings';
import { defineCall } from '../../../platform/http/calls';
import { appSettingsState, saveAppSettings } from '../app-settings';

/** Module 001's one call: a missing or empty dataToSave loads, `{type: 'saveSettings', data}` saves. */
export const getOrSaveSettingsCall = defineCall(appSettingsCalls.getOrSaveSettings).forSession({
  rights: ['x|001'],
  async handle({ db, app, input }) {
    if (input.dataToSave) await saveAppSettings(db, app.modules, input.dataToSave.data);
    return appSettingsState(db, app.modules);
  },
});
