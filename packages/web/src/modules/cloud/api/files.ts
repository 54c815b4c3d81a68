import { cloudCalls, encodeCallFields, type CallRequestInput, type CloudData, type CloudFile } from '@hortus/contract';
import { ApiError } from '../../../platform/api/errors';
import { call } from '../../../platform/api/client';
import { downloadStoredFile } from '../../../platform/api/download';
import { savedData } from './cloud-data';

/** A single upload may take longer than a save: up to 20 MB on a slow school network. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** The typed fields of an upload as a multipart body (the file part last, after the session code). */
function multipartOf(fields: CallRequestInput<typeof cloudCalls.getOrSaveSettings>, file: File): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(encodeCallFields(fields))) body.set(name, value);
  body.set('file', file, file.name);
  return body;
}

/** Sends one file (multipart: code, upload4slotid, dataToSave, thema, file, filesCount, filesCountMax). */
export async function uploadOne(
  slotId: number,
  thema: string,
  file: File,
  position: { index: number; count: number },
): Promise<CloudFile> {
  const body = multipartOf(
    {
      upload4slotid: slotId,
      dataToSave: { type: 'uploadslot' },
      thema,
      filesCount: String(position.index + 1),
      filesCountMax: String(position.count),
    },
    file,
  );
  const reply = await call(cloudCalls.getOrSaveSettings, body, { timeoutMs: UPLOAD_TIMEOUT_MS });
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
