import { messages, platformCalls } from '@hortus/contract';
import { getCode } from '../session/storage';
import { ApiError, NetworkError } from './errors';

/** Posts a call whose reply is a file; NetworkError without a network, ApiError for any failed answer. */
async function fetchFile(
  url: string,
  fields: Readonly<Record<string, string>>,
  options: { contentType?: string } = {},
): Promise<Blob> {
  const body = new URLSearchParams({ ...fields, code: getCode() });
  let response: Response;
  let blob: Blob;
  try {
    response = await fetch(url, { method: 'POST', body, credentials: 'same-origin' });
    blob = await response.blob();
  } catch {
    throw new NetworkError();
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || (options.contentType !== undefined && !type.startsWith(options.contentType))) {
    throw new ApiError('error', messages.downloadCreateFailed, response.status);
  }
  return blob;
}

/**
 * Posts a call whose reply is a file (the session code is added) and hands the file to the browser as
 * a download named `fileName`. No network → NetworkError; any other failure (an error status, or not
 * the expected content type) → ApiError with the specification's download text.
 */
export async function downloadFile(
  url: string,
  fields: Readonly<Record<string, string>>,
  fileName: string,
  options: { contentType?: string } = {},
): Promise<void> {
  const objectUrl = URL.createObjectURL(await fetchFile(url, fields, options));
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

/**
 * Shows a stored file in a new tab (business.md 7.2: views open in a new tab). The tab is opened at once,
 * inside the click, so no pop-up blocker stops it, and gets the file when it has arrived.
 */
export async function viewStoredFile(file: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const objectUrl = URL.createObjectURL(await fetchFile(platformCalls.download.url, { file }));
    if (tab) tab.location.href = objectUrl;
    else window.location.assign(objectUrl);
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** A stored file (by its record path) through platformCalls.download (./_api/data/download.php). */
export function downloadStoredFile(file: string, fileName: string): Promise<void> {
  return downloadFile(platformCalls.download.url, { file }, fileName);
}
