import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { LEGAL_RETENTION_YEARS, todayIsoDay } from '@hortus/contract';
import { customerMessages, type HeldRevenueView } from '@hortus/contract/modules/customers';
import { eraseProtokollOf, retentionJob } from '../../platform/audit/protokoll';
import type { Db } from '../../platform/db/database';
import { withFiles } from '../../platform/files/files';
import { CallError, type AppContext } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { keptUntilDay } from '../../platform/privacy/retention';
import { cachedCustomerPart, invalidateCustomerData } from './data-cache';
import {
  customerBankLines,
  customerDocuments,
  customerOrderLines,
  customerOrders,
  customers,
  customerScheduledDocuments,
} from './schema';

/**
 * Retention holds of module 410 (GoBD vs DSGVO, issue 45; docs/architecture.md "Datenschutz"). Deleting a customer
 * (`delKunde`) erases them (Art. 17 DSGVO), but invoices, Stornorechnungen, credit notes, offers, dunning letters
 * and payment receipts are vouchers and business letters the law keeps (§ 147 AO, § 257 HGB): an order holding
 * one is held — blocked (`blocked_at`), in no load, list, search, download, dunning or bank match, changed by
 * nobody — until 31 December of its newest voucher's year + 8 (`LEGAL_RETENTION_YEARS.buchungsbeleg`,
 * `held_until`), with the bank bookings that paid it. Its amounts still count where the law needs them: the
 * EÜR and its ZIPs, DATEV, and the revenue overview (anonymous, `heldRevenue`). The daily job
 * `customers-retention` deletes it then. An order without any such document goes with the customer.
 */

/** Documents that make an order a record to keep: invoice (and Stornorechnung) 1, offer 2, credit note 3, reminder 4, receipt 20. */
export const KEPT_DOCUMENT_TYPES = [1, 2, 3, 4, 20] as const;

/** Orders that are not held (every reader and action on orders uses it). */
export const orderNotHeld = isNull(customerOrders.blockedAt);

/** Documents of orders that are not held. */
export const documentNotHeld = sql`${customerDocuments.orderId} not in (select id from customer_orders where blocked_at is not null)`;

/** A held order is not found by any action (saveAuftrag with its id would otherwise change it). */
export async function requireOrderNotHeld(db: Db, orderId: number): Promise<void> {
  const [held] = await db
    .select({ id: customerOrders.id })
    .from(customerOrders)
    .where(and(eq(customerOrders.id, orderId), isNotNull(customerOrders.blockedAt)))
    .limit(1);
  if (held) throw new CallError('notFound', customerMessages.unknownOrder);
}

/** What an erasure kept: held orders, their vouchers and the last day any of them is kept ('' when none). */
export interface ErasureResult {
  auftraege: number;
  belege: number;
  geloeschteAuftraege: number;
  bis: string;
}

/**
 * Erases a customer (call `delKunde`) in one transaction: the customer row and its Protokoll history go; each of
 * its orders either goes (no document the law keeps) or is held as described above — its invoice drafts and
 * planned documents go, the rest stays unchanged and blocked. Never refused because of documents.
 */
