import { and, asc, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import { toLocal } from '@hortus/contract';
import {
  collectionDay,
  familyStatement,
  feesMessages,
  monthDays,
  sequenceType,
  type CareScope,
  type FeesSettings,
  type RunReply,
} from '@hortus/contract/modules/fees';
import type { Db } from '../../platform/db/database';
import { withFiles } from '../../platform/files/files';
import { CallError, type AppContext, invalid } from '../../platform/http/calls';
import { berlinNow } from '../../platform/time/berlin-time';
import { familyView, type FamilyChild } from '../children/public';
import { bookCollections, bookReturn, bookTransfer } from './books';
import { currentMandates } from './mandates';
import { chargedMeals } from './meals';
import { loadScopes, childScopesByChild } from './scopes';
import { feesMandates, feesOneOffs, feesRuns, feesStatements } from './schema';
import { pain008, type Debit } from './sepa-xml';
import { readFeesSettings } from './settings';

export const FEES_FILE_AREA = 'f200-220';
export const sepaFilePath = (month: string) => `${FEES_FILE_AREA}/sepa/pain008-${month}.xml`;

type NewStatement = typeof feesStatements.$inferInsert;

const two = (value: number) => String(value).padStart(2, '0');
const localStamp = (ms: number) => {
  const local = toLocal(ms);
  return `${local.year}-${two(local.month)}-${two(local.day)}T${two(local.hour)}:${two(local.minute)}:${two(Math.floor(ms / 1000) % 60)}`;
};
const germanMonth = (month: string) => `${month.slice(5)}/${month.slice(0, 4)}`;

/** What is still open of the family's statement of the run before: unpaid, or returned with its fee. */
async function previousBalances(db: Db, month: string): Promise<Map<number, number>> {
  const [previous] = await db
    .select({ id: feesRuns.id })
    .from(feesRuns)
    .where(lt(feesRuns.month, month))
    .orderBy(desc(feesRuns.month))
    .limit(1);
  if (!previous) return new Map();
  const rows = await db.select().from(feesStatements).where(eq(feesStatements.runId, previous.id));
  return new Map(
    rows.map((row) => [row.familyId, (row.paid ? 0 : row.amountCents) + (row.returned ? row.returnFeeCents : 0)]),
  );
}

/** The month's one-off items per child (a class's item for each of its children). */
async function oneOffsByChild(db: Db, month: string, children: readonly FamilyChild[]) {
  const rows = await db.select().from(feesOneOffs).where(eq(feesOneOffs.month, month)).orderBy(asc(feesOneOffs.id));
  const byChild = new Map<number, { id_kind: number; text: string; betrag: number }[]>();
  for (const row of rows) {
    for (const child of children) {
      if (row.childId === child.id || (row.childId === 0 && row.classId === child.classId)) {
        byChild.set(child.id, [
          ...(byChild.get(child.id) ?? []),
          { id_kind: child.id, text: `${row.label} (${child.vorname})`, betrag: row.amountCents },
        ]);
      }
    }
  }
  return byChild;
}

interface Computed {
  statements: Omit<NewStatement, 'runId'>[];
  debits: Debit[];
}

/** Every family's statement of the month and the debits of the families with a mandate (no writes). */
async function computeRun(db: Db, settings: FeesSettings, month: string, today: string): Promise<Computed> {
  const { first, last } = monthDays(month);
  const [children, scopes, meals, balances, mandates] = await Promise.all([
    familyView.familyChildren(db),
    loadScopes(db) as Promise<CareScope[]>,
    chargedMeals(db, first, last, settings.bestellschluss),
    previousBalances(db, month),
    currentMandates(db),
  ]);
  const [assignments, oneOffs] = await Promise.all([childScopesByChild(db), oneOffsByChild(db, month, children)]);
  const families = new Map<number, FamilyChild[]>();
  for (const child of children) families.set(child.familyId, [...(families.get(child.familyId) ?? []), child]);
  const dueDay = collectionDay(month, settings.faelligTag, today);
  const statements: Computed['statements'] = [];
  const debits: Debit[] = [];
  for (const [familyId, members] of families) {
    const result = familyStatement({
      month,
      scopes,
      children: members.map((child) => ({
        id: child.id,
        name: child.vorname,
        zuordnungen: assignments.get(child.id) ?? [],
      })),
      siblingDiscounts: settings.geschwisterRabatt,
      mealPrice: settings.essenspreis,
      meals,
      oneOffs: members.flatMap((child) => oneOffs.get(child.id) ?? []),
      previousBalance: balances.get(familyId) ?? 0,
    });
    if (result.lines.length === 0) continue;
    const mandate = mandates.get(familyId);
    const collect = mandate !== undefined && result.total > 0;
    const sequence = collect ? sequenceType(mandate.collected) : '';
    statements.push({
      familyId,
      amountCents: result.total,
      lines: result.lines,
      careByChild: Object.fromEntries(result.careByChild),
      mealsByChild: Object.fromEntries(result.mealsByChild),
      payers: result.payers,
      dueDay,
      familyName: members[0]?.familyName ?? '',
      mandateReference: collect ? mandate.reference : '',
      sequence,
    });
    if (collect) {
      debits.push({
        endToEndId: `${month}-${familyId}`,
        amountCents: result.total,
        mandateReference: mandate.reference,
        signedOn: mandate.signedOn,
        debtorName: mandate.holder,
        iban: mandate.iban,
        bic: mandate.bic,
        remittance: `Beitrag ${germanMonth(month)} ${members[0]?.familyName ?? ''}`.trim(),
        dueDay,
        sequence: sequence as Debit['sequence'],
      });
    }
  }
  return { statements, debits };
}

/**
 * lauf: the month's statements, computed again (a run is repeatable: the month's statements are replaced, never
 * added, so nobody is billed twice) and, with debits, the pain.008 file. Everything heavy happens before the one
 * short transaction that stores it. A closed month is refused; an earlier month still open too (its balance would
 * be carried twice). `abschliessen` closes the month: debits count as collected, mandates move on to RCUR.
 */
export async function runMonth(
  app: AppContext,
  input: { monat: string; abschliessen: boolean },
  now = Date.now(),
): Promise<RunReply> {
  const db = app.db;
  const month = input.monat;
  const settings = await readFeesSettings(db);
  const [earlierOpen] = await db
    .select({ month: feesRuns.month })
    .from(feesRuns)
    .where(and(lt(feesRuns.month, month), eq(feesRuns.closed, false)));
  if (earlierOpen) {
    const message = `Bitte zuerst den Monat ${germanMonth(earlierOpen.month)} abschließen.`;
    throw invalid('monat', message);
  }
  const { day: today } = berlinNow(now);
  const computed = await computeRun(db, settings, month, today);
  if (
    computed.debits.length > 0 &&
    (settings.glaeubigerId === '' || settings.glaeubigerIban === '' || settings.glaeubigerName === '')
  ) {
    throw invalid('monat', feesMessages.noCreditorId);
  }
  const messageId = `BEITRAG-${month}-${now}`;
  const xml = computed.debits.length > 0 ? pain008(settings, messageId, localStamp(now), computed.debits) : '';
  const stored = await withFiles(app, async (tx, files) => {
    await tx.insert(feesRuns).values({ month }).onConflictDoNothing();
    const [run] = await tx.select().from(feesRuns).where(eq(feesRuns.month, month)).for('update');
    if (!run) throw new Error('fees run vanished');
    if (run.closed) throw invalid('monat', feesMessages.monthClosed);
    // A statement paid by transfer stays paid when the run computes the same amount again (it is booked).
    const paidBefore = await tx
      .select({ familyId: feesStatements.familyId, amountCents: feesStatements.amountCents })
      .from(feesStatements)
      .where(and(eq(feesStatements.runId, run.id), eq(feesStatements.paid, true)));
    const paidAmount = new Map(paidBefore.map((row) => [row.familyId, row.amountCents]));
    await tx.delete(feesStatements).where(eq(feesStatements.runId, run.id));
    const rows = computed.statements.map((statement) => ({
      ...statement,
      runId: run.id,
      paid: paidAmount.get(statement.familyId) === statement.amountCents,
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await tx.insert(feesStatements).values(rows.slice(start, start + 500));
    }
    let sepaFile = '';
    if (xml !== '') {
      const file = await files.store({
        path: sepaFilePath(month),
        area: FEES_FILE_AREA,
        ownerUserId: null,
        originalName: `Lastschriften-${month}.xml`,
        mime: 'application/xml',
        bytes: Buffer.from(xml, 'utf8'),
      });
      sepaFile = file.path;
    }
    await tx
      .update(feesRuns)
      .set({ sepaFile, createdAt: new Date(now), closed: input.abschliessen })
      .where(eq(feesRuns.id, run.id));
    if (input.abschliessen) await closeRun(tx, run.id, month);
    return sepaFile;
  });
  return {
    monat: month,
    abrechnungen: computed.statements.map((statement) => ({
      id_familie: statement.familyId,
      betrag: statement.amountCents,
    })),
    sepaDatei: stored,
  };
}

/**
 * Closing: the debits count as collected (statements paid, their mandates RCUR from now on) and are booked into
 * 410's books on their collection day (books.ts).
 */
async function closeRun(tx: Db, runId: number, month: string): Promise<void> {
  const debited = await tx
    .update(feesStatements)
    .set({ paid: true })
    .where(and(eq(feesStatements.runId, runId), inArray(feesStatements.sequence, ['FRST', 'RCUR'])))
    .returning({
      reference: feesStatements.mandateReference,
      dueDay: feesStatements.dueDay,
      sequence: feesStatements.sequence,
      amountCents: feesStatements.amountCents,
    });
  await bookCollections(tx, month, debited);
  const references = [...new Set(debited.map((row) => row.reference))];
  if (references.length > 0) {
    await tx.update(feesMandates).set({ collected: true }).where(inArray(feesMandates.reference, references));
  }
}

/**
 * ruecklastschrift: a collected debit came back; the amount and the bank's fee go onto the next statement. In
 * 410's books the receipt is reversed and the fee is a cost, on the day it came back (`tag`, not in the future).
 */
export async function recordReturn(
  db: Db,
  input: { id_abrechnung: number; tag: string },
  fee: number,
  now = Date.now(),
): Promise<void> {
  const statementId = input.id_abrechnung;
  if (input.tag > berlinNow(now).day) throw invalid('tag', feesMessages.returnDay);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ statement: feesStatements, closed: feesRuns.closed, month: feesRuns.month })
      .from(feesStatements)
      .innerJoin(feesRuns, eq(feesRuns.id, feesStatements.runId))
      .where(and(eq(feesStatements.id, statementId), isNull(feesStatements.blockedAt)))
      .for('update', { of: feesStatements });
    if (!row) throw new CallError('notFound', feesMessages.unknownStatement);
    if (row.statement.returned) {
      throw invalid('id_abrechnung', feesMessages.alreadyReturned);
    }
    if (!row.closed || row.statement.sequence === '' || !row.statement.paid) {
      throw invalid('id_abrechnung', feesMessages.notCollected);
    }
    await tx
      .update(feesStatements)
      .set({ returned: true, paid: false, returnFeeCents: fee })
      .where(eq(feesStatements.id, statementId));
    await bookReturn(tx, row.statement, row.month, input.tag, fee);
  });
}

