import { and, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import { parseRate, toLocal } from '@hortus/contract';
import {
  centsOf,
  costMessages,
  costNet,
  dueRepeats,
  type CostData,
  type CostDocumentView,
  type CostRepeat,
  type CostView,
  type CustomerSettings,
  type EInvoiceRecord,
} from '@hortus/contract/modules/customers';
import type { Db } from '../../platform/db/database';
import { invalidateCustomerData, cachedCustomerPart } from './data-cache';
import { requireVersion, versioned, type SaveVersion } from '../../platform/db/versions';
import { files } from '../../platform/db/schema';
import { jsonRows } from '../../platform/db/raw';
import { withFiles } from '../../platform/files/files';
import { type AppContext, invalid } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import type { BackgroundJob } from '../../platform/modules/server-module';
import { customerCostDocuments, customerCosts, customerOrderLines, customerOrders } from './schema';
import { orderNotHeld } from './holds';

type CostRow = Pick<
  typeof customerCosts.$inferSelect,
  | 'id'
  | 'datum'
  | 'costCentre'
  | 'grossCents'
  | 'rate'
  | 'titel'
  | 'titel2'
  | 'beschreibung'
  | 'repeat'
  | 'templateId'
  | 'version'
  | 'open'
  | 'dueDate'
  | 'paidOn'
>;

/** Adds (id 0) or saves a cost; answers its id. The cost centre must exist in the settings (or be 0). */
export async function saveCost(
  db: Db,
  input: CostData,
  settings: CustomerSettings,
  save: SaveVersion,
): Promise<number> {
  if (input.id_kostenstelle !== 0 && !settings.kostenstellen.some((c) => c.nummer === input.id_kostenstelle))
    throw invalid('id_kostenstelle', costMessages.unknownCostCentre);
  const values = {
    datum: input.datum,
    costCentre: input.id_kostenstelle,
    grossCents: centsOf(input.betrag),
    rate: parseRate(input.mwst) ?? '0',
    titel: input.titel,
    titel2: input.titel2,
    beschreibung: input.beschreibung,
    repeat: input.wiederholen,
    // Opt-in (issue 45): sent, it sets the state (paid by hand: no bank day); missing keeps it.
    ...(input.offen === undefined ? {} : { open: input.offen, paidOn: null }),
    updatedAt: new Date(),
    editedBy: save.by,
  };
  if (input.id === 0) {
    const [created] = await db.insert(customerCosts).values(values).returning({ id: customerCosts.id });
    await invalidateCustomerData(db);
    return (created as { id: number }).id;
  }
  return db.transaction(async (tx) => {
    await requireVersion(tx, versioned(customerCosts), input.id, save, costMessages.unknownCost);
    await tx.update(customerCosts).set(values).where(eq(customerCosts.id, input.id));
    await invalidateCustomerData(tx);
    return input.id;
  });
}

/** Deletes a cost with its documents and their files; service lines booked as it are unlinked. */
export async function deleteCost(app: AppContext, id: number): Promise<void> {
  const [row] = await app.db.select({ id: customerCosts.id }).from(customerCosts).where(eq(customerCosts.id, id));
  requireRecord(row, { canSee: true }, costMessages.unknownCost);
  await withFiles(app, async (tx, fileTx) => {
    const documents = await tx
      .select({ fileId: customerCostDocuments.fileId })
      .from(customerCostDocuments)
      .where(eq(customerCostDocuments.costId, id));
    await tx.update(customerOrderLines).set({ costId: 0 }).where(eq(customerOrderLines.costId, id));
    // Copies of a deleted repeating cost stay as they are, made by hand from then on.
    await tx.update(customerCosts).set({ templateId: null }).where(eq(customerCosts.templateId, id));
    await tx.delete(customerCosts).where(eq(customerCosts.id, id));
    await fileTx.remove(documents.map((d) => d.fileId));
    await invalidateCustomerData(tx);
  });
}

interface DocumentRow {
  id: number;
  dokumentart: number;
  name: string;
  pfad: string;
  sha256: string;
  eInvoice: EInvoiceRecord | null;
  /** Upload time in milliseconds. */
  ms: number;
}

function documentView(row: DocumentRow): CostDocumentView {
  return {
    id: row.id,
    dokumentart: row.dokumentart,
    name: row.name,
    pfad: row.pfad,
    dateUpload: berlinDay(new Date(row.ms)),
    timeUpload: Math.floor(row.ms / 1000),
    sha256: row.sha256,
    eRechnung: row.eInvoice,
  };
}

/** The documents of costs (all when `costIds` is missing), grouped by cost. */
export async function costDocuments(db: Db, costIds?: readonly number[]): Promise<Map<number, CostDocumentView[]>> {
  if (costIds?.length === 0) return new Map();
  const rows = await db
    .select({ document: customerCostDocuments, path: files.path })
    .from(customerCostDocuments)
    .innerJoin(files, eq(files.id, customerCostDocuments.fileId))
    .where(costIds ? inArray(customerCostDocuments.costId, [...costIds]) : undefined)
    .orderBy(customerCostDocuments.id);
  const byCost = new Map<number, CostDocumentView[]>();
  for (const { document, path } of rows) {
    const view = documentView({ ...document, pfad: path, ms: document.createdAt.getTime() });
    const list = byCost.get(document.costId);
    if (list) list.push(view);
    else byCost.set(document.costId, [view]);
  }
  return byCost;
}

/**
 * The costs as the costs screen shows them (staff only), date descending: those paid in `year` (the
 * screen's year filter, issue 35), or all. Rows come as JSON built by PostgreSQL (`jsonRows`).
 */
export function costViews(db: Db, settings: CustomerSettings, year?: number): Promise<CostView[]> {
  // Kept per version of the module's data and of the settings (the cost centres' names; issue 35).
  return cachedCustomerPart(db, `costs:${year ?? 'all'}:${settingsVersion(settings)}`, () =>
    buildCostViews(db, settings, year),
  );
}

const settingsVersions = new WeakMap<object, number>();
let lastSettingsVersion = 0;
/** A number per settings object (one object per stored version: the module settings cache). */
function settingsVersion(settings: CustomerSettings): number {
  let version = settingsVersions.get(settings);
  if (version === undefined) {
    version = ++lastSettingsVersion;
    settingsVersions.set(settings, version);
  }
  return version;
}

async function buildCostViews(db: Db, settings: CustomerSettings, year?: number): Promise<CostView[]> {
  const inYear =
    year === undefined ? sql`true` : sql`c.datum between ${`${year}-01-01`}::date and ${`${year}-12-31`}::date`;
  const rows = await jsonRows<CostRow>(
    db,
    sql`select c.id, c.datum, c.cost_centre as "costCentre", c.gross_cents as "grossCents", c.rate, c.titel,
          c.titel2, c.beschreibung, c.repeat, c.template_id as "templateId", c.version, c.open,
          c.due_date as "dueDate", c.paid_on as "paidOn"
        from customer_costs c where ${inYear} order by c.datum desc, c.id desc`,
  );
  if (rows.length === 0) return [];
  const documents = await jsonRows<DocumentRow & { costId: number }>(
    db,
    sql`select d.cost_id as "costId", d.id, d.dokumentart, d.name, f.path as pfad, d.sha256,
          d.e_invoice as "eInvoice", floor(extract(epoch from d.created_at) * 1000) as ms
        from customer_cost_documents d join files f on f.id = d.file_id
        where d.cost_id in (select c.id from customer_costs c where ${inYear}) order by d.id`,
  );
  const documentsOf = new Map<number, CostDocumentView[]>();
  for (const document of documents) {
    const view = documentView(document);
    const list = documentsOf.get(document.costId);
    if (list) list.push(view);
    else documentsOf.set(document.costId, [view]);
  }
  const links = await db
    .selectDistinct({
      costId: customerOrderLines.costId,
      id: customerOrders.id,
      auftragsnummer: customerOrders.auftragsnummer,
      titel: customerOrders.titel,
    })
    .from(customerOrderLines)
    .innerJoin(customerOrders, eq(customerOrders.id, customerOrderLines.orderId))
    .where(and(gt(customerOrderLines.costId, 0), orderNotHeld));
  const ordersOf = new Map<number, { id: number; auftragsnummer: string; titel: string }[]>();
  for (const { costId, ...order } of links) {
    const list = ordersOf.get(costId);
    if (list) list.push(order);
    else ordersOf.set(costId, [order]);
  }
  const centreName = new Map(settings.kostenstellen.map((c) => [c.nummer, c.name]));
  return rows.map((row) => ({
    id: row.id,
    datum: row.datum,
    id_kostenstelle: row.costCentre,
    kostenstelle: centreName.get(row.costCentre) ?? '',
    betrag: row.grossCents,
    netto: costNet(row.grossCents, row.rate),
    mwst: row.rate,
    titel: row.titel,
    titel2: row.titel2,
    beschreibung: row.beschreibung,
    wiederholen: row.repeat,
    id_vorlage: row.templateId ?? 0,
    dokumente: documentsOf.get(row.id) ?? [],
    auftraege: ordersOf.get(row.id) ?? [],
    offen: row.open,
    faelligAm: row.dueDate ?? '',
    bezahltAm: row.paidOn ?? '',
    version: row.version,
  }));
}

/** The day (Europe/Berlin) of a moment, YYYY-MM-DD. */
export function berlinDay(date: Date): string {
  const local = toLocal(date.getTime());
  return `${local.year}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`;
}

/**
 * Creates the due copies of repeating costs up to today: one per template and period start, inserted with
 * `on conflict do nothing` on the unique (template, period) index, so running the job again or on several
 * servers at once never creates a copy twice. Answers how many copies this run created.
 */
export async function runRecurringCosts(db: Db, now = new Date()): Promise<number> {
  const today = berlinDay(now);
  const templates = await db
    .select()
    .from(customerCosts)
    .where(and(gt(customerCosts.repeat, 0), isNull(customerCosts.templateId)));
  if (templates.length === 0) return 0;
  const latest = new Map(
    (
      await db
        .select({ templateId: customerCosts.templateId, period: max(customerCosts.period) })
        .from(customerCosts)
        .where(
          inArray(
            customerCosts.templateId,
            templates.map((t) => t.id),
          ),
        )
        .groupBy(customerCosts.templateId)
    ).map((row) => [row.templateId, row.period ?? '']),
  );
  let created = 0;
  for (const template of templates) {
    const done = latest.get(template.id) ?? '';
    const days = dueRepeats(template.datum, template.repeat as CostRepeat, today).filter((day) => day > done);
    if (days.length === 0) continue;
    const inserted = await db
      .insert(customerCosts)
      .values(
        days.map((day) => ({
          datum: day,
          costCentre: template.costCentre,
          grossCents: template.grossCents,
          rate: template.rate,
          titel: template.titel,
          titel2: template.titel2,
          beschreibung: template.beschreibung,
          repeat: 0,
          templateId: template.id,
          period: day,
        })),
      )
      .onConflictDoNothing({ target: [customerCosts.templateId, customerCosts.period] })
      .returning({ id: customerCosts.id });
    created += inserted.length;
  }
  if (created > 0) await invalidateCustomerData(db);
  return created;
}

export const recurringCostJob: BackgroundJob = {
  name: 'customers-recurring-costs',
  everyMs: 60_000,
  run: (app) => runRecurringCosts(app.db),
};
