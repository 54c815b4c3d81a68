import { hasRight, IMPORT_FILE_BYTES, messages } from '@hortus/contract';
import { customerCalls, customerRights } from '@hortus/contract/modules/customers';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { withFiles } from '../../platform/files/files';
import { CallError, defineCall, type AppContext, type CallDefinition } from '../../platform/http/calls';
import { deleteCustomer, saveCustomer } from './customers';
import { createDocument, deleteDocument } from './documents';
import { planDocument } from './document-job';
import { createReminder } from './reminders';
import { loadCustomerData, type ChangeMarkers } from './load';
import { deleteOrder, saveOrder } from './orders';
import { uploadDocument } from './uploads';
import { importCustomers } from './import';
import { deleteCost, saveCost } from './costs';
import { deleteCostDocument, renameCostDocument, uploadCostDocument } from './cost-uploads';
import { exportZip } from './euer';
import { datevExport } from './datev';
import { isCustomer, readCustomerSettings, requireCustomerGroup, saveCustomerSettings } from './settings';

/** Calls of module 410 under /_api/400/410/ (business.md 7.2, docs/api.md). */

/** Customers may only load; every change is for staff. */
async function requireStaff(db: Db, user: LoadedUser): Promise<void> {
  if (isCustomer(user, await readCustomerSettings(db))) throw new CallError('noRight', messages.accessDenied);
}

export const getSettingsCall = defineCall(customerCalls.getSettings).forSession({
  rights: [customerRights.use, customerRights.settings],
  async handle({ app, db, input, user }) {
    const save = input.dataToSave;
    let markers: ChangeMarkers = {};
    if (save) {
      if (save.type !== 'saveSettings') {
        // The settings right alone (x|410|set) only loads and saves the settings.
        if (!hasRight(user.rechte, customerRights.use)) throw new CallError('noRight', messages.accessDenied);
        await requireStaff(db, user);
      }
      const settings = await readCustomerSettings(db);
      switch (save.type) {
        case 'addKunde':
          markers = {
            lastAddedKunde: await saveCustomer(db, { ...save.data, id: 0 }, settings.id_nutzergruppe_kunde, user),
          };
          break;
        case 'saveKunde':
          if (save.data.id === 0)
            throw new CallError('validationError', messages.recordNotFound, { id: ['Ungültige Nummer.'] });
          markers = { lastEditedKunde: await saveCustomer(db, save.data, settings.id_nutzergruppe_kunde, user) };
          break;
        case 'delKunde':
          await deleteCustomer(db, save.data.id);
          markers = { lastDeletedKunde: save.data.id };
          break;
        case 'addAuftrag':
          {
            const saved = await saveOrder(db, { ...save.data, id: 0 }, settings, { by: user.id });
            markers = { lastAddedAuftrag: saved.id, lastEditedLeistungenNeuKosten: saved.neuKosten };
          }
          break;
        case 'saveAuftrag':
          if (save.data.id === 0)
            throw new CallError('validationError', messages.recordNotFound, { id: ['Ungültige Nummer.'] });
          {
            const saved = await saveOrder(db, save.data, settings, { by: user.id, version: save.data.version });
            markers = { lastEditedAuftrag: saved.id, lastEditedLeistungenNeuKosten: saved.neuKosten };
          }
          break;
        case 'delAuftrag':
          await deleteOrderWithFiles(app, save.data.id);
          markers = { lastDeletedAuftrag: save.data.id };
          break;
        case 'addKosten':
          markers = { lastAddedKosten: await saveCost(db, { ...save.data, id: 0 }, settings, { by: user.id }) };
          break;
        case 'saveKosten':
          if (save.data.id === 0)
            throw new CallError('validationError', messages.recordNotFound, { id: ['Ungültige Nummer.'] });
          markers = {
            lastEditedKosten: await saveCost(db, save.data, settings, { by: user.id, version: save.data.version }),
          };
          break;
        case 'delKosten':
          await deleteCost(app, save.data.id);
          markers = { lastDeletedKosten: save.data.id };
          break;
        case 'saveSettings':
          await requireCustomerGroup(db, user, save.data);
          await saveCustomerSettings(db, save.data);
          break;
      }
    }
    return { status: 'success', save: await loadCustomerData(db, user, markers, input.kostenJahr) };
  },
});

/** Deletes an order with its lines, documents and their files in one transaction. */
async function deleteOrderWithFiles(app: AppContext, id: number): Promise<void> {
  await withFiles(app, async (tx, files) => {
    await files.remove(await deleteOrder(tx, id));
  });
}

export const documentCall = defineCall(customerCalls.dokument).forSession({
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
    if (doc.terminPlanen) return { status: 'success', ueberschrieben: false, geplant: await planDocument(db, doc) };
    const { document, replaced } =
      doc.dokumentart === 4 ? await createReminder(app, doc) : await createDocument(app, doc);
    return { status: 'success', neuDokument: document, ueberschrieben: replaced };
  },
});

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

export const costUploadCall = defineCall(customerCalls.kostenUpload).forSession({
  rights: [customerRights.use],
  upload: { maxFileBytes: DOCUMENT_UPLOAD_BYTES, maxFiles: 1 },
  async handle({ app, db, input, user }) {
    await requireStaff(db, user);
    return { status: 'success', dokumente: await uploadCostDocument(app, input) };
  },
});

/** importKunden: customers from a CSV or XLSX list (the right to add customers: x|410|000, staff only). */
export const importCall = defineCall(customerCalls.importKunden).forSession({
  rights: [customerRights.use],
  upload: { maxFileBytes: IMPORT_FILE_BYTES, maxFiles: 1 },
  async handle({ db, input, user }) {
    await requireStaff(db, user);
    return importCustomers(db, user, input);
  },
});

export const delDocumentCall = defineCall(customerCalls.delDokument).forSession({
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

/** Order matters: the bare path (delDokument) answers whatever the query keys before it do not. */
export const customerServerCalls: CallDefinition[] = [
  getSettingsCall,
  documentCall,
  uploadCall,
  importCall,
  delDocumentCall,
  costUploadCall,
];
