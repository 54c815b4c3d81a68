import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { netFromGross } from '@hortus/contract';
import {
  noticeDeadline,
  compareOrders,
  invoiceOpenAmounts,
  type OrderDocumentView,
  type LineView,
  type OrderView,
} from '@hortus/contract/modules/customers';
import type { Db } from '../../platform/db/database';
import { files } from '../../platform/db/schema';
import { jsonRows } from '../../platform/db/raw';
import { customerCosts, customerDocuments, customerOrderLines, customerOrders } from './schema';
import { cachedCustomerPart } from './data-cache';
import { orderNotHeld } from './holds';
import {
  germanDate,
  openAmountInput,
  orderDocumentView,
  PUBLIC_DOCUMENT_TYPES,
  withReceivables,
} from './document-view';

type OrderRow = typeof customerOrders.$inferSelect;
type LineRow = typeof customerOrderLines.$inferSelect;
type DocumentRow = typeof customerDocuments.$inferSelect;

/**
 * Every order with its lines and documents (the staff load) as JSON rows built by PostgreSQL
 * (`jsonRows`, issue 35), in the shapes and orders of the Drizzle queries below.
 */
async function allOrders(db: Db): Promise<{
  orders: OrderRow[];
  lines: LineRow[];
  documents: { document: DocumentRow; path: string }[];
}> {
  const [orders, lines, documents] = await Promise.all([
    jsonRows<Omit<OrderRow, 'updatedAt'> & { updatedAt: number }>(
      db,
      sql`select id, customer_id as "customerId", kundennummer, kunde_ident as "kundeIdent", typ, auftragsnummer, titel,
            beschreibung, admin_info as "adminInfo", status, vertrag_nummer as "vertragNummer",
            vertrag_beginn as "vertragBeginn", vertrag_ende as "vertragEnde", zahlungsintervall,
            version, edited_by as "editedBy", floor(extract(epoch from updated_at) * 1000) as "updatedAt"
          from customer_orders where blocked_at is null`,
    ),
    jsonRows<LineRow>(
      db,
      sql`select id, order_id as "orderId", pos, titel, beschreibung, anzahl, unit_net_cents as "unitNetCents",
            net_cents as "netCents", rate, gross_cents as "grossCents", ust_kategorie as "vatCategory",
            befreiungsgrund as "exemptionReason", befreiungsgrund_code as "exemptionCode", service_type_id as "serviceTypeId",
            income_centre_id as "incomeCentreId", cost_cents as "costCents", cost_id as "costId"
          from customer_order_lines
          where order_id not in (select id from customer_orders where blocked_at is not null) order by pos, id`,
    ),
    jsonRows<Omit<DocumentRow, 'createdAt'> & { createdAt: number; path: string }>(
      db,
      sql`select d.id, d.order_id as "orderId", d.dokumentart, d.name, d.file_id as "fileId",
            d.xml_file_id as "xmlFileId", d.wert_cents as "wertCents", d.datum, d.snapshot, d.status,
            floor(extract(epoch from d.created_at) * 1000) as "createdAt", f.path
          from customer_documents d join files f on f.id = d.file_id
          where d.order_id not in (select id from customer_orders where blocked_at is not null) order by d.datum, d.id`,
    ),
  ]);
  return {
    orders: orders.map((order) => ({ ...order, updatedAt: new Date(order.updatedAt) })),
    lines,
    documents: documents.map(({ path, createdAt, ...document }) => ({
      document: { ...document, createdAt: new Date(createdAt) },
      path,
    })),
  };
}

/**
 * The orders as the caller may see them: staff everything; customers (`customerIds`) only the orders of
 * their own customer records and only the public fields (no adminInfo, costs, profit, receipts).
 * `orderIds` limits the staff view to these orders.
 */
export function orderViews(
  db: Db,
  customerIds?: readonly number[],
  orderIds?: readonly number[],
): Promise<OrderView[]> {
  // The staff's whole list is kept per version of the module's data (issue 35).
  if (customerIds === undefined && orderIds === undefined)
    return cachedCustomerPart(db, 'orders', () => buildOrderViews(db));
  return buildOrderViews(db, customerIds, orderIds);
}

