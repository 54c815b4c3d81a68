import { dashboardPaths } from '@hortus/contract';
import { downloadFile } from '../../../platform/api/download';

/** Downloads the feedback results of a message as CSV (POST, the reply is the file). */
export function downloadFeedbackCsv(meldungId: number): Promise<void> {
  return downloadFile(dashboardPaths.w1Csv, { meldungId: String(meldungId) }, `Rueckmeldungen-${meldungId}.csv`, {
    contentType: 'text/csv',
  });
}
