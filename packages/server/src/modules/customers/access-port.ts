import { customerRights } from '@hortus/contract/modules/customers';
import { hasRight } from '@hortus/contract';
import type { Db } from '../../platform/db/database';
import type { AccessPort, Viewer, VisibleIds } from '../../platform/modules/server-module';
import { isCustomer, readCustomerSettings } from './settings';

/**
 * Staff with the module's data right see every customer, order and cost in full; customers (members of the
 * customer group) only their own orders' public fields, which no Protokoll entry is limited to: none.
 */
async function visibleToStaff(db: Db, viewer: Viewer): Promise<VisibleIds> {
  if (!hasRight(viewer.rechte, customerRights.use)) return [];
  return isCustomer(viewer, await readCustomerSettings(db)) ? [] : 'all';
}

/** Module 410's access port (platform/modules/server-module.ts): the Protokoll's customers, orders and costs. */
export const customersAccessPort: AccessPort = {
  protokoll: { Kunde: visibleToStaff, Auftrag: visibleToStaff, Kosten: visibleToStaff },
};
