import {
  cloudLoadReply,
  cloudPaths,
  cloudQrReply,
  cloudUploadReply,
  CLOUD_TIMEOUT_MS,
  type CloudData,
  type CloudFile,
} from '@hortus/contract';
import { call } from '../../../platform/api/client';
import { downloadStoredFile } from '../../../platform/api/download';

/** A single upload may take longer than a save: up to 20 MB on a slow school network. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** Sends one file (multipart: code, upload4slotid, dataToSave, thema, file, filesCount, filesCountMax). */
export async function uploadOne(
  slotId: number,
  thema: string,
  file: File,
  position: { index: number; count: number },
): Promise<CloudFile> {
  const body = new FormData();
  body.set('upload4slotid', String(slotId));
  body.set('dataToSave', JSON.stringify({ type: 'uploadslot' }));
  body.set('thema', thema);
  body.set('filesCount', String(position.index + 1));
  body.set('filesCountMax', String(position.count));
  body.set('file', file, file.name);
  const reply = await call(cloudPaths.getOrSaveSettings, body, cloudUploadReply, { timeoutMs: UPLOAD_TIMEOUT_MS });
  return reply.neu;
}

/** Deletes one file (delDatei) or a whole topic (delThema); answers the reloaded data. */
export async function deleteCloudFiles(
  slotId: number,
  target: { delDatei: number } | { delThema: string },
): Promise<CloudData> {
  const body = new FormData();
  body.set('idSlot', String(slotId));
  body.set('dataToSave', JSON.stringify({ type: 'deleteSlotDatei' }));
  if ('delDatei' in target) body.set('delDatei', String(target.delDatei));
  else body.set('delThema', target.delThema);
  const reply = await call(cloudPaths.getOrSaveSettings, body, cloudLoadReply, { timeoutMs: CLOUD_TIMEOUT_MS });
  return reply.save;
}

/** Builds the slot's QR code PDF on the server and downloads it as 'QR-Code-' + slot name. */
export async function downloadSlotQrCode(slotId: number): Promise<void> {
  const reply = await call(cloudPaths.getQrCode, { id: String(slotId) }, cloudQrReply, { timeoutMs: CLOUD_TIMEOUT_MS });
  await downloadStoredFile(reply.file, `${reply.name}.pdf`);
}
