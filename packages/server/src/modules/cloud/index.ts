import { CLOUD_FILE_AREA } from '@hortus/contract/modules/cloud';
import type { ServerModule } from '../../platform/modules/server-module';
import { cloudFileAccess } from './access';
import { getOrSaveSettingsCall, getQrCodeCall } from './calls/slots';
import { seedCloudDemo } from './demo-seed';
import { cloudProcessing } from './processing';

/** Module 130: file slots (README.md). */
export const cloudServerModule: ServerModule = {
  code: '130',
  processing: cloudProcessing,
  calls: [getOrSaveSettingsCall, getQrCodeCall],
  fileAccess: { [CLOUD_FILE_AREA]: cloudFileAccess },
  demoSeed: (db, demo) =>
    seedCloudDemo(db, { admins: demo.groups.admins, staff: demo.groups.staff, parents: demo.groups.parents }),
};
