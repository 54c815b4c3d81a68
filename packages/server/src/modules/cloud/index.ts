import { CLOUD_FILE_AREA } from '@hortus/contract';
import type { ServerModule } from '../../platform/modules/server-module';
import { cloudServerCalls } from './calls/slots';
import { seedCloudDemo } from './demo-seed';
import { mayDownloadCloudFile } from './slots';

/** Module 130: file slots. */
export const cloudServerModule: ServerModule = {
  code: '130',
  calls: cloudServerCalls,
  fileAccess: { [CLOUD_FILE_AREA]: mayDownloadCloudFile },
  demoSeed: (db, demo) =>
    seedCloudDemo(db, { admins: demo.groups.admins, staff: demo.groups.staff, parents: demo.groups.parents }),
};
