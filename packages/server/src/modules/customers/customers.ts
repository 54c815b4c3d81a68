import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  customerIdent,
  customerMessages,
  nextNumber,
  type CustomerAddress,
  type Contact,
  type CustomerView,
  type customerInput,
} from '@hortus/contract/modules/customers';
import type { z } from 'zod';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { requireVersion, versioned } from '../../platform/db/versions';
import { users } from '../../platform/db/schema';
import { requireAccountChange, designatedAccountIds } from '../../platform/users/accounts';
import { invalid } from '../../platform/http/calls';
import { checkLoginValues, loginViews, writeLoginValues } from './login-values';
import { customerOrders, customers } from './schema';
import { invalidateCustomerData } from './data-cache';

type CustomerData = z.output<typeof customerInput>;
type CustomerRow = typeof customers.$inferSelect;

/** Gives new list entries (id 0) ids unique within the customer. */
function withIds<T extends { id: number; sort: number }>(entries: readonly T[]): (T & { id: number })[] {
  let next = Math.max(0, ...entries.map((entry) => entry.id)) + 1;
  return entries.map((entry) => ({ ...entry, id: entry.id > 0 ? entry.id : next++ })).sort((a, b) => a.sort - b.sort);
}

/** A customer login is an account the customer group stands for (the platform's designation rule). */
async function requireLogin(db: Db, loginUserId: number, customerGroupId: number): Promise<void> {
  if (loginUserId === 0) return;
  if (!(await designatedAccountIds(db, customerGroupId)).includes(loginUserId))
    throw invalid('id_login', customerMessages.unknownLogin);
}

/**
 * Adds (id 0) or saves a customer; answers its id. The number must be free; empty takes the next one.
 * Sent values of the login's user parameters (f200) are checked first and written with the customer.
 */
export async function saveCustomer(
  db: Db,
  input: CustomerData,
  customerGroupId: number,
  editor: Caller,
): Promise<number> {
  await requireLogin(db, input.id_login, customerGroupId);
  const loginValues = input.nutzer;
  const editable = loginValues ? await checkLoginValues(db, editor, input.id_login, loginValues) : [];
  // Changing a login's values changes that account: refused when it holds a right the editor lacks.
  if (editable.length > 0) await requireAccountChange(db, editor, [input.id_login]);
  return db.transaction(async (tx) => {
    if (loginValues && editable.length > 0) await writeLoginValues(tx, input.id_login, editable, loginValues);
    const save = { by: editor.id, version: input.version };
    if (input.id > 0) await requireVersion(tx, versioned(customers), input.id, save, customerMessages.unknownCustomer);
    let kundennummer = input.kundennummer;
    if (kundennummer === '') {
      const numbers = await tx.select({ n: customers.kundennummer }).from(customers);
      kundennummer = nextNumber(
        numbers.map((row) => row.n),
        10001,
      );
    } else {
      const [taken] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.kundennummer, kundennummer), ne(customers.id, input.id)))
        .limit(1);
      if (taken) throw invalid('kundennummer', customerMessages.customerNumberTaken);
    }
    const contacts: Contact[] = withIds(input.ansprechpartner);
    const addresses: CustomerAddress[] = withIds(input.anschriften);
    const values = {
      kundennummer,
      firma: input.firma,
      ident: customerIdent(kundennummer, input.firma, contacts),
      loginUserId: input.id_login === 0 ? null : input.id_login,
      leitwegId: input.leitwegId,
      contacts,
      addresses,
      updatedAt: new Date(),
      editedBy: save.by,
    };
    if (input.id > 0) {
      await tx.update(customers).set(values).where(eq(customers.id, input.id));
      // Orders show the customer's current number and name.
      await tx
        .update(customerOrders)
        .set({ kundennummer, kundeIdent: values.ident })
        .where(eq(customerOrders.customerId, input.id));
      await invalidateCustomerData(tx);
      return input.id;
    }
    const [created] = await tx.insert(customers).values(values).returning({ id: customers.id });
    return (created as { id: number }).id;
  });
}

export async function customerRows(db: Db, onlyLogin?: number): Promise<CustomerRow[]> {
  const query = db.select().from(customers);
  return onlyLogin === undefined ? query : query.where(eq(customers.loginUserId, onlyLogin));
}

/** The customers as shown; `editor` (staff with x|410|000) also gets the logins' user parameters (f200). */
export async function customerViews(
  db: Db,
  rows: readonly CustomerRow[],
  editor: Caller | null,
): Promise<CustomerView[]> {
  const loginIds = [...new Set(rows.map((row) => row.loginUserId).filter((id): id is number => id !== null))];
  const logins =
    loginIds.length === 0
      ? []
      : await db.select({ id: users.id, ident: users.ident }).from(users).where(inArray(users.id, loginIds));
  const identOf = new Map(logins.map((login) => [login.id, login.ident]));
  const parametersOf = editor ? await loginViews(db, editor, loginIds) : new Map();
  return rows
    .map((row) => ({
      id: row.id,
      version: row.version,
      kundennummer: row.kundennummer,
      ident: row.ident,
      firma: row.firma,
      id_login: row.loginUserId ?? 0,
      login_ident: row.loginUserId === null ? '' : (identOf.get(row.loginUserId) ?? ''),
      leitwegId: row.leitwegId,
      ansprechpartner: row.contacts,
      anschriften: row.addresses,
      nutzer: row.loginUserId === null ? null : (parametersOf.get(row.loginUserId) ?? null),
    }))
    .sort((a, b) => b.kundennummer.localeCompare(a.kundennummer, 'de', { numeric: true }));
}

/** The customer logins (accounts the customer group stands for), for the login select of the customer dialog. */
export async function customerLogins(db: Db, customerGroupId: number): Promise<{ id: number; ident: string }[]> {
  const ids = await designatedAccountIds(db, customerGroupId);
  if (ids.length === 0) return [];
  return db.select({ id: users.id, ident: users.ident }).from(users).where(inArray(users.id, ids)).orderBy(users.ident);
}
