import { auditCalls, type GobdPeriodInput } from '@hortus/contract/modules/customers';
import { call } from '../../../platform/api/client';
import { downloadStoredFile } from '../../../platform/api/download';

/** The GoBD data export of a year or period (ZIP for the tax audit), then its download (issue 45). */
export async function downloadGobdExport(zeitraum: GobdPeriodInput): Promise<void> {
  const reply = await call(auditCalls.gobdExport, { zeitraum });
  await downloadStoredFile(reply.file, reply.name);
}

/** The Verfahrensdokumentation (PDF made from the current settings), then its download (issue 45). */
export async function downloadVerfahrensdokumentation(): Promise<void> {
  const reply = await call(auditCalls.verfahrensdokumentation, {});
  await downloadStoredFile(reply.file, reply.name);
}
