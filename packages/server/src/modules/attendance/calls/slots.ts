import { attendanceCalls, attendanceRights } from '@hortus/contract/modules/attendance';
import { defineCall } from '../../../platform/http/calls';
import { loadAttendance } from '../load';
import { deletePoll, savePoll } from '../polls';
import { saveAttendanceSettings } from '../settings';
import { deleteSlot, saveSlot } from '../slots';

/** The module's load and saves (/_api/100/150/?getOrSaveSettings); per-slot conditions are checked per record. */
export const getOrSaveSettingsCall = defineCall(attendanceCalls.getOrSaveSettings).forSession({
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
