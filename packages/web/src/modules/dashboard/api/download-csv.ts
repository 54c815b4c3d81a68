import { dashboardPaths } from '@hortus/contract';
import { ApiError, NetworkError } from '../../../platform/api/errors';
import { getCode } from '../../../platform/session/storage';

/** Downloads the feedback results of a message as CSV (POST, the reply is the file). */
export async function downloadFeedbackCsv(meldungId: number): Promise<void> {
  const body = new URLSearchParams({ code: getCode(), meldungId: String(meldungId) });
  let response: Response;
  try {
    response = await fetch(dashboardPaths.w1Csv, { method: 'POST', body, credentials: 'same-origin' });
  } catch {
    throw new NetworkError();
  }
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('text/csv')) {
    throw new ApiError('error', 'Die angeforderte Datei konnte nicht erzeugt werden.', response.status);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `Rueckmeldungen-${meldungId}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
