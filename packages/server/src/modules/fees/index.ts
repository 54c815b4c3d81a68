import type { ServerModule } from '../../platform/modules/server-module';
import { FEES_FILE_AREA, feesFileAccess, feesServerCalls } from './calls';
import { runDemoMonth, seedFeesDemo } from './demo-seed';

/**
 * Module 220 Beiträge: care fees, meals that a parent's absence report cancels, monthly statements and the SEPA
 * direct-debit file (docs/architecture.md "Fees (module 220)").
 */
export const feesServerModule: ServerModule = {
  code: '220',
  calls: feesServerCalls,
  fileAccess: { [FEES_FILE_AREA]: feesFileAccess },
  demoSeed: seedFeesDemo,
  beforeRequests: runDemoMonth,
};
