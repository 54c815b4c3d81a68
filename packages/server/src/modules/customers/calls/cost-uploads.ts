import { customerCalls, customerRights } from '@hortus/contract/modules/customers';
import { defineCall } from '../../../platform/http/calls';
import { requireStaff } from '../access';
import { uploadCostDocument } from '../cost-uploads';
import { DOCUMENT_UPLOAD_BYTES } from './uploads';

export const kostenUploadCall = defineCall(customerCalls.kostenUpload).forSession({
  rights: [customerRights.use],
  upload: { maxFileBytes: DOCUMENT_UPLOAD_BYTES, maxFiles: 1 },
  async handle({ app, db, input, user }) {
    await requireStaff(db, user);
    return { status: 'success', dokumente: await uploadCostDocument(app, input) };
  },
});
