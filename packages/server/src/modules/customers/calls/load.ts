import { hasRight, messages } from '@hortus/contract';
import {
  customerCalls,
  customerMessages,
  customerRights,
  type CostData,
  type CustomerSettings,
} from '@hortus/contract/modules/customers';
import type { LoadedUser } from '../../../platform/auth/session-user';
import type { SaveVersion } from '../../../platform/db/versions';
import { withFiles } from '../../../platform/files/files';
import { CallError, defineCall, type AppContext, invalid } from '../../../platform/http/calls';
import { requireStaff } from '../access';
import { deleteCost, saveCost } from '../costs';
import { saveCostWithInvoice } from '../e-invoices';
import { saveCustomer } from '../customers';
import { eraseCustomer } from '../holds';
import { loadCustomerData, type ChangeMarkers } from '../load';
import { deleteOrder, saveOrder } from '../orders';
import { readCustomerSettings, requireCustomerGroup, saveCustomerSettings } from '../settings';

/** getSettings: the load of module 410 and every save action (business.md 7.2, docs/api.md). */
export const getSettingsCall = defineCall(customerCalls.getSettings).forSession({
  rights: [customerRights.use, customerRights.settings],
  async handle({ app, db, input, user }) {
    const save = input.dataToSave;
    let markers: ChangeMarkers = {};
    let hinweis: string | undefined;
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
          if (save.data.id === 0) throw invalid({ id: ['Ungültige Nummer.'] }, messages.recordNotFound);
          markers = { lastEditedKunde: await saveCustomer(db, save.data, settings.id_nutzergruppe_kunde, user) };
          break;
        case 'delKunde':
          // Erasure (issue 45): vouchers the law keeps stay blocked; the answer says what and until when.
          hinweis = customerMessages.customerErased(await eraseCustomer(app, save.data.id));
          markers = { lastDeletedKunde: save.data.id };
          break;
        case 'addAuftrag':
          {
            const saved = await saveOrder(db, { ...save.data, id: 0 }, settings, { by: user.id });
            markers = { lastAddedAuftrag: saved.id, lastEditedLeistungenNeuKosten: saved.neuKosten };
          }
          break;
        case 'saveAuftrag':
          if (save.data.id === 0) throw invalid({ id: ['Ungültige Nummer.'] }, messages.recordNotFound);
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
          markers = {
            lastAddedKosten: await saveCostOrInvoice(app, user, { ...save.data, id: 0 }, settings, { by: user.id }),
          };
          break;
        case 'saveKosten':
          if (save.data.id === 0) throw invalid({ id: ['Ungültige Nummer.'] }, messages.recordNotFound);
          markers = {
            lastEditedKosten: await saveCostOrInvoice(app, user, save.data, settings, {
              by: user.id,
              version: save.data.version,
            }),
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
    const data = await loadCustomerData(db, user, markers, input.kostenJahr);
    return hinweis === undefined ? { status: 'success', save: data } : { status: 'success', save: data, hinweis };
  },
});

/** A cost; with `eRechnung` (issue 45) the read e-invoice is attached to it in the same transaction. */
function saveCostOrInvoice(
  app: AppContext,
  user: LoadedUser,
  input: CostData,
  settings: CustomerSettings,
  save: SaveVersion,
): Promise<number> {
  return input.eRechnung === ''
    ? saveCost(app.db, input, settings, save)
    : saveCostWithInvoice(app, user, input, settings, save);
}

/** Deletes an order with its lines, documents and their files in one transaction. */
async function deleteOrderWithFiles(app: AppContext, id: number): Promise<void> {
  await withFiles(app, async (tx, files) => {
    await files.remove(await deleteOrder(tx, id));
  });
}
