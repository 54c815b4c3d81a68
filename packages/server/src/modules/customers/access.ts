import { eq, sql } from 'drizzle-orm';
import { hasRight, messages } from '@hortus/contract';
import { customerRights } from '@hortus/contract/modules/customers';
import type { LoadedUser, Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { CallError, type FileAccessRule } from '../../platform/http/calls';
import type { AccessPort, VisibleIds } from '../../platform/modules/server-module';
import { PUBLIC_DOCUMENT_TYPES } from './document-view';
import { DOCUMENT_AREA, STAFF_ONLY_FOLDERS } from './documents';
import { heldRecordIds } from './holds';
import { customerDocuments, customerOrders, customers } from './schema';
import { isCustomer, readCustomerSettings } from './settings';

/**
 * Staff with the module's data right see every customer, order and cost in full; customers (members of the
 * customer group) only their own orders' public fields, which no Protokoll entry is limited to: none.
 */
async function visibleToStaff(db: Db, viewer: Caller): Promise<VisibleIds> {
  if (!hasRight(viewer.rechte, customerRights.use)) return [];
  return isCustomer(viewer, await readCustomerSettings(db)) ? [] : 'all';
}

/**
 * Held orders and the bank bookings that paid them (an erased customer's, holds.ts) are read by nobody: their
 * entries stay (the trail of vouchers kept by law) with their details withheld until the retention job erases them.
 */
function visibleUnlessHeld(kind: 'orders' | 'bookings') {
  return async (db: Db, viewer: Caller): Promise<VisibleIds> => {
    const staff = await visibleToStaff(db, viewer);
    if (staff !== 'all') return staff;
    const held = (await heldRecordIds(db))[kind];
    return held.size === 0 ? 'all' : { allBut: [...held] };
  };
}

/** Module 410's access port (platform/modules/server-module.ts): the Protokoll's customers, orders and costs. */
export const customersAccessPort: AccessPort = {
  protokoll: {
    Kunde: visibleToStaff,
    Auftrag: visibleUnlessHeld('orders'),
    Kosten: visibleToStaff,
    Kontoumsatz: visibleUnlessHeld('bookings'),
  },
};

/** Customers may only load; every change is for staff. */
export async function requireStaff(db: Db, user: LoadedUser): Promise<void> {
  if (isCustomer(user, await readCustomerSettings(db))) throw new CallError('noRight', messages.accessDenied);
}

/**
 * Who may download an order document: staff with the module right (not customers) every one; a
 * customer only the invoices and offers (PDF and XML) of orders of their own customer records.
 */
export const documentFileAccess: FileAccessRule = async (ctx, user: LoadedUser, file) => {
  const db: Db = ctx.db;
  const [row] = await db
    .select({
      dokumentart: customerDocuments.dokumentart,
      loginUserId: customers.loginUserId,
      blockedAt: customerOrders.blockedAt,
    })
    .from(customerDocuments)
    .innerJoin(customerOrders, eq(customerOrders.id, customerDocuments.orderId))
    .leftJoin(customers, eq(customers.id, customerOrders.customerId))
    .where(sql`(${customerDocuments.fileId} = ${file.id} or ${customerDocuments.xmlFileId} = ${file.id})`)
    .limit(1);
  const settings = await readCustomerSettings(db);
  // Cost documents and the generated ZIPs (EÜR, monthly receipts, DATEV): staff only, never customers.
  if (!row)
    return (
      STAFF_ONLY_FOLDERS.some((folder) => file.path.startsWith(`${DOCUMENT_AREA}/${folder}/`)) &&
      !isCustomer(user, settings) &&
      hasRight(user.rechte, customerRights.use)
    );
  // A held order's documents (an erased customer's, holds.ts) download for nobody.
  if (row.blockedAt) return false;
  // The settings right alone (x|410|set) reads no document.
  if (!hasRight(user.rechte, customerRights.use)) return false;
  return (
    !isCustomer(user, settings) || (row.loginUserId === user.id && PUBLIC_DOCUMENT_TYPES.includes(row.dokumentart))
  );
};
