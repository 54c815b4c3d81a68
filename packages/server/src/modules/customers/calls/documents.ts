import { customerCalls, customerMessages, customerRights } from '@hortus/contract/modules/customers';
import { hasRight, messages } from '@hortus/contract';
import { CallError, defineCall, invalid } from '../../../platform/http/calls';
import { requireStaff } from '../access';
import { deleteCostDocument, renameCostDocument } from '../cost-uploads';
import { datevExport } from '../datev';
import { planDocument } from '../document-job';
import { createDocument, deleteDocument, issueDraft } from '../documents';
import { exportZip } from '../euer';
import { createReminder } from '../reminders';
import { withOpenAmount } from '../dunning';
import { cancelInvoice } from '../cancellation';

export const dokumentCall = defineCall(customerCalls.dokument).forSession({
  rights: [customerRights.use],
  errorPrefix: 'dokument.',
  async handle({ app, db, input, user }) {
    await requireStaff(db, user);
    const doc = input.dokument;
    if ('jahr' in doc) {
      if (doc.dokumentart === 'DATEV')
        return { status: 'success', ueberschrieben: false, ...(await datevExport(app, Number(doc.jahr))) };
      return {
        status: 'success',
        ueberschrieben: false,
        ...(await exportZip(app, { ...doc, dokumentart: doc.dokumentart })),
      };
    }
    // Issue 45: only an invoice made now can be a draft (a planned one is issued by the job).
    if (doc.entwurf && doc.terminPlanen) throw invalid('entwurf', customerMessages.draftNotPlanned);
    if (doc.entwurf && doc.dokumentart !== 1) throw invalid('entwurf', customerMessages.draftOnlyInvoices);
    if (doc.terminPlanen) return { status: 'success', ueberschrieben: false, geplant: await planDocument(db, doc) };
    const { document, replaced } =
      doc.dokumentart === 4 ? await createReminder(app, doc) : await createDocument(app, doc);
    // Issue 45: an invoice carries its open amount as the load shows it.
    return { status: 'success', neuDokument: await withOpenAmount(db, document), ueberschrieben: replaced };
  },
});

export const delDokumentCall = defineCall(customerCalls.delDokument).forSession({
  rights: [customerRights.use],
  async handle({ app, db, input, user }) {
    const action = input.dataToSave;
    if (action) {
      await requireStaff(db, user);
      if (action.type === 'kostenDelDokument') await deleteCostDocument(app, action.data.id, action.data.pfad);
      else if (action.type === 'kostenEditDokument') await renameCostDocument(app, action.data.id, action.data.name);
      else await deleteDocument(app, action.data.id, action.data.pfad);
    }
    return { status: 'success' };
  },
});

/** Opt-in (issue 45): cancels an issued invoice by a Stornorechnung; needs the module's storno right too. */
export const stornierenCall = defineCall(customerCalls.stornieren).forSession({
  rights: [customerRights.use],
  errorPrefix: 'storno.',
  async handle({ app, db, input, user }) {
    if (!hasRight(user.rechte, customerRights.storno)) throw new CallError('noRight', messages.accessDenied);
    await requireStaff(db, user);
    const { document, cancelled } = await cancelInvoice(app, input.storno);
    return { status: 'success', neuDokument: document, storniert: cancelled };
  },
});

/** Opt-in (issue 45): issues an invoice draft with the next invoice number (the module's right, staff only). */
export const ausstellenCall = defineCall(customerCalls.ausstellen).forSession({
  rights: [customerRights.use],
  errorPrefix: 'ausstellen.',
  async handle({ app, db, input, user }) {
    await requireStaff(db, user);
    return { status: 'success', neuDokument: await withOpenAmount(db, await issueDraft(app, input.ausstellen)) };
  },
});
