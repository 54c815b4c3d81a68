import type { ServerModule } from '../../platform/modules/server-module';
import { getMitgliedCall, getMitgliederlisteCall } from './calls/directory';
import { getSettingsCall, saveSettingsCall } from './calls/settings';
import { memberSaveFallback } from './member-save';
import { membersProcessing } from './processing';

/** Module 100: member directory (README.md); saves member details through saveNutzer. */
export const membersServerModule: ServerModule = {
  code: '100',
  processing: membersProcessing,
  calls: [getMitgliederlisteCall, getMitgliedCall, getSettingsCall, saveSettingsCall],
  userSaveFallback: memberSaveFallback,
};
