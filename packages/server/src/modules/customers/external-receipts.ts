import { and, desc, gte, lt } from 'drizzle-orm';
import { isIsoDate } from '@hortus/contract';
import {
  needsReason,
  vatChoiceErrors,
  type CustomerSettings,
  type EuerReceipt,
  type ExternalReceiptView,
  type VatChoice,
} from '@hortus/contract/modules/customers';
import type { Db } from '../../platform/db/database';
import { cachedCustomerPart, invalidateCustomerData } from './data-cache';
import { customerCosts, customerExternalReceipts } from './schema';
import { readCustomerSettings, saveCustomerSettings } from './settings';

/** One receipt of another module: the day the money came in, signed cents (negative = reversed), its text. */
export interface ExternalReceiptLine {
  date: string;
  amountCents: number;
  text: string;
  /** Unique within the source: a line booked once is never booked again. */
  reference: string;
}

export interface ExternalReceipts {
  /** The booking module's file area (module 220: 'f220'). */
  source: string;
  /** The source's month the lines belong to ('YYYY-MM'). */
  month: string;
  /** The income centre's name; added to the settings when no centre has it. */
  incomeCentre: string;
  /** The receipts' VAT category: an exempt or not taxable one (rate 0 %) with its reason. */
  vat: VatChoice;
  lines: readonly ExternalReceiptLine[];
}

/** A booking of another module's that breaks the rules: a programming error of the caller, never user input. */
function checkReceipts(input: ExternalReceipts): void {
  const problems = [
    ...(/^[a-z0-9-]{1,20}$/.test(input.source) ? [] : ['source']),
    ...(/^\d{4}-(0[1-9]|1[0-2])$/.test(input.month) ? [] : ['month']),
    ...(input.incomeCentre.trim() === '' ? ['incomeCentre'] : []),
    // Only receipts without VAT: an exempt (E) or not taxable category at 0 % with its reason.
    ...(input.vat.ustKategorie === '' ||
    !needsReason(input.vat.ustKategorie) ||
    Object.keys(vatChoiceErrors(input.vat, '0')).length > 0
      ? ['vat']
      : []),
    ...input.lines.flatMap((line, index) =>
      isIsoDate(line.date) && Number.isSafeInteger(line.amountCents) && line.amountCents !== 0 && line.reference !== ''
        ? []
        : [`lines[${index}]`],
    ),
  ];
  if (problems.length > 0) throw new Error(`bookExternalReceipts: invalid ${problems.join(', ')}`);
}

/** The id of the income centre of that name, added to the settings (next free id) when none has it. */
async function incomeCentreId(tx: Db, name: string): Promise<number> {
  const settings: CustomerSettings = await readCustomerSettings(tx);
  const found = settings.einnahmestellen.find((centre) => centre.name === name);
  if (found) return found.id;
  const id = Math.max(0, ...settings.einnahmestellen.map((centre) => centre.id)) + 1;
  await saveCustomerSettings(tx, {
    ...settings,
    einnahmestellen: [...settings.einnahmestellen, { id, name, konto: '' }],
  });
  return id;
}

/**
 * Books another module's receipts into the books (module 220's monthly fees), in the caller's transaction: each
 * line once — a line whose reference the source booked before is left as it is (a re-run books nothing twice,
 * a booking once made is never changed or removed: GoBD), a correction comes as a line of its own (a returned
 * debit: a negative amount). The EÜR, DATEV and the revenue overview read them. Answers how many were new.
 * No right is asked: it is the calling module's own call, made after its own rights were checked.
 */
export async function bookExternalReceipts(tx: Db, input: ExternalReceipts): Promise<{ booked: number }> {
  checkReceipts(input);
  if (input.lines.length === 0) return { booked: 0 };
  const centre = await incomeCentreId(tx, input.incomeCentre.trim());
  const inserted = await tx
    .insert(customerExternalReceipts)
    .values(
      input.lines.map((line) => ({
        source: input.source,
        month: input.month,
        reference: line.reference,
        datum: line.date,
        cents: line.amountCents,
        text: line.text,
        incomeCentreId: centre,
        vatCategory: input.vat.ustKategorie,
        exemptionReason: input.vat.befreiungsgrund,
        exemptionCode: input.vat.befreiungsgrundCode,
      })),
    )
    .onConflictDoNothing({ target: [customerExternalReceipts.source, customerExternalReceipts.reference] })
    .returning({ id: customerExternalReceipts.id });
  if (inserted.length > 0) await invalidateCustomerData(tx);
  return { booked: inserted.length };
}

/**
 * Books an expense of another module's as a cost record (module 220: a returned debit's bank fee): paid on
 * `date`, without VAT (bank fees are exempt, § 4 Nr. 8 UStG), no cost centre (the office may set one in the
 * costs list). The caller books it once (module 220 records a return once). Answers the cost's id.
 */
export async function bookExternalExpense(
  tx: Db,
  input: { date: string; amountCents: number; title: string; description: string },
): Promise<number> {
  if (!isIsoDate(input.date) || !Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new Error('bookExternalExpense: invalid date or amount');
  const [row] = await tx
    .insert(customerCosts)
    .values({
      datum: input.date,
      costCentre: 0,
      grossCents: input.amountCents,
      rate: '0',
      titel: input.title,
      beschreibung: input.description,
    })
    .returning({ id: customerCosts.id });
  await invalidateCustomerData(tx);
  return row?.id ?? 0;
}

export type ExternalReceiptRow = typeof customerExternalReceipts.$inferSelect;

/** The external receipts dated in [from, to), by date. */
export function externalReceiptsIn(db: Db, from: string, to: string): Promise<ExternalReceiptRow[]> {
  return db
    .select()
    .from(customerExternalReceipts)
    .where(and(gte(customerExternalReceipts.datum, from), lt(customerExternalReceipts.datum, to)))
    .orderBy(customerExternalReceipts.datum, customerExternalReceipts.id);
}

/** An external receipt as the EÜR counts it: no VAT, tax-free as a whole (its category is an exempt one). */
export const euerReceiptOf = (row: ExternalReceiptRow): EuerReceipt => ({
  datum: row.datum,
  net: row.cents,
  vat: 0,
  taxFree: row.cents,
});

/** The staff load's external receipts (of `year` when given), date descending; kept like the other parts. */
export function externalReceiptViews(db: Db, year?: number): Promise<ExternalReceiptView[]> {
  return cachedCustomerPart(db, `fremdeinnahmen-${year ?? 'alle'}`, async () => {
    const query = db.select().from(customerExternalReceipts);
    const rows = await (
      year === undefined
        ? query
        : query.where(
            and(
              gte(customerExternalReceipts.datum, `${year}-01-01`),
              lt(customerExternalReceipts.datum, `${year + 1}-01-01`),
            ),
          )
    ).orderBy(desc(customerExternalReceipts.datum), desc(customerExternalReceipts.id));
    return rows.map((row) => ({
      id: row.id,
      quelle: row.source,
      monat: row.month,
      datum: row.datum,
      betrag: row.cents,
      text: row.text,
      referenz: row.reference,
      id_einnahmestelle: row.incomeCentreId,
      ustKategorie: row.vatCategory,
      befreiungsgrund: row.exemptionReason,
    }));
  });
}
