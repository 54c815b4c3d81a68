import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { grossFromNet, lineNetCents, netFromGross, parseQuantity, parseRate } from '@hortus/contract';
import {
  centsOf,
  customerMessages,
  defaultContractEnd,
  nextNumber,
  noticeDeadline,
  compareOrders,
  costMessages,
  type CustomerSettings,
  type OrderDocumentView,
  type LineView,
  type OrderView,
  type orderInput,
  lineVatChoice,
  type VatChoice,
} from '@hortus/contract/modules/customers';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { requireVersion, systemSave, versioned, type SaveVersion } from '../../platform/db/versions';
import { files } from '../../platform/db/schema';
import { jsonRows } from '../../platform/db/raw';
import { requireRecord } from '../../platform/http/records';
import { invalid } from '../../platform/http/calls';
import { customerCosts, customerDocuments, customerOrderLines, customerOrders, customers } from './schema';
import { readCustomerSettings } from './settings';
import { cachedCustomerPart, invalidateCustomerData } from './data-cache';
import { germanDate, orderDocumentView, PUBLIC_DOCUMENT_TYPES } from './document-view';

type OrderData = z.output<typeof orderInput>;
type OrderRow = typeof customerOrders.$inferSelect;

/** The stored amounts of a line: net = unit × quantity, gross = net × (1 + rate/100), both half-up. */
export function lineAmounts(line: { anzahl: string; wert: string; mwst: string }) {
  const anzahl = parseQuantity(line.anzahl) ?? '1';
  const rate = parseRate(line.mwst) ?? '0';
  const unitNetCents = centsOf(line.wert);
  const netCents = lineNetCents(unitNetCents, anzahl);
  return { anzahl, rate, unitNetCents, netCents, grossCents: grossFromNet(netCents, rate) };
}

/** A line's VAT choice as its columns. */
const storedVat = (choice: VatChoice) => ({
  vatCategory: choice.ustKategorie,
  exemptionReason: choice.befreiungsgrund,
  exemptionCode: choice.befreiungsgrundCode,
});

/** A line whose costs were booked as a new cost record on save (getSettings' lastEditedLeistungenNeuKosten). */
export interface BookedLineCost {
  pos: number;
  id_kosten: number;
  betrag: number;
}

/**
 * Adds (id 0) or saves an order with its lines in one transaction; answers its id and the lines whose
 * `neuKosten` were booked as new cost records (created and linked in the same transaction). A linked
 * `id_kosten` must exist.
 */
export async function saveOrder(
  db: Db,
  input: OrderData,
  settings?: CustomerSettings,
  save: SaveVersion = systemSave,
): Promise<{ id: number; neuKosten: BookedLineCost[] }> {
  const current = settings ?? (await readCustomerSettings(db));
  const centres = current.kostenstellen;
  return db.transaction(async (tx) => {
    const [customer] = await tx.select().from(customers).where(eq(customers.id, input.id_kunde)).limit(1);
    const owner = requireRecord(customer, { canSee: true }, customerMessages.unknownCustomer);
    if (input.id > 0)
      await requireVersion(tx, versioned(customerOrders), input.id, save, customerMessages.unknownOrder);
    let auftragsnummer = input.auftragsnummer;
    if (auftragsnummer === '') {
      const numbers = await tx.select({ n: customerOrders.auftragsnummer }).from(customerOrders);
      auftragsnummer = nextNumber(
        numbers.map((row) => row.n),
        1001,
      );
    } else {
      const [taken] = await tx
        .select({ id: customerOrders.id })
        .from(customerOrders)
        .where(and(eq(customerOrders.auftragsnummer, auftragsnummer), ne(customerOrders.id, input.id)))
        .limit(1);
      if (taken) throw invalid('auftragsnummer', customerMessages.orderNumberTaken);
    }
    const isContract = input.typ === 'Vertrag';
    const begin = isContract ? input.vertrag_beginn : '';
    const values = {
      customerId: owner.id,
      kundennummer: owner.kundennummer,
      kundeIdent: owner.ident,
      typ: input.typ,
      auftragsnummer,
      titel: input.titel,
      beschreibung: input.beschreibung,
      adminInfo: input.adminInfo,
      status: input.status,
      vertragNummer: isContract ? input.vertrag_nummer : '',
      vertragBeginn: isContract ? begin : null,
      vertragEnde: isContract ? input.vertrag_ende || defaultContractEnd(begin) : null,
      zahlungsintervall: isContract ? input.vertrag_zahlungJaehrlich : 0,
      updatedAt: new Date(),
      editedBy: save.by,
    };
    let id = input.id;
    if (id > 0) await tx.update(customerOrders).set(values).where(eq(customerOrders.id, id));
    else {
      const [created] = await tx.insert(customerOrders).values(values).returning({ id: customerOrders.id });
      id = (created as { id: number }).id;
    }
    const linked = [...new Set(input.leistungen.map((line) => line.id_kosten).filter((costId) => costId > 0))];
    const existing = new Set(
      linked.length === 0
        ? []
        : (await tx.select({ id: customerCosts.id }).from(customerCosts).where(inArray(customerCosts.id, linked))).map(
            (row) => row.id,
          ),
    );
    const costIds: number[] = [];
    const booked: BookedLineCost[] = [];
    for (const [index, line] of input.leistungen.entries()) {
      if (line.id_kosten > 0 && !existing.has(line.id_kosten))
        throw invalid({ [`leistungen.${index}.id_kosten`]: [costMessages.unknownCost] }, costMessages.unknownCost);
      const neu = line.id_kosten === 0 ? line.neuKosten : null;
      if (!neu) {
        costIds.push(line.id_kosten);
        continue;
      }
      if (neu.id_kostenstelle !== 0 && !centres.some((c) => c.nummer === neu.id_kostenstelle))
        throw invalid(
          { [`leistungen.${index}.neuKosten.id_kostenstelle`]: [costMessages.unknownCostCentre] },
          costMessages.unknownCostCentre,
        );
      const [cost] = await tx
        .insert(customerCosts)
        .values({
          datum: neu.datum,
          costCentre: neu.id_kostenstelle,
          grossCents: centsOf(neu.betrag),
          rate: parseRate(neu.mwst) ?? '0',
          titel: neu.titel,
          beschreibung: neu.beschreibung,
        })
        .returning({ id: customerCosts.id, grossCents: customerCosts.grossCents });
      const created = cost as { id: number; grossCents: number };
      costIds.push(created.id);
      booked.push({ pos: line.pos || index + 1, id_kosten: created.id, betrag: created.grossCents });
    }
    // Lines are replaced as a whole: the dialog always sends the full list.
    await tx.delete(customerOrderLines).where(eq(customerOrderLines.orderId, id));
    if (input.leistungen.length > 0) {
      await tx.insert(customerOrderLines).values(
        input.leistungen.map((line, index) => ({
          orderId: id,
          pos: line.pos || index + 1,
          titel: line.titel,
          beschreibung: line.beschreibung,
          ...lineAmounts(line),
          ...storedVat(lineVatChoice(line, current.leistungstypen)),
          serviceTypeId: line.id_leistungstyp,
          incomeCentreId: line.id_einnahmestelle,
          costCents: centsOf(line.kosten),
          costId: costIds[index] ?? 0,
        })),
      );
    }
    await invalidateCustomerData(tx);
    return { id, neuKosten: booked };
  });
}