async function buildOrderViews(
  db: Db,
  customerIds?: readonly number[],
  orderIds?: readonly number[],
): Promise<OrderView[]> {
  const forCustomer = customerIds !== undefined;
  if (forCustomer && customerIds.length === 0) return [];
  const everything = !forCustomer && orderIds === undefined ? await allOrders(db) : null;
  const orders: OrderRow[] = everything
    ? everything.orders
    : forCustomer
      ? await db
          .select()
          .from(customerOrders)
          .where(and(inArray(customerOrders.customerId, [...customerIds]), orderNotHeld))
      : orderIds !== undefined
        ? await db
            .select()
            .from(customerOrders)
            .where(and(inArray(customerOrders.id, [...orderIds]), orderNotHeld))
        : await db.select().from(customerOrders).where(orderNotHeld);
  if (orders.length === 0) return [];
  const ids = orders.map((order) => order.id);
  const lines = everything
    ? everything.lines
    : await db
        .select()
        .from(customerOrderLines)
        .where(inArray(customerOrderLines.orderId, ids))
        .orderBy(asc(customerOrderLines.pos), asc(customerOrderLines.id));
  const documentRows = everything
    ? everything.documents
    : await db
        .select({ document: customerDocuments, path: files.path })
        .from(customerDocuments)
        .innerJoin(files, eq(files.id, customerDocuments.fileId))
        .where(
          forCustomer
            ? and(
                inArray(customerDocuments.orderId, ids),
                inArray(customerDocuments.dokumentart, PUBLIC_DOCUMENT_TYPES),
              )
            : inArray(customerDocuments.orderId, ids),
        )
        .orderBy(asc(customerDocuments.datum), asc(customerDocuments.id));
  const xmlIds = documentRows.map((row) => row.document.xmlFileId).filter((id): id is number => id !== null);
  const xmlPaths = new Map(
    xmlIds.length === 0
      ? []
      : (await db.select({ id: files.id, path: files.path }).from(files).where(inArray(files.id, xmlIds))).map((f) => [
          f.id,
          f.path,
        ]),
  );
  // Staff see each line's linked cost record's amount (the spec's line `betrag`).
  const costIds = forCustomer ? [] : [...new Set(lines.map((line) => line.costId).filter((id) => id > 0))];
  const costAmounts = new Map(
    costIds.length === 0
      ? []
      : (
          await db
            .select({ id: customerCosts.id, cents: customerCosts.grossCents })
            .from(customerCosts)
            .where(inArray(customerCosts.id, costIds))
        ).map((cost) => [cost.id, cost.cents]),
  );
  const linesOf = groupBy(lines, (line) => line.orderId);
  const documentsOf = groupBy(documentRows, (row) => row.document.orderId);
  return orders
    .map((order) => {
      const orderLines = linesOf.get(order.id) ?? [];
      const rows = documentsOf.get(order.id) ?? [];
      // Staff see each invoice's open amount and each reminder's level (issue 45).
      const opens = forCustomer ? null : invoiceOpenAmounts(rows.map(({ document }) => openAmountInput(document)));
      const dokumente: OrderDocumentView[] = rows.map(({ document, path }) => {
        const view = orderDocumentView(
          document,
          path,
          document.xmlFileId ? (xmlPaths.get(document.xmlFileId) ?? '') : '',
        );
        return opens ? withReceivables(view, document, opens) : view;
      });
      const leistungen: LineView[] = orderLines.map((line) => ({
        id: line.id,
        pos: line.pos,
        titel: line.titel,
        beschreibung: line.beschreibung,
        anzahl: line.anzahl,
        wert: line.unitNetCents,
        netto: line.netCents,
        mwst: line.rate,
        ustKategorie: line.vatCategory,
        befreiungsgrund: line.exemptionReason,
        befreiungsgrundCode: line.exemptionCode,
        wertBrutto: line.grossCents,
        id_leistungstyp: line.serviceTypeId,
        id_einnahmestelle: line.incomeCentreId,
        id_auftrag: order.id,
        ...(forCustomer
          ? {}
          : { kosten: line.costCents, id_kosten: line.costId, betrag: costAmounts.get(line.costId) ?? 0 }),
      }));
      const umsatz = orderLines.reduce((sum, line) => sum + line.netCents, 0);
      const umsatzBrutto = orderLines.reduce((sum, line) => sum + line.grossCents, 0);
      const end = order.vertragEnde ?? '';
      const view: OrderView = {
        id: order.id,
        id_kunde: order.customerId ?? 0,
        kundennummer: order.kundennummer,
        kunde_ident: order.kundeIdent,
        typ: order.typ,
        auftragsnummer: order.auftragsnummer,
        titel: order.titel,
        beschreibung: order.beschreibung,
        status: order.status,
        time_lastUpdate: Math.floor(order.updatedAt.getTime() / 1000),
        version: order.version,
        umsatz,
        umsatzBrutto,
        leistungen,
        dokumente,
        vertrag_nummer: order.vertragNummer,
        vertrag_beginn: order.vertragBeginn ?? '',
        vertrag_ende: end,
        dateVertrag_ende: germanDate(end),
        vertrag_endeKuendigungsfrist: end === '' ? '' : noticeDeadline(end),
        vertrag_zahlungJaehrlich: order.zahlungsintervall,
      };
      if (forCustomer) return view;
      const kosten = orderLines.reduce((sum, line) => sum + line.costCents, 0);
      // Line costs are gross; their VAT is taken at the line's rate.
      const kostenNetto = orderLines.reduce((sum, line) => sum + netFromGross(line.costCents, line.rate), 0);
      const invoiced = dokumente.filter((d) => d.dokumentart === 1).reduce((sum, d) => sum + d.wert, 0);
      const credited = dokumente.filter((d) => d.dokumentart === 3).reduce((sum, d) => sum + d.wert, 0);
      const paid = dokumente.filter((d) => d.dokumentart === 20).reduce((sum, d) => sum + d.wert, 0);
      return {
        ...view,
        adminInfo: order.adminInfo,
        kosten,
        kosten_mwst: kosten - kostenNetto,
        gewinn: umsatz - kostenNetto,
        offeneRechnungen: { betrag: invoiced - credited - paid },
      };
    })
    .sort(compareOrders);
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
}
