import { YOUTH_WELFARE_EXEMPTION } from '@hortus/contract/modules/customers';
import type { Db } from '../../platform/db/database';
import { bookExternalExpense, bookExternalReceipts, type ExternalReceiptLine } from '../customers/public';

/**
 * Module 220's receipts in module 410's books (docs/architecture.md "Fees (module 220)"): money that came in,
 * by the day it came in (cash principle), in the income centre 'Elternbeiträge', VAT-exempt as youth welfare
 * (§ 4 Nr. 25 UStG; meals given with the care too, Satz 3 Buchst. b). Booked when it is money, never when a
 * statement is computed: a closed run's debits (one line per payment instruction of the pain.008 file, as the
 * bank credits them), a statement paid by transfer (`bezahlt`), a returned debit as a negative line and its
 * bank fee as a cost. References are stable per month and family, so booking again adds nothing.
 */
export const FEES_INCOME_CENTRE = 'Elternbeiträge';
/** The source the bookings name in 410 (the module's code). */
export const FEES_BOOKS_SOURCE = 'f220';

const germanMonth = (month: string) => `${month.slice(5)}/${month.slice(0, 4)}`;

function book(tx: Db, month: string, lines: readonly ExternalReceiptLine[]): Promise<{ booked: number }> {
  return bookExternalReceipts(tx, {
    source: FEES_BOOKS_SOURCE,
    month,
    incomeCentre: FEES_INCOME_CENTRE,
    vat: { ...YOUTH_WELFARE_EXEMPTION },
    lines,
  });
}

/** A closed run's debits: per collection day and sequence (a PmtInf of the file) their sum, on that day. */
export function bookCollections(
  tx: Db,
  month: string,
  debits: readonly { dueDay: string; sequence: string; amountCents: number }[],
): Promise<{ booked: number }> {
  const groups = new Map<string, { dueDay: string; sequence: string; cents: number; count: number }>();
  for (const debit of debits) {
    const key = `${debit.dueDay} ${debit.sequence}`;
    const group = groups.get(key) ?? { dueDay: debit.dueDay, sequence: debit.sequence, cents: 0, count: 0 };
    group.cents += debit.amountCents;
    group.count += 1;
    groups.set(key, group);
  }
  return book(
    tx,
    month,
    [...groups.values()]
      .filter((group) => group.cents !== 0)
      .map((group) => ({
        date: group.dueDay,
        amountCents: group.cents,
        text: `Lastschrifteinzug Beiträge ${germanMonth(month)} (${group.count} ${group.sequence})`,
        reference: `LS ${month} ${group.dueDay} ${group.sequence}`,
      })),
  );
}

/** A statement paid by transfer on `day` (again after a return: a reference of its own). */
export function bookTransfer(
  tx: Db,
  statement: { id: number; familyId: number; amountCents: number; returned: boolean },
  month: string,
  day: string,
): Promise<{ booked: number }> {
  if (statement.amountCents <= 0) return Promise.resolve({ booked: 0 });
  return book(tx, month, [
    {
      date: day,
      amountCents: statement.amountCents,
      text: `Überweisung Beitrag ${germanMonth(month)} (Abrechnung ${statement.id})`,
      reference: `UE ${month} F${statement.familyId}${statement.returned ? ' nach RL' : ''}`,
    },
  ]);
}

/**
 * A returned debit on `day`: the receipt reversed (a negative line) and the bank's fee as a cost record (what
 * the family is charged again on its next statement is a receipt when that is paid).
 */
export async function bookReturn(
  tx: Db,
  statement: { id: number; familyId: number; amountCents: number },
  month: string,
  day: string,
  feeCents: number,
): Promise<void> {
  await book(tx, month, [
    {
      date: day,
      amountCents: -statement.amountCents,
      text: `Rücklastschrift Beitrag ${germanMonth(month)} (Abrechnung ${statement.id})`,
      reference: `RL ${month} F${statement.familyId}`,
    },
  ]);
  if (feeCents > 0) {
    await bookExternalExpense(tx, {
      date: day,
      amountCents: feeCents,
      title: `Rücklastschriftgebühr Beitrag ${germanMonth(month)}`,
      description: `Bankgebühr der zurückgegebenen Lastschrift (Abrechnung ${statement.id}); der Familie mit der nächsten Abrechnung berechnet.`,
    });
  }
}
