import { dashboardCalls } from '@hortus/contract/modules/dashboard';
import { downloadFile } from '../../../platform/api/download';

/** Downloads the feedback results of a message as CSV (POST, the reply is the file). */
export function downloadFeedbackCsv(meldungId: number): Promise<void> {
  return downloadFile(dashboardCalls.w1csv.url, { meldungId: String(meldungId) }, `Rueckmeldungen-${meldungId}.csv`, {
    contentType: 'text/csv',
  });
}
