import { and, eq, inArray } from 'drizzle-orm';
import { todayIsoDay } from '@hortus/contract';
import type { dunInput } from '@hortus/contract/modules/customers';
import {
  daysBetween,
  dunningClaim,
  dunningLevelName,
  dunningMessages,
  dunningTooEarly,
  invoiceOpenAmounts,
  nextDunningStep,
  type OpenItemView,
  type OrderDocumentView,
} from '@hortus/contract/modules/customers';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { files } from '../../platform/db/schema';
import { type AppContext, invalid } from '../../platform/http/calls';
import { openAmountInput } from './document-view';
import { debtorKind, dueDate, dunningState, issueDunningLetter, readDunningCase, type DunningCase } from './reminders';
import { customerDocuments, customerOrders, customers } from './schema';
import { orderNotHeld } from './holds';
import { readInvoicingSettings } from './settings';

type DocumentRow = typeof customerDocuments.$inferSelect;

/** Every issued invoice (not cancelled, no Stornorechnung) with its order, customer, open amount and the order's documents. */
export async function readReceivables(db: Db) {
  const rows = await db
    .select({ document: customerDocuments, path: files.path })
    .from(customerDocuments)
    .innerJoin(files, eq(files.id, customerDocuments.fileId))
    .where(inArray(customerDocuments.dokumentart, [1, 3, 4, 20]));
  const byOrder = new Map<number, DocumentRow[]>();
  const paths = new Map<number, string>();
  for (const { document, path } of rows) {
    paths.set(document.id, path);
    byOrder.set(document.orderId, [...(byOrder.get(document.orderId) ?? []), document]);
  }
  const orders =
    byOrder.size === 0
      ? []
      : await db
          .select()
          .from(customerOrders)
          .where(and(inArray(customerOrders.id, [...byOrder.keys()]), orderNotHeld));
  const customerIds = orders.map((o) => o.customerId).filter((id): id is number => id !== null);
  const customerRows =
    customerIds.length === 0 ? [] : await db.select().from(customers).where(inArray(customers.id, customerIds));
  const customerOf = new Map(customerRows.map((c) => [c.id, c]));
  return {
    paths,
    invoices: orders.flatMap((order) => {
      const documents = byOrder.get(order.id) ?? [];
      const opens = invoiceOpenAmounts(documents.map(openAmountInput));
      const customer = order.customerId ? customerOf.get(order.customerId) : undefined;
      return documents
        .filter((invoice) => opens.has(invoice.id))
        .map((invoice) => ({ invoice, order, customer, documents, offen: opens.get(invoice.id) ?? 0 }));
    }),
  };
}

/**
 * Offene Posten / Mahnwesen (issue 45): every issued, not cancelled invoice with an open amount, oldest due
 * date first, with its dunning level reached, days overdue on `stichtag` and the next level's earliest day
 * and claim.
 */
export async function openItems(db: Db, stichtag: string): Promise<OpenItemView[]> {
  const settings = await readInvoicingSettings(db);
  const { invoices, paths } = await readReceivables(db);
  const items: OpenItemView[] = [];
  for (const { invoice, order, customer, documents, offen } of invoices) {
    if (offen <= 0) continue;
    const kind = debtorKind(customer);
    const faellig = dueDate(invoice, settings);
    const { stufe, last } = dunningState(invoice.id, documents);
    const next = nextDunningStep(last ? { stufe, datum: last.datum } : null, faellig, settings.mahnwesen.abstandTage);
    const on = next && next.ab > stichtag ? next.ab : stichtag;
    const claim = next ? dunningClaim(settings.mahnwesen, kind, next.stufe, offen, faellig, on) : null;
    items.push({
      rechnungId: invoice.id,
      id_auftrag: order.id,
      auftragsnummer: order.auftragsnummer,
      rechnung: invoice.name,
      kunde: customer?.ident ?? order.kundeIdent,
      kundeArt: kind,
      datum: invoice.datum,
      faellig,
      tageUeberfaellig: daysBetween(faellig, stichtag),
      betrag: invoice.wertCents,
      offen,
      stufe,
      stufeName: dunningLevelName(stufe),
      letzteMahnung: last ? { id: last.id, name: last.name, datum: last.datum, pfad: paths.get(last.id) ?? '' } : null,
      naechsteStufe:
        next && claim
          ? {
              stufe: next.stufe,
              name: dunningLevelName(next.stufe),
              ab: next.ab,
              moeglich: stichtag >= next.ab,
              gebuehren: claim.gebuehren,
              zinsen: claim.zinsen,
              summe: claim.summe,
            }
          : null,
    });
  }
  return items.sort((a, b) => (a.faellig === b.faellig ? a.rechnungId - b.rechnungId : a.faellig < b.faellig ? -1 : 1));
}

/** The list's day: the sent one, else today in Berlin. */
export function openItemsDay(stichtag: string): string {
  return stichtag === '' ? todayIsoDay() : stichtag;
}

/**
 * The next dunning level's letter for an invoice (call `mahnen`): only for an overdue invoice with an open
 * amount, the Zahlungserinnerung after the due date, each further level `abstandTage` after the last letter,
 * none after the 2. Mahnung. The letter's check repeats this under the numbering lock: of two sendings at
 * once, the second finds the level sent.
 */
export async function sendNextLevel(
  app: AppContext,
  input: z.output<typeof dunInput>,
): Promise<{ document: OrderDocumentView; orderId: number; stufe: number }> {
  const settings = await readInvoicingSettings(app.db);
  const levelOf = (current: DunningCase) => {
    const step = nextDunningStep(
      current.last ? { stufe: current.stufe, datum: current.last.datum } : null,
      current.faellig,
      settings.mahnwesen.abstandTage,
    );
    if (!step) throw invalid('rechnungId', dunningMessages.lastLevelSent);
    return step;
  };
  const first = levelOf(await readDunningCase(app.db, input.rechnungId, settings));
  const sent = await issueDunningLetter(
    app,
    input.rechnungId,
    {
      stufe: first.stufe,
      datum: input.datum,
      anschriftId: 0,
      ansprechpartnerId: 0,
      individuellerTextblock: input.individuellerTextblock,
    },
    (current) => {
      const step = levelOf(current);
      if (step.stufe !== first.stufe)
        throw invalid('rechnungId', dunningMessages.alreadySent(dunningLevelName(first.stufe)));
      if (current.offen <= 0) throw invalid('rechnungId', dunningMessages.nothingOpen);
      if (current.last && input.datum < current.last.datum)
        throw invalid('datum', dunningMessages.beforeLast(current.last.name));
      const early = dunningTooEarly(step, input.datum);
      if (early) throw invalid('datum', early);
    },
  );
  return { ...sent, stufe: first.stufe };
}

/** An invoice view as just made, with its open amount as the load shows it (issue 45); other documents as they are. */
export async function withOpenAmount(db: Db, view: OrderDocumentView): Promise<OrderDocumentView> {
  if (view.dokumentart !== 1 || view.status !== 'ausgestellt' || view.stornoZu !== '') return view;
  const documents = await db
    .select()
    .from(customerDocuments)
    .where(
      inArray(
        customerDocuments.orderId,
        db.select({ id: customerDocuments.orderId }).from(customerDocuments).where(eq(customerDocuments.id, view.id)),
      ),
    );
  return { ...view, offen: invoiceOpenAmounts(documents.map(openAmountInput)).get(view.id) ?? 0 };
}