/**
 * bezahlt: a statement paid by transfer (or a returned debit paid later), booked into 410's books on the day it is
 * marked; marking a paid statement again changes and books nothing.
 */
export async function markPaid(db: Db, statementId: number, now = Date.now()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ statement: feesStatements, month: feesRuns.month })
      .from(feesStatements)
      .innerJoin(feesRuns, eq(feesRuns.id, feesStatements.runId))
      .where(and(eq(feesStatements.id, statementId), isNull(feesStatements.blockedAt)))
      .for('update', { of: feesStatements });
    if (!row) throw new CallError('notFound', feesMessages.unknownStatement);
    if (row.statement.paid) return;
    await tx.update(feesStatements).set({ paid: true }).where(eq(feesStatements.id, statementId));
    await bookTransfer(tx, row.statement, row.month, berlinNow(now).day);
  });
}

/** The runs with the statements the caller sees (a family: its own; the SEPA file only for the office). */
export async function loadRuns(db: Db, familyId: number | undefined) {
  const runs = await db.select().from(feesRuns).orderBy(desc(feesRuns.month));
  if (runs.length === 0) return [];
  // Held statements (an erased family's, holds.ts) are shown to nobody.
  const statements = await db
    .select()
    .from(feesStatements)
    .where(
      and(isNull(feesStatements.blockedAt), familyId === undefined ? undefined : eq(feesStatements.familyId, familyId)),
    )
    .orderBy(asc(feesStatements.familyId));
  return runs
    .map((run) => ({
      id: run.id,
      monat: run.month,
      abgeschlossen: run.closed,
      erstellt: run.createdAt.toISOString(),
      sepaDatei: familyId === undefined ? run.sepaFile : '',
      abrechnungen: statements
        .filter((row) => row.runId === run.id)
        .map((row) => ({
          id: row.id,
          id_familie: row.familyId,
          betrag: row.amountCents,
          faellig: row.dueDay,
          lastschrift: row.sequence !== '',
          bezahlt: row.paid,
          zurueckgegeben: row.returned,
        })),
    }))
    .filter((run) => familyId === undefined || run.abrechnungen.length > 0);
}

export type StatementRow = typeof feesStatements.$inferSelect;

/** A statement with its run's month, undefined when none or held (an erased family's). */
export async function statementWithMonth(db: Db, id: number): Promise<(StatementRow & { month: string }) | undefined> {
  const [row] = await db
    .select({ statement: feesStatements, month: feesRuns.month })
    .from(feesStatements)
    .innerJoin(feesRuns, eq(feesRuns.id, feesStatements.runId))
    .where(and(eq(feesStatements.id, id), isNull(feesStatements.blockedAt)));
  return row ? { ...row.statement, month: row.month } : undefined;
}
