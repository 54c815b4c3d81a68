import { hydrantCalls, hydrantRights } from '@hortus/contract/modules/hydrants';
import { defineCall } from '../../../platform/http/calls';
import { saveHydrantSettings } from '../settings';

export const saveSettingsCall = defineCall(hydrantCalls.saveSettings).forSession({
  rights: [hydrantRights.settings],
  errorPrefix: 'settings.',
  async handle({ db, input }) {
    return { status: 'success', settings: await saveHydrantSettings(db, input.settings) };
  },
});
