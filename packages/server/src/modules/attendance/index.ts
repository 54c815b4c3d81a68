import type { ServerModule } from '../../platform/modules/server-module';
import { QR_FILE_AREA, qrFileAccess } from './access';
import { getQrCodeCall, scannedQrCodeCall } from './calls/check-in';
import { getOrSaveSettingsCall } from './calls/slots';
import { seedAttendanceDemo } from './demo-seed';
import { attendanceProcessing } from './processing';

/** Module 150: attendance polls with QR check-in (README.md). */
export const attendanceServerModule: ServerModule = {
  code: '150',
  processing: attendanceProcessing,
  calls: [getOrSaveSettingsCall, scannedQrCodeCall, getQrCodeCall],
  fileAccess: { [QR_FILE_AREA]: qrFileAccess },
  demoSeed: (db, demo) => seedAttendanceDemo(db, demo.now),
};
