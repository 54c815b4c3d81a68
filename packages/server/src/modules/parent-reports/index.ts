import type { ServerModule } from '../../platform/modules/server-module';
import { getSettingsCall } from './calls/reports';
import { uploadCall } from './calls/uploads';
import { reportFileAccess } from './access';
import { seedParentReportsDemo } from './demo-seed';
import { REPORT_FILE_AREA, unusedUploadsJob } from './uploads';
import { parentReportsProcessing } from './processing';

/**
 * Module 210, the parents' side of the children module: reports become module 200's one-off exceptions
 * (docs/architecture.md "Parent reports (module 210)").
 */
export const parentReportsServerModule: ServerModule = {
  code: '210',
  processing: parentReportsProcessing,
  calls: [getSettingsCall, uploadCall],
  fileAccess: { [REPORT_FILE_AREA]: reportFileAccess },
  demoSeed: seedParentReportsDemo,
  jobs: [unusedUploadsJob],
};
