import { randomBytes } from 'node:crypto';
import type { Caller } from '../../platform/auth/session-user';
import { childAttendance } from '../children/public';
import { and, count, eq, lt } from 'drizzle-orm';
import { fileRules, type UploadedFile } from '@hortus/contract';
import { parentReportsMessages } from '@hortus/contract/modules/parent-reports';
import { files as storedFiles } from '../../platform/db/schema';
import type { Db } from '../../platform/db/database';
import { withFiles } from '../../platform/files/files';
import type { BackgroundJob } from '../../platform/modules/server-module';
import { type AppContext, invalid } from '../../platform/http/calls';
import { checkedUpload, type CheckedUpload } from '../../platform/files/checked-upload';

/** File area of report attachments (module 210). */
export const REPORT_FILE_AREA = 'f210';
/** Most uploads one user may keep waiting for a report (they are removed after a day). */
export const UNUSED_UPLOADS_MAX = 20;

/** A stored file no report uses (yet). */
function unused(app: AppContext, db: Db) {
  return childAttendance.fileUnattached(db);
}

/**
 * upload.php: PDFs and images (judged by content) a parent attaches to the report they are about to send.
 * They belong to the uploader until a report uses them (neuDokument[].pfad goes into `anhaenge`).
 */
export async function uploadReportFiles(app: AppContext, user: Caller, uploads: readonly (UploadedFile | undefined)[]) {
  const given = uploads.flatMap((file, index) => (file ? [{ file, field: `file${index + 1}` }] : []));
  if (given.length === 0) {
    throw invalid('file1', parentReportsMessages.chooseFile);
  }
  if (!(await childAttendance.readReportSettings(app.db)).meldung_erlaubeDateiupload) {
    throw invalid('file1', parentReportsMessages.uploadNotAllowed);
  }
  const [{ n } = { n: 0 }] = await app.db
    .select({ n: count() })
    .from(storedFiles)
    .where(and(eq(storedFiles.area, REPORT_FILE_AREA), eq(storedFiles.ownerUserId, user.id), unused(app, app.db)));
  if (n + given.length > UNUSED_UPLOADS_MAX) {
    throw invalid('file1', parentReportsMessages.tooManyUploads);
  }
  const checked: (CheckedUpload & { file: UploadedFile })[] = [];
  for (const { file, field } of given) {
    checked.push({ file, ...(await checkedUpload(file, fileRules.pdfOrImage, field)) });
  }
  return withFiles(app, async (_tx, files) => {
    const stored: { pfad: string; name: string }[] = [];
    for (const { file, kind, name } of checked) {
      const row = await files.store({
        path: `${REPORT_FILE_AREA}/${user.id}/${randomBytes(12).toString('hex')}.${kind.endung}`,
        area: REPORT_FILE_AREA,
        ownerUserId: user.id,
        originalName: name,
        mime: kind.mime,
        bytes: { fromPath: file.path },
      });
      stored.push({ pfad: row.path, name });
    }
    return stored;
  });
}

/** How long an upload may wait for the report that uses it. */
export const UNUSED_UPLOAD_MS = 24 * 3600 * 1000;

/**
 * Removes report uploads no report used within a day (the parent left the form): rows in the
 * transaction, bytes after it. Answers how many went.
 */
export async function removeUnusedUploads(app: AppContext, now = Date.now()): Promise<number> {
  return withFiles(app, async (tx, files) => {
    const stale = await tx
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(
        and(
          eq(storedFiles.area, REPORT_FILE_AREA),
          lt(storedFiles.createdAt, new Date(now - UNUSED_UPLOAD_MS)),
          unused(app, tx),
        ),
      );
    await files.remove(stale.map((row) => row.id));
    return stale.length;
  });
}

export const unusedUploadsJob: BackgroundJob = {
  name: 'parent-reports-unused-uploads',
  everyMs: 3600 * 1000,
  run: (app) => removeUnusedUploads(app),
};
