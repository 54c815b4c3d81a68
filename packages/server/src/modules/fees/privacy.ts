import { and, asc, eq, isNull } from 'drizzle-orm';
import { formatEuro } from '@hortus/contract';
import type { Db } from '../../platform/db/database';
import type { AccessPort, PersonalDataSource } from '../../platform/modules/server-module';
import { canSeeFamily } from './access';
import { feesMandates, feesRuns, feesStatements } from './schema';

/** A family's mandates and statements that are not held (GoBD holds are shown to nobody, holds.ts). */
async function familyRecords(db: Db, familyId: number) {
  const [mandates, statements] = await Promise.all([
    db
      .select()
      .from(feesMandates)
      .where(and(eq(feesMandates.familyId, familyId), isNull(feesMandates.blockedAt)))
      .orderBy(asc(feesMandates.id)),
    db
      .select({
        monat: feesRuns.month,
        abgeschlossen: feesRuns.closed,
        betragCents: feesStatements.amountCents,
        faellig: feesStatements.dueDay,
        mandatsreferenz: feesStatements.mandateReference,
        bezahlt: feesStatements.paid,
        zurueckgebucht: feesStatements.returned,
        positionen: feesStatements.lines,
      })
      .from(feesStatements)
      .innerJoin(feesRuns, eq(feesRuns.id, feesStatements.runId))
      .where(and(eq(feesStatements.familyId, familyId), isNull(feesStatements.blockedAt)))
      .orderBy(asc(feesRuns.month)),
  ]);
  return { mandates, statements };
}

/**
 * Datenauskunft (Art. 15 DSGVO, issue 46): the family's SEPA mandates (account holder, IBAN, BIC, reference,
 * signature date) and monthly statements (month, amount, due day, lines, paid or returned); the family is the
 * parent account, so the person's id is the family's. Null when the module holds nothing about them.
 */
export const feesPersonalData: PersonalDataSource = async (db, userId) => {
  const { mandates, statements } = await familyRecords(db, userId);
  if (mandates.length === 0 && statements.length === 0) return null;
  return {
    name: 'beitraege',
    titel: 'Beiträge',
    daten: {
      mandate: mandates.map((mandate) => ({
        kontoinhaber: mandate.holder,
        iban: mandate.iban,
        bic: mandate.bic,
        mandatsreferenz: mandate.reference,
        unterschrieben: mandate.signedOn,
        bereitsEingezogen: mandate.collected,
      })),
      abrechnungen: statements,
    },
    zusammenfassung: [
      ...mandates.map((mandate) => `SEPA-Mandat ${mandate.reference}: ${mandate.holder}, ${mandate.iban}`),
      ...statements.map(
        (statement) =>
          `Abrechnung ${statement.monat}: ${formatEuro(statement.betragCents)}${statement.bezahlt ? ', bezahlt' : ''}${statement.zurueckgebucht ? ', zurückgebucht' : ''}`,
      ),
    ],
    dateiIds: [],
  };
};

/**
 * Module 220's access port: the fee office sees every family's records, a parent their own; whoever else asks
 * for a person's Datenauskunft may see this part only when the module holds nothing about them.
 */
export const feesAccessPort: AccessPort = {
  async personalData(db, viewer, userId) {
    return canSeeFamily(viewer, userId) || !(await holdsAnything(db, userId));
  },
};

/** Whether 220 keeps a mandate or statement of the family that is not held (one row each at most). */
async function holdsAnything(db: Db, familyId: number): Promise<boolean> {
  const [mandate] = await db
    .select({ id: feesMandates.id })
    .from(feesMandates)
    .where(and(eq(feesMandates.familyId, familyId), isNull(feesMandates.blockedAt)))
    .limit(1);
  if (mandate) return true;
  const [statement] = await db
    .select({ id: feesStatements.id })
    .from(feesStatements)
    .where(and(eq(feesStatements.familyId, familyId), isNull(feesStatements.blockedAt)))
    .limit(1);
  return statement !== undefined;
}
