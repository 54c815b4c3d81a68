import type { ServerModule } from '../../platform/modules/server-module';
import { QR_FILE_AREA, attendanceServerCalls, qrFileAccess } from './calls/polls';
import { seedAttendanceDemo } from './demo-seed';

/** Module 150: attendance polls with QR check-in. */
export const attendanceServerModule: ServerModule = {
  code: '150',
  calls: attendanceServerCalls,
  fileAccess: { [QR_FILE_AREA]: qrFileAccess },
  demoSeed: (db, demo) => seedAttendanceDemo(db, demo.now),
};