export async function deleteOrder(db: Db, id: number): Promise<number[]> {
  const [row] = await db
    .select({ id: customerOrders.id })
    .from(customerOrders)
    .where(eq(customerOrders.id, id))
    .limit(1);
  requireRecord(row, { canSee: true }, customerMessages.unknownOrder);
  const documents = await db
    .select({ fileId: customerDocuments.fileId, xmlFileId: customerDocuments.xmlFileId })
    .from(customerDocuments)
    .where(eq(customerDocuments.orderId, id));
  await db.delete(customerOrders).where(eq(customerOrders.id, id));
  await invalidateCustomerData(db);
  return documents.flatMap((document) => [document.fileId, ...(document.xmlFileId ? [document.xmlFileId] : [])]);
}

/**
 * The orders as the caller may see them: staff everything; customers (`customerIds`) only the orders of
 * their own customer records and only the public fields (no adminInfo, costs, profit, receipts).
 * `orderIds` limits the staff view to these orders.
 */
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
          from customer_orders`,
    ),
    jsonRows<LineRow>(
      db,
      sql`select id, order_id as "orderId", pos, titel, beschreibung, anzahl, unit_net_cents as "unitNetCents",
            net_cents as "netCents", rate, gross_cents as "grossCents", ust_kategorie as "vatCategory",
            befreiungsgrund as "exemptionReason", befreiungsgrund_code as "exemptionCode", service_type_id as "serviceTypeId",
            income_centre_id as "incomeCentreId", cost_cents as "costCents", cost_id as "costId"
          from customer_order_lines order by pos, id`,
    ),
    jsonRows<Omit<DocumentRow, 'createdAt'> & { createdAt: number; path: string }>(
      db,
      sql`select d.id, d.order_id as "orderId", d.dokumentart, d.name, d.file_id as "fileId",
            d.xml_file_id as "xmlFileId", d.wert_cents as "wertCents", d.datum, d.snapshot,
            floor(extract(epoch from d.created_at) * 1000) as "createdAt", f.path
          from customer_documents d join files f on f.id = d.file_id order by d.datum, d.id`,
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
          .where(inArray(customerOrders.customerId, [...customerIds]))
      : orderIds !== undefined
        ? await db
            .select()
            .from(customerOrders)
            .where(inArray(customerOrders.id, [...orderIds]))
        : await db.select().from(customerOrders);
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
      const dokumente: OrderDocumentView[] = (documentsOf.get(order.id) ?? []).map(({ document, path }) =>
        orderDocumentView(document, path, document.xmlFileId ? (xmlPaths.get(document.xmlFileId) ?? '') : ''),
      );
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
