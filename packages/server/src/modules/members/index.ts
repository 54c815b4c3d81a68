import type { ServerModule } from '../../platform/modules/server-module';
import { membersServerCalls } from './calls/directory';
import { memberSaveFallback } from './member-save';

/** Module 100: member directory (saves member details through saveNutzer). */
export const membersServerModule: ServerModule = {
  code: '100',
  calls: membersServerCalls,
  userSaveFallback: memberSaveFallback,
};
