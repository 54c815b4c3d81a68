import { customerCalls, customerRights } from '@hortus/contract/modules/customers';
import { defineCall } from '../../../platform/http/calls';
import { requireStaff } from '../access';
import { E_INVOICE_MAX_BYTES, readIncomingInvoice } from '../e-invoices';

/** kostenEingangsrechnung (issue 45): the right of creating costs; reads the e-invoice for the cost form. */
export const kostenEingangsrechnungCall = defineCall(customerCalls.kostenEingangsrechnung).forSession({
  rights: [customerRights.use],
  upload: { maxFileBytes: E_INVOICE_MAX_BYTES, maxFiles: 1 },
  async handle({ app, db, input, user }) {
    await requireStaff(db, user);
    return { status: 'success', eRechnung: await readIncomingInvoice(app, user, input.file) };
  },
});
