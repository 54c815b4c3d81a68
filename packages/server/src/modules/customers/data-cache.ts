import { customersModule } from '@hortus/contract/modules/customers';
import type { Db } from '../../platform/db/database';
import { cacheScope, invalidate, isRootHandle, remember } from '../../platform/cache/hot-cache';

/**
 * The staff load's large parts (every order with lines and documents, each year's costs) kept in memory
 * per version of the module's data (issue 35: at 5,000 costs and 1,000 invoices a year, building them
 * took most of the load's time). Every write to customers, orders, their lines and documents, costs and
 * their documents calls `invalidateCustomerData` with its handle (docs/architecture.md "Hot paths").
 * Inside a transaction the parts are built fresh (the transaction may see its own writes). Replies share
 * the kept lists: nobody changes them.
 */
export const customerDataScope = cacheScope.module(`${customersModule.code}-data`);
/**
 * Parts nobody loaded for this long are dropped (a year of 5,000 costs holds several MB): the next load
 * builds them again, as after a write (~0.3–0.6 s instead of ~40 ms at that size).
 */
export const CUSTOMER_DATA_IDLE_MS = 10 * 60_000;

export function cachedCustomerPart<T>(db: Db, key: string, build: () => Promise<T>): Promise<T> {
  return isRootHandle(db) ? remember(db, customerDataScope, key, build, { idleMs: CUSTOMER_DATA_IDLE_MS }) : build();
}

/** Call after every write to the module's rows (customers, orders, lines, documents, costs, cost documents). */
export function invalidateCustomerData(db: Db): Promise<void> {
  return invalidate(db, customerDataScope);
}
