import { cloudCalls, type CloudData, type CloudFile } from '@hortus/contract/modules/cloud';
import { ApiError } from '../../../platform/api/errors';
import { call } from '../../../platform/api/client';
import { downloadStoredFile } from '../../../platform/api/download';
import { upload, uploadRule } from '../../../platform/api/upload';
import { savedData } from './cloud-data';

/** A single upload may take longer than a save: up to 20 MB on a slow school network. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** The files an upload takes (PDF and images): the file picker's `accept` and its German message. */
export const cloudFileRule = uploadRule(cloudCalls.getOrSaveSettings, 'file');

/** Sends one file (multipart: code, upload4slotid, dataToSave, thema, file, filesCount, filesCountMax). */
export async function uploadOne(
  slotId: number,
  thema: string,
  file: File,
  position: { index: number; count: number },
): Promise<CloudFile> {
  const reply = await upload(
    cloudCalls.getOrSaveSettings,
    {
      upload4slotid: slotId,
      dataToSave: { type: 'uploadslot' },
      thema,
      filesCount: String(position.index + 1),
      filesCountMax: String(position.count),
    },
    { file },
    { timeoutMs: UPLOAD_TIMEOUT_MS },
  );
  if (!('neu' in reply)) throw new ApiError('error', 'Unerwartete Antwort des Servers.', 200);
  return reply.neu;
}

/** Deletes one file (delDatei) or a whole topic (delThema); answers the reloaded data. */
export async function deleteCloudFiles(
  slotId: number,
  target: { delDatei: number } | { delThema: string },
): Promise<CloudData> {
  const reply = await call(cloudCalls.getOrSaveSettings, {
    idSlot: slotId,
    dataToSave: { type: 'deleteSlotDatei' },
    ...target,
  });
  return savedData(reply).save;
}

/** Builds the slot's QR code PDF on the server and downloads it as 'QR-Code-' + slot name. */
export async function downloadSlotQrCode(slotId: number): Promise<void> {
  const reply = await call(cloudCalls.getQrCode, { id: slotId });
  await downloadStoredFile(reply.file, `${reply.name}.pdf`);
}