export async function eraseCustomer(app: AppContext, id: number): Promise<ErasureResult> {
  return withFiles(app, async (tx, stored) => {
    const [row] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).for('update');
    requireRecord(row, { canSee: true }, customerMessages.unknownCustomer);
    // Locked first: a document stored meanwhile (key-share lock, documents.ts lockOrder) is seen below.
    const orders = await tx
      .select({ id: customerOrders.id })
      .from(customerOrders)
      .where(and(eq(customerOrders.customerId, id), orderNotHeld))
      .orderBy(customerOrders.id)
      .for('update');
    const orderIds = orders.map((order) => order.id);
    const documents =
      orderIds.length === 0
        ? []
        : await tx
            .select({
              id: customerDocuments.id,
              orderId: customerDocuments.orderId,
              dokumentart: customerDocuments.dokumentart,
              datum: customerDocuments.datum,
              fileId: customerDocuments.fileId,
              xmlFileId: customerDocuments.xmlFileId,
            })
            .from(customerDocuments)
            .where(inArray(customerDocuments.orderId, orderIds));
    const kept = (type: number) => (KEPT_DOCUMENT_TYPES as readonly number[]).includes(type);
    const filesOf = (list: typeof documents) =>
      list.flatMap((document) => [document.fileId, ...(document.xmlFileId ? [document.xmlFileId] : [])]);
    const result: ErasureResult = { auftraege: 0, belege: 0, geloeschteAuftraege: 0, bis: '' };
    const now = new Date();
    for (const orderId of orderIds) {
      const own = documents.filter((document) => document.orderId === orderId);
      const vouchers = own.filter((document) => kept(document.dokumentart));
      if (vouchers.length === 0) {
        await tx.delete(customerOrders).where(eq(customerOrders.id, orderId));
        await stored.remove(filesOf(own));
        await eraseProtokollOf(tx, '410', 'Auftrag', String(orderId));
        result.geloeschteAuftraege++;
        continue;
      }
      const newestYear = Math.max(...vouchers.map((document) => Number(document.datum.slice(0, 4))));
      const heldUntil = keptUntilDay(newestYear, LEGAL_RETENTION_YEARS.buchungsbeleg);
      const others = own.filter((document) => !kept(document.dokumentart) && document.dokumentart !== 100);
      if (others.length > 0) {
        await tx.delete(customerDocuments).where(
          inArray(
            customerDocuments.id,
            others.map((document) => document.id),
          ),
        );
        await stored.remove(filesOf(others));
      }
      await tx.delete(customerScheduledDocuments).where(eq(customerScheduledDocuments.orderId, orderId));
      await tx.update(customerOrders).set({ blockedAt: now, heldUntil }).where(eq(customerOrders.id, orderId));
      result.auftraege++;
      result.belege += vouchers.length;
      if (heldUntil > result.bis) result.bis = heldUntil;
    }
    await tx.delete(customers).where(eq(customers.id, id));
    await eraseProtokollOf(tx, '410', 'Kunde', String(id));
    await invalidateCustomerData(tx);
    return result;
  });
}

/**
 * The retention job's work: held orders whose `held_until` has passed (Berlin day of `now`) go with their
 * documents, files, the bank bookings that paid them and their Protokoll history (one 'gelöscht' entry each
 * stays). Answers how many orders and bookings went.
 */
export async function applyCustomerRetention(
  app: AppContext,
  now = Date.now(),
): Promise<{ auftraege: number; buchungen: number }> {
  const today = todayIsoDay(now);
  return withFiles(app, async (tx, stored) => {
    const expired = await tx
      .select({ id: customerOrders.id })
      .from(customerOrders)
      .where(and(isNotNull(customerOrders.blockedAt), lt(customerOrders.heldUntil, today)))
      .orderBy(customerOrders.id)
      .for('update');
    if (expired.length === 0) return { auftraege: 0, buchungen: 0 };
    const orderIds = expired.map((order) => order.id);
    const documents = await tx
      .select({ id: customerDocuments.id, fileId: customerDocuments.fileId, xmlFileId: customerDocuments.xmlFileId })
      .from(customerDocuments)
      .where(inArray(customerDocuments.orderId, orderIds));
    const documentIds = documents.map((document) => document.id);
    const bookings =
      documentIds.length === 0
        ? []
        : await tx
            .delete(customerBankLines)
            .where(
              or(inArray(customerBankLines.invoiceId, documentIds), inArray(customerBankLines.receiptId, documentIds)),
            )
            .returning({ id: customerBankLines.id });
    await tx.delete(customerOrders).where(inArray(customerOrders.id, orderIds));
    await stored.remove(
      documents.flatMap((document) => [document.fileId, ...(document.xmlFileId ? [document.xmlFileId] : [])]),
    );
    for (const booking of bookings) await eraseProtokollOf(tx, '410', 'Kontoumsatz', String(booking.id));
    for (const orderId of orderIds) await eraseProtokollOf(tx, '410', 'Auftrag', String(orderId));
    await invalidateCustomerData(tx);
    return { auftraege: orderIds.length, buchungen: bookings.length };
  });
}

