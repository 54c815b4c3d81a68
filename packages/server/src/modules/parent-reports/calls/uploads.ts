import { parentReportsCalls, parentReportsRights } from '@hortus/contract/modules/parent-reports';
import { defineCall } from '../../../platform/http/calls';
import { uploadReportFiles } from '../uploads';

/** Largest attachment (20 MB, like module 200's documents). */
const ATTACHMENT_BYTES = 20 * 1024 * 1024;

/** upload.php: a parent's attachments of a report, stored before the report that uses them. */
export const uploadCall = defineCall(parentReportsCalls.upload).forSession({
  rights: [parentReportsRights.report],
  upload: { maxFileBytes: ATTACHMENT_BYTES, maxFiles: 5 },
  async handle({ app, input, user }) {
    const neuDokument = await uploadReportFiles(app, user, [
      input.file1,
      input.file2,
      input.file3,
      input.file4,
      input.file5,
    ]);
    return { status: 'success', neuDokument };
  },
});
