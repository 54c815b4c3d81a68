export interface UploadProgress {
  /** Files finished so far. */
  done: number;
  count: number;
  /** Name of the file being sent (empty when finished). */
  current: string;
}

/**
 * Sends the files one request at a time, in order, reporting progress before each file and after
 * the last. Stops at the first failure and rethrows it; files after it are not sent.
 */
export async function uploadInSequence<F extends { name: string }>(
  files: readonly F[],
  send: (file: F, position: { index: number; count: number }) => Promise<unknown>,
  onProgress: (progress: UploadProgress) => void,
): Promise<void> {
  const count = files.length;
  for (const [index, file] of files.entries()) {
    onProgress({ done: index, count, current: file.name });
    await send(file, { index, count });
  }
  onProgress({ done: count, count, current: '' });
}

/** Percentage for a determinate progress bar. */
export function progressPercent(progress: UploadProgress): number {
  return progress.count === 0 ? 0 : Math.round((progress.done / progress.count) * 100);
}
