import { platformCalls } from '@hortus/contract';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { call } from '../../../platform/api/client';
import { downloadFile } from '../../../platform/api/download';

/** Art. 15 DSGVO: builds the person's ZIP on the server and downloads it. */
export async function downloadDatenauskunft(userId: number): Promise<void> {
  const reply = await call(userAdminCalls.datenauskunft, { data: userId });
  await downloadFile(platformCalls.download.url, { file: reply.file }, reply.name);
}
