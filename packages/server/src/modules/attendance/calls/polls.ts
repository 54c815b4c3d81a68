import { attendanceCalls, attendanceRights, checkInUrl, formatGermanDate } from '@hortus/contract';
import { offerFile } from '../../../platform/files/offer-file';
import { defineCall, type CallDefinition, type FileAccessRule } from '../../../platform/http/calls';
import { qrCodePdf } from '../../../platform/qr/qr-pdf';
import { appAddress } from '../../../platform/http/app-address';
import { checkIn, isQrFileAdmin, qrTarget } from '../check-in';
import { loadAttendance } from '../load';
import { deletePoll, savePoll } from '../polls';
import { saveAttendanceSettings } from '../settings';
import { deleteSlot, saveSlot } from '../slots';

/** Calls of module 150 under /_api/100/150/ (docs/api.md). Per-slot conditions are checked per record. */

/** File area of the generated QR PDFs; only slot admins may download them. */
export const QR_FILE_AREA = 'f100-150-qr';

export const getOrSaveAttendanceCall = defineCall(attendanceCalls.getOrSaveSettings).forSession({
  rights: [attendanceRights.module],
  async handle({ db, input, user }) {
    const save = input.dataToSave;
    if (save) {
      switch (save.type) {
        case 'editslot':
          await saveSlot(db, user, save.data);
          break;
        case 'delslot':
          await deleteSlot(db, user, save.data.id);
          break;
        case 'editanw':
          await savePoll(db, user, save.data);
          break;
        case 'delanw':
          await deletePoll(db, user, save.data.id);
          break;
        case 'settings':
          await saveAttendanceSettings(db, save.data);
          break;
      }
    }
    return { status: 'success', save: await loadAttendance(db, user) };
  },
});

export const scannedQrCodeCall = defineCall(attendanceCalls.scannedQrCode).forSession({
  rights: [attendanceRights.module],
  async handle({ db, input, user }) {
    return checkIn(db, user, input.id.trim());
  },
});

export const getQrCodeCall = defineCall(attendanceCalls.getQrCode).forSession({
  rights: [attendanceRights.module],
  async handle({ app, db, input, user, request }) {
    const { slot, poll } = await qrTarget(db, user, input.type, input.id);
    const address = await appAddress(app, request);
    const content = poll ? checkInUrl(address, 'saa', poll.qrCode) : checkInUrl(address, 'sa', slot.qrCode);
    const name = poll ? poll.titel : slot.name;
    const bytes = await qrCodePdf({
      content,
      title: name,
      subtitle: poll ? `${slot.name} · ${formatGermanDate(poll.datum)}` : slot.sort,
    });
    const filePath = poll
      ? `f100-150/qr/slot-${slot.id}-anwesenheit-${poll.id}.pdf`
      : `f100-150/qr/slot-${slot.id}.pdf`;
    const offered = await offerFile(
      { app, user },
      { name: `QR-Code-${name}.pdf`, mime: 'application/pdf', bytes },
      { via: 'download', area: QR_FILE_AREA, path: filePath },
    );
    return { status: 'success', ...offered };
  },
});

export const qrFileAccess: FileAccessRule = (ctx, user, file) => isQrFileAdmin(ctx.db, user, file.path);

export const attendanceServerCalls: CallDefinition[] = [getOrSaveAttendanceCall, scannedQrCodeCall, getQrCodeCall];
