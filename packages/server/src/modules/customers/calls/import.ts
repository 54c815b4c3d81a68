import { IMPORT_FILE_BYTES } from '@hortus/contract';
import { customerCalls, customerRights } from '@hortus/contract/modules/customers';
import { defineCall } from '../../../platform/http/calls';
import { requireStaff } from '../access';
import { importCustomers } from '../import';

/** importKunden: customers from a CSV or XLSX list (the right to add customers: x|410|000, staff only). */
export const importKundenCall = defineCall(customerCalls.importKunden).forSession({
  rights: [customerRights.use],
  upload: { maxFileBytes: IMPORT_FILE_BYTES, maxFiles: 1 },
  async handle({ db, input, user }) {
    await requireStaff(db, user);
    return importCustomers(db, user, input);
  },
});
