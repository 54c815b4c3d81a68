import type { ServerModule } from '../../platform/modules/server-module';
import { feesFileAccess } from './access';
import { getOrSaveSettingsCall } from './calls/load';
import { kuechenlisteCall, kuechenlistePdfCall } from './calls/meals';
import { abrechnungPdfCall, jahresbescheinigungPdfCall } from './calls/runs';
import { runDemoMonth, seedFeesDemo } from './demo-seed';
import { feesRetentionJob, holdFamilies } from './holds';
import { feesProtokollFields, feesProtokollLabels } from './protokoll';
import { FEES_FILE_AREA } from './runs';
import { feesProcessing } from './processing';
import { feesAccessPort, feesPersonalData } from './privacy';

/**
 * Module 220 Beiträge (README.md): care fees, meals that a parent's absence report cancels, monthly statements and
 * the SEPA direct-debit file (docs/architecture.md "Fees (module 220)").
 */
export const feesServerModule: ServerModule = {
  code: '220',
  processing: feesProcessing,
  calls: [getOrSaveSettingsCall, kuechenlisteCall, kuechenlistePdfCall, abrechnungPdfCall, jahresbescheinigungPdfCall],
  fileAccess: { [FEES_FILE_AREA]: feesFileAccess },
  protokollLabels: feesProtokollLabels,
  protokollFields: feesProtokollFields,
  // GoBD holds (holds.ts): an erased family's statements and used mandates are blocked, the job deletes them later.
  eraseAccount: holdFamilies,
  personalData: feesPersonalData,
  access: feesAccessPort,
  jobs: [feesRetentionJob],
  demoSeed: seedFeesDemo,
  beforeRequests: runDemoMonth,
};
