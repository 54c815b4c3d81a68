import { and, eq, inArray, ne } from 'drizzle-orm';
import { grossFromNet, lineNetCents, parseQuantity, parseRate } from '@hortus/contract';
import {
  centsOf,
  customerMessages,
  defaultContractEnd,
  nextNumber,
  costMessages,
  type CustomerSettings,
  type orderInput,
  lineVatChoice,
  type VatChoice,
} from '@hortus/contract/modules/customers';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { requireVersion, systemSave, versioned, type SaveVersion } from '../../platform/db/versions';
import { requireRecord } from '../../platform/http/records';
import { invalid } from '../../platform/http/calls';
import { customerCosts, customerDocuments, customerOrderLines, customerOrders, customers } from './schema';
import { orderNotHeld, requireOrderNotHeld } from './holds';
import { readCustomerSettings } from './settings';
import { invalidateCustomerData } from './data-cache';

/** What staff and customers see of the orders lives in order-views.ts; reminders.ts imports it from here. */
export { orderViews } from './order-views';

type OrderData = z.output<typeof orderInput>;

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
    if (input.id > 0) {
      await requireOrderNotHeld(tx, input.id);
      await requireVersion(tx, versioned(customerOrders), input.id, save, customerMessages.unknownOrder);
    }
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
    .where(and(eq(customerOrders.id, id), orderNotHeld))
    .limit(1)
    // Locks the order first: a document stored for it meanwhile (its insert holds a key-share lock on the
    // order) is committed before the check below reads the documents, so no issued invoice goes with the order.
    .for('update');
  requireRecord(row, { canSee: true }, customerMessages.unknownOrder);
  const documents = await db
    .select({
      fileId: customerDocuments.fileId,
      xmlFileId: customerDocuments.xmlFileId,
      dokumentart: customerDocuments.dokumentart,
    })
    .from(customerDocuments)
    .where(eq(customerDocuments.orderId, id));
  // GoBD (issue 45): deleting the order would delete its issued invoices and credit notes with it.
  if (documents.some((document) => document.dokumentart === 1 || document.dokumentart === 3))
    throw invalid('id', customerMessages.orderHasIssuedDocuments);
  await db.delete(customerOrders).where(eq(customerOrders.id, id));
  await invalidateCustomerData(db);
  return documents.flatMap((document) => [document.fileId, ...(document.xmlFileId ? [document.xmlFileId] : [])]);
}
