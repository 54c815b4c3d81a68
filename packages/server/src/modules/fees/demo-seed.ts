import { asc, ne } from 'drizzle-orm';
import { z } from 'zod';
import { fromLocal, ibanCheckDigits } from '@hortus/contract';
import { addMonths, defaultFeesSettings, mondayOf } from '@hortus/contract/modules/fees';
import type { Db } from '../../platform/db/database';
import type { AppContext } from '../../platform/http/calls';
import type { DemoContext } from '../../platform/modules/server-module';
import { readModuleSettings, writeModuleSettings } from '../../platform/settings/module-settings';
import { addDays, berlinNow } from '../../platform/time/berlin-time';
import { childAttendance, familyView } from '../children/public';
import { recordReturn, runMonth } from './runs';
import {
  feesChildScopes,
  feesMandates,
  feesMealOrders,
  feesMenu,
  feesOneOffs,
  feesScopes,
  feesStatements,
} from './schema';
import { saveFeesSettings } from './settings';

/** Marks the demo's last month, to be run (with its pain.008 file) once the app has its file store. */
const DEMO_RUN_KEY = '220-demo-lauf';
const demoRun = z.object({ monat: z.string(), erledigt: z.boolean() });

const dishes = [
  { name: 'Spaghetti Bolognese', allergene: ['A', 'L'] },
  { name: 'Gemüsecurry mit Reis', allergene: ['F'] },
  { name: 'Fischstäbchen mit Kartoffelbrei', allergene: ['A', 'D', 'G'] },
  { name: 'Milchreis mit Apfelmus', allergene: ['G'] },
  { name: 'Linseneintopf mit Brot', allergene: ['A', 'L'] },
];

/**
 * The demo's fees: the creditor, three care scopes, a scope for every child with a family (one reduction), a
 * mandate for every family but one (who pays by transfer), this and next week's menu with orders, two sick notes
 * before the cut-off that cancel a lunch, a trip for a class; last month's run is made by `runDemoMonth`.
 */
export async function seedFeesDemo(db: Db, demo: DemoContext): Promise<void> {
  const { day: today } = berlinNow(demo.now.getTime());
  const month = today.slice(0, 7);
  await saveFeesSettings(db, {
    ...defaultFeesSettings,
    glaeubigerId: 'DE98ZZZ09999999999',
    glaeubigerName: 'Hort Sonnenschein e. V.',
    glaeubigerIban: 'DE02120300000000202051',
    glaeubigerBic: 'BYLADEM1001',
  });
  const scopes = await db
    .insert(feesScopes)
    .values([
      { name: 'Hort bis 15 Uhr', prices: [{ ab: '2025-01', betrag: 9_500 }], validFrom: '2025-01' },
      {
        name: 'Hort bis 17 Uhr',
        prices: [
          { ab: '2025-01', betrag: 13_500 },
          { ab: month, betrag: 14_500 },
        ],
        validFrom: '2025-01',
      },
      { name: 'Frühbetreuung und Hort', prices: [{ ab: '2025-01', betrag: 17_000 }], validFrom: '2025-01' },
    ])
    .returning({ id: feesScopes.id });
  const children = await familyView.familyChildren(db);
  if (children.length === 0) return;
  await db.insert(feesChildScopes).values(
    children.map((child, index) => ({
      childId: child.id,
      scopeId: scopes[index % scopes.length]!.id,
      fromDay: '2025-08-01',
      reductionCents: index === 1 ? 2_000 : 0,
    })),
  );
  const families = [...new Set(children.map((child) => child.familyId))];
  const mandates = families.slice(0, -1).map((familyId, index) => {
    const bban = `12030000${String(1_000_000_000 + familyId * 7 + index).padStart(10, '0')}`;
    const holder = children.find((child) => child.familyId === familyId)!;
    return {
      familyId,
      holder: holder.familyName === '' ? `Eltern ${holder.nachname}` : holder.familyName,
      iban: `DE${ibanCheckDigits('DE', bban)}${bban}`,
      bic: '',
      reference: `BEITRAG-${familyId}-1`,
      signedOn: '2025-08-15',
    };
  });
  if (mandates.length > 0) await db.insert(feesMandates).values(mandates);
  const monday = mondayOf(today);
  const days = [0, 1, 2, 3, 4, 7, 8, 9, 10, 11].map((offset) => addDays(monday, offset));
  await db.insert(feesMenu).values(days.map((day, index) => ({ day, dishes: [dishes[index % dishes.length]!] })));
  await db
    .insert(feesMealOrders)
    .values(
      children.flatMap((child, index) =>
        days
          .filter((_, dayIndex) => (index + dayIndex) % 4 !== 0)
          .map((day) => ({ childId: child.id, day, ordered: true })),
      ),
    );
  // Two sick notes made before the 08:00 cut-off of their day: their lunches are cancelled.
  const sick = children.slice(0, 2).map((child, index) => {
    const day = days[index + 1]!;
    const [year, m, d] = day.split('-').map(Number) as [number, number, number];
    return {
      childId: child.id,
      day,
      present: false,
      releaseTime: '',
      comment: 'Krank',
      createdBy: child.familyId,
      createdAt: new Date(fromLocal({ year, month: m, day: d, hour: 7, minute: 15 })),
    };
  });
  await db
    .insert(feesMealOrders)
    .values(sick.map((note) => ({ childId: note.childId, day: note.day, ordered: true })))
    .onConflictDoNothing();
  await childAttendance.replaceParentReports(db, sick, []);
  const klasse = children[0]!.classId;
  await db.insert(feesOneOffs).values({ label: 'Ausflug Tierpark', amountCents: 1_200, month, classId: klasse });
  await writeModuleSettings(db, DEMO_RUN_KEY, { monat: addMonths(month, -1), erledigt: false });
}

/**
 * Last month's run of the demo, closed, with its pain.008 file, and one returned debit — both in 410's books: made
 * once the app has its file store (beforeRequests), then marked done. Quick when done (one settings read); nothing outside the demo.
 */
export async function runDemoMonth(app: AppContext): Promise<void> {
  const pending = await readModuleSettings(app.db, DEMO_RUN_KEY, demoRun.nullable(), null);
  if (!pending || pending.erledigt) return;
  // Made on the month's first day, as an office bills in advance: the debits are collected on its due day and
  // booked into 410's books then; the return came back three days later.
  const [year, month] = pending.monat.split('-').map(Number) as [number, number];
  await runMonth(
    app,
    { monat: pending.monat, abschliessen: true },
    fromLocal({ year, month, day: 1, hour: 9, minute: 0 }),
  );
  const [returned] = await app.db
    .select({ id: feesStatements.id, dueDay: feesStatements.dueDay })
    .from(feesStatements)
    .where(ne(feesStatements.sequence, ''))
    .orderBy(asc(feesStatements.id))
    .limit(1);
  if (returned) {
    const { day: today } = berlinNow();
    const tag = addDays(returned.dueDay, 3) < today ? addDays(returned.dueDay, 3) : today;
    await recordReturn(app.db, { id_abrechnung: returned.id, tag }, defaultFeesSettings.ruecklastGebuehr);
  }
  await writeModuleSettings(app.db, DEMO_RUN_KEY, { ...pending, erledigt: true });
}