/** Daily: held orders of erased customers past their legal period go; the run is recorded for the Datenschutz page. */
export const customersRetentionJob = retentionJob(
  'customers-retention',
  'Gesperrte Belege gelöschter Kunden löschen',
  (app) => applyCustomerRetention(app),
  (done) => `${done.auftraege} gesperrte Aufträge und ${done.buchungen} Kontoumsätze gelöscht`,
);

/** The ids (Protokoll text) of held orders and of the bank bookings that paid them: withheld in the Protokoll. */
export async function heldRecordIds(db: Db): Promise<{ orders: Set<string>; bookings: Set<string> }> {
  const orders = await db
    .select({ id: customerOrders.id })
    .from(customerOrders)
    .where(isNotNull(customerOrders.blockedAt))
    .orderBy(customerOrders.id);
  if (orders.length === 0) return { orders: new Set(), bookings: new Set() };
  const bookings = await db
    .select({ id: customerBankLines.id })
    .from(customerBankLines)
    .innerJoin(
      customerDocuments,
      or(eq(customerDocuments.id, customerBankLines.invoiceId), eq(customerDocuments.id, customerBankLines.receiptId)),
    )
    .where(
      inArray(
        customerDocuments.orderId,
        orders.map((order) => order.id),
      ),
    )
    .orderBy(customerBankLines.id);
  return {
    orders: new Set(orders.map((order) => String(order.id))),
    bookings: new Set(bookings.map((booking) => String(booking.id))),
  };
}

/**
 * The anonymous amounts of held orders for the staff load (`gesperrt`): the revenue overview counts them, nothing
 * names anyone (no customer, number, title, text or file). Sorted by id.
 */
export function heldRevenue(db: Db): Promise<HeldRevenueView[]> {
  return cachedCustomerPart(db, 'held', () => buildHeldRevenue(db));
}

async function buildHeldRevenue(db: Db): Promise<HeldRevenueView[]> {
  const orders = await db
    .select({ id: customerOrders.id })
    .from(customerOrders)
    .where(isNotNull(customerOrders.blockedAt))
    .orderBy(customerOrders.id);
  if (orders.length === 0) return [];
  const ids = orders.map((order) => order.id);
  const [lines, documents] = await Promise.all([
    db
      .select({
        orderId: customerOrderLines.orderId,
        id_einnahmestelle: customerOrderLines.incomeCentreId,
        netto: customerOrderLines.netCents,
        mwst: customerOrderLines.rate,
        kosten: customerOrderLines.costCents,
      })
      .from(customerOrderLines)
      .where(inArray(customerOrderLines.orderId, ids))
      .orderBy(customerOrderLines.pos, customerOrderLines.id),
    db
      .select({
        orderId: customerDocuments.orderId,
        id: customerDocuments.id,
        dokumentart: customerDocuments.dokumentart,
        dateUpload: customerDocuments.datum,
        wert: customerDocuments.wertCents,
        snapshot: customerDocuments.snapshot,
      })
      .from(customerDocuments)
      .where(and(inArray(customerDocuments.orderId, ids), inArray(customerDocuments.dokumentart, [1, 3])))
      .orderBy(customerDocuments.datum, customerDocuments.id),
  ]);
  return ids.map((id) => ({
    id,
    leistungen: lines.filter((line) => line.orderId === id).map(({ orderId: _, ...line }) => line),
    dokumente: documents
      .filter((document) => document.orderId === id)
      .map((document) => ({
        id: document.id,
        dokumentart: document.dokumentart,
        dateUpload: document.dateUpload,
        wert: document.wert,
        netto: document.snapshot.netCents ?? 0,
      })),
  }));
}
