import { customerCalls, customerRights } from '@hortus/contract/modules/customers';
import { defineCall } from '../../../platform/http/calls';
import { requireStaff } from '../access';
import { uploadDocument } from '../uploads';

/** Largest upload (20 MB, as the cloud); beyond it the call answers tooLarge (413). */
export const DOCUMENT_UPLOAD_BYTES = 20 * 1024 * 1024;

export const uploadCall = defineCall(customerCalls.upload).forSession({
  rights: [customerRights.use],
  upload: { maxFileBytes: DOCUMENT_UPLOAD_BYTES, maxFiles: 1 },
  async handle({ app, db, input, user }) {
    await requireStaff(db, user);
    return { status: 'success', neuDokument: await uploadDocument(app, input) };
  },
});
