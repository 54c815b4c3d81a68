import { attendanceCalls, attendanceRights } from '@hortus/contract/modules/attendance';
import { appAddress } from '../../../platform/http/app-address';
import { defineCall } from '../../../platform/http/calls';
import { requireQrTarget } from '../access';
import { checkIn, offerQrCode } from '../check-in';

export const scannedQrCodeCall = defineCall(attendanceCalls.scannedQrCode).forSession({
  rights: [attendanceRights.module],
  async handle({ db, input, user }) {
    return checkIn(db, user, input.id.trim());
  },
});

export const getQrCodeCall = defineCall(attendanceCalls.getQrCode).forSession({
  rights: [attendanceRights.module],
  async handle({ app, db, input, user, request }) {
    const target = await requireQrTarget(db, user, input.type, input.id);
    return { status: 'success', ...(await offerQrCode(app, user, target, await appAddress(app, request))) };
  },
});
