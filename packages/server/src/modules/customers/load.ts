import { hasRight } from '@hortus/contract';
import { customerRights, type CustomerData } from '@hortus/contract/modules/customers';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { customerLogins, customerRows, customerViews } from './customers';
import { type BookedLineCost } from './orders';
import { orderViews } from './order-views';
import { costViews } from './costs';
import { externalReceiptViews } from './external-receipts';
import { heldRevenue } from './holds';
import { readFacility } from '../../platform/settings/org-data';
import { customerVisibleSettings, isCustomer, readCustomerSettings } from './settings';

export interface ChangeMarkers {
  lastAddedKunde?: number;
  lastEditedKunde?: number;
  lastDeletedKunde?: number;
  lastAddedAuftrag?: number;
  lastEditedAuftrag?: number;
  lastDeletedAuftrag?: number;
  lastAddedKosten?: number;
  lastEditedKosten?: number;
  lastDeletedKosten?: number;
  lastEditedLeistungenNeuKosten?: BookedLineCost[];
}

/**
 * The module's data as the caller may see it (business.md 7.2): staff everything; a customer (member
 * of the customer group) their own customer records and those records' orders, public fields only.
 */
export async function loadCustomerData(
  db: Db,
  user: LoadedUser,
  markers: ChangeMarkers = {},
  /** Only the costs paid in this year (the costs screen's filter, issue 35); all without it. */
  costYear?: number,
): Promise<CustomerData> {
  const settings = await readCustomerSettings(db);
  const customer = isCustomer(user, settings);
  // The settings right alone (x|410|set) reads the settings, no customer, order or cost.
  const canSeeCustomerData = hasRight(user.rechte, customerRights.use);
  const rows = canSeeCustomerData ? await customerRows(db, customer ? user.id : undefined) : [];
  return {
    xtime: Math.floor(Date.now() / 1000),
    istKunde: customer,
    settings: customer ? customerVisibleSettings(settings) : settings,
    kunden: canSeeCustomerData ? await customerViews(db, rows, customer ? null : user) : [],
    auftraege: canSeeCustomerData ? await orderViews(db, customer ? rows.map((row) => row.id) : undefined) : [],
    // Costs are internal: customers never get them.
    kosten: customer || !canSeeCustomerData ? [] : await costViews(db, settings, costYear),
    fremdeinnahmen: customer || !canSeeCustomerData ? [] : await externalReceiptViews(db, costYear),
    gesperrt: customer || !canSeeCustomerData ? [] : await heldRevenue(db),
    lastAddedKunde: markers.lastAddedKunde ?? 0,
    lastEditedKunde: markers.lastEditedKunde ?? 0,
    lastDeletedKunde: markers.lastDeletedKunde ?? 0,
    lastAddedAuftrag: markers.lastAddedAuftrag ?? 0,
    lastEditedAuftrag: markers.lastEditedAuftrag ?? 0,
    lastDeletedAuftrag: markers.lastDeletedAuftrag ?? 0,
    lastAddedKosten: markers.lastAddedKosten ?? 0,
    lastEditedKosten: markers.lastEditedKosten ?? 0,
    lastDeletedKosten: markers.lastDeletedKosten ?? 0,
    lastEditedLeistungenNeuKosten: markers.lastEditedLeistungenNeuKosten ?? [],
    kundenLogins: customer || !canSeeCustomerData ? [] : await customerLogins(db, settings.id_nutzergruppe_kunde),
    ...(customer ? {} : { einrichtung: await readFacility(db) }),
  };
}
