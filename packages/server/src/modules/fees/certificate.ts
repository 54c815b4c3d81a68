import { and, asc, eq, isNull, like } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { familyView } from '../children/public';
import { feesRuns, feesStatements } from './schema';

/** One child's line of a yearly certificate: care fees and meal money paid in the year, in cents. */
export interface CertificateChild {
  id: number;
  name: string;
  betreuung: number;
  essen: number;
}

/**
 * The yearly certificate's figures (§ 10 Abs. 1 Nr. 5 EStG): the family's statements of the year's months that
 * are paid and not returned, summed per child — care fees (after discounts, reductions and subsidies: what the
 * family paid) and meal money apart; the months they cover.
 */
export async function yearCertificate(
  db: Db,
  familyId: number,
  year: number,
): Promise<{ familyName: string; children: CertificateChild[]; months: string[] }> {
  const [rows, members] = await Promise.all([
    db
      .select({
        month: feesRuns.month,
        careByChild: feesStatements.careByChild,
        mealsByChild: feesStatements.mealsByChild,
      })
      .from(feesStatements)
      .innerJoin(feesRuns, eq(feesRuns.id, feesStatements.runId))
      .where(
        and(
          eq(feesStatements.familyId, familyId),
          like(feesRuns.month, `${year}-%`),
          eq(feesStatements.paid, true),
          eq(feesStatements.returned, false),
          isNull(feesStatements.blockedAt),
        ),
      )
      .orderBy(asc(feesRuns.month)),
    familyView.familyChildren(db, familyId),
  ]);
  const sums = new Map<number, { betreuung: number; essen: number }>();
  const add = (id: string, key: 'betreuung' | 'essen', cents: number) => {
    const entry = sums.get(Number(id)) ?? { betreuung: 0, essen: 0 };
    entry[key] += cents;
    sums.set(Number(id), entry);
  };
  for (const row of rows) {
    for (const [id, cents] of Object.entries(row.careByChild)) add(id, 'betreuung', cents);
    for (const [id, cents] of Object.entries(row.mealsByChild)) add(id, 'essen', cents);
  }
  const names = new Map(members.map((child) => [child.id, `${child.vorname} ${child.nachname}`.trim()]));
  return {
    familyName: members[0]?.familyName ?? '',
    children: [...sums]
      .map(([id, sum]) => ({ id, name: names.get(id) ?? `Kind Nr. ${id}`, ...sum }))
      .sort((a, b) => a.name.localeCompare(b.name, 'de')),
    months: rows.map((row) => row.month),
  };
}
