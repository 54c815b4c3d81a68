import { cloudCalls, cloudDeleteFields, cloudRights, cloudUploadFields } from '@hortus/contract/modules/cloud';
import { defineCall, invalid } from '../../../platform/http/calls';
import { appAddress } from '../../../platform/http/app-address';
import { requireSlot } from '../access';
import { deleteFiles, uploadFile } from '../files';
import { saveCloudSettings } from '../settings';
import { deleteSlot, loadCloudData, offerSlotQrCode, saveSlot } from '../slots';

/** Actions whose fields travel beside dataToSave: their errors name those wire fields as they are. */
const fieldsBesideAction = new Set(['uploadslot', 'deleteSlotDatei']);

/** Largest file of an upload (20 MB, docs/api.md); beyond it the call answers tooLarge (413). */
export const CLOUD_UPLOAD_FILE_BYTES = 20 * 1024 * 1024;

export const getOrSaveSettingsCall = defineCall(cloudCalls.getOrSaveSettings).forSession({
  rights: [cloudRights.files],
  errorPrefix: (type) => (type === null || fieldsBesideAction.has(type) ? '' : 'dataToSave.data.'),
  // uploadslot: one file per request (the web client uploads file by file).
  upload: { maxFileBytes: CLOUD_UPLOAD_FILE_BYTES, maxFiles: 1 },
  async handle({ app, db, input, user, request }) {
    const action = input.dataToSave;
    const load = async () => loadCloudData(db, user, await appAddress(app, request));
    if (!action) return { status: 'success', save: await load() };
    switch (action.type) {
      case 'editslot': {
        const id = await saveSlot(db, user, action.data);
        return { status: 'success', id, save: await load() };
      }
      case 'delslot':
        await deleteSlot(app, user, action.data.id);
        return { status: 'success', save: await load() };
      case 'settings':
        await saveCloudSettings(db, action.data);
        return { status: 'success', save: await load() };
      case 'uploadslot': {
        const fields = cloudUploadFields.parse(input);
        return { status: 'success', ...(await uploadFile(app, user, fields.upload4slotid, fields.thema, fields.file)) };
      }
      case 'deleteSlotDatei': {
        const fields = cloudDeleteFields.parse(input);
        if (fields.delDatei !== undefined) {
          await deleteFiles(app, user, fields.idSlot, { fileId: fields.delDatei });
        } else if (fields.delThema !== undefined) {
          await deleteFiles(app, user, fields.idSlot, { topic: fields.delThema });
        } else {
          throw invalid({ delDatei: ['Bitte angeben.'] });
        }
        return { status: 'success', save: await load() };
      }
    }
  },
});

/**
 * QR code PDF of a slot (slot admins): stored for the caller in the temp area; the client fetches it
 * through ./_api/data/download.php and saves it as 'QR-Code-' + slot name.
 */
export const getQrCodeCall = defineCall(cloudCalls.getQrCode).forSession({
  rights: [cloudRights.files],
  async handle({ app, db, input, user, request }) {
    const slot = await requireSlot(db, user, input.id, 'bearbeiten');
    // 130 answers the name without '.pdf' (the client adds it when saving).
    return { status: 'success', ...(await offerSlotQrCode(app, user, slot, await appAddress(app, request))) };
  },
});
