import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { toLocal } from '@hortus/contract';
import {
  cancelledByReport,
  feesMessages,
  orderOpen,
  type KitchenList,
  type mealInput,
  type menuInput,
} from '@hortus/contract/modules/fees';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { invalid } from '../../platform/http/calls';
import { berlinNow } from '../../platform/time/berlin-time';
import { familyView, healthNotesFor, type AbsenceReport, type FamilyChild } from '../children/public';
import { closedMonth } from './runs-lock';
import { feesMealOrders, feesMenu } from './schema';

const two = (value: number) => String(value).padStart(2, '0');

/** When a report was made, Berlin 'YYYY-MM-DD HH:MM' (compared with the day's cut-off). */
export function madeAtLocal(date: Date): string {
  const local = toLocal(date.getTime());
  return `${local.year}-${two(local.month)}-${two(local.day)} ${two(local.hour)}:${two(local.minute)}`;
}

/** Reports per child and day: when each was made. */
export function reportsByChildDay(reports: readonly AbsenceReport[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const report of reports) {
    const key = `${report.childId}|${report.day}`;
    const list = map.get(key) ?? [];
    list.push(madeAtLocal(report.madeAt));
    map.set(key, list);
  }
  return map;
}

/** speiseplan: the dishes of a day (no dishes: the day has no menu). */
export async function saveMenu(db: Db, input: z.output<typeof menuInput>): Promise<void> {
  if (input.gerichte.length === 0) {
    await db.delete(feesMenu).where(eq(feesMenu.day, input.tag));
    return;
  }
  await db
    .insert(feesMenu)
    .values({ day: input.tag, dishes: input.gerichte })
    .onConflictDoUpdate({ target: feesMenu.day, set: { dishes: input.gerichte } });
}

export async function loadMenu(db: Db, from: string, to: string) {
  const rows = await db
    .select()
    .from(feesMenu)
    .where(and(gte(feesMenu.day, from), lte(feesMenu.day, to)))
    .orderBy(asc(feesMenu.day));
  return rows.map((row) => ({ tag: row.day, gerichte: row.dishes }));
}

/**
 * mahlzeit: order or cancel a child's lunch of a day with a menu. A parent only until the cut-off (Berlin time);
 * the office at any time; nobody in a closed month.
 */
export async function saveMeal(
  db: Db,
  input: z.output<typeof mealInput>,
  options: { cutoff: string; office: boolean; now?: number },
): Promise<void> {
  const { day: today, time } = berlinNow(options.now);
  if (!options.office && !orderOpen(input.tag, options.cutoff, today, time)) {
    throw invalid('tag', feesMessages.orderClosed);
  }
  if (await closedMonth(db, input.tag.slice(0, 7))) {
    throw invalid('tag', feesMessages.monthClosed);
  }
  const [menu] = await db.select({ day: feesMenu.day }).from(feesMenu).where(eq(feesMenu.day, input.tag));
  if (!menu) throw invalid('tag', feesMessages.noMenu);
  await db
    .insert(feesMealOrders)
    .values({ childId: input.id_kind, day: input.tag, ordered: input.bestellt })
    .onConflictDoUpdate({
      target: [feesMealOrders.childId, feesMealOrders.day],
      set: { ordered: input.bestellt, changedAt: new Date() },
    });
}

/** The orders of the children for days `from`..`to`, each with whether a report in time cancelled it. */
export async function loadOrders(db: Db, childIds: readonly number[], from: string, to: string, cutoff: string) {
  if (childIds.length === 0) return [];
  const [rows, reports] = await Promise.all([
    db
      .select()
      .from(feesMealOrders)
      .where(
        and(inArray(feesMealOrders.childId, [...childIds]), gte(feesMealOrders.day, from), lte(feesMealOrders.day, to)),
      )
      .orderBy(asc(feesMealOrders.day), asc(feesMealOrders.childId)),
    familyView.absenceReports(db, from, to, childIds),
  ]);
  const byChildDay = reportsByChildDay(reports);
  return rows.map((row) => ({
    id_kind: row.childId,
    tag: row.day,
    bestellt: row.ordered,
    storniert: row.ordered && cancelledByReport(row.day, cutoff, byChildDay.get(`${row.childId}|${row.day}`) ?? []),
  }));
}

/** Charged lunches per child in the days `from`..`to` (ordered, not cancelled by a report in time). */
export async function chargedMeals(db: Db, from: string, to: string, cutoff: string): Promise<Map<number, number>> {
  const [rows, reports] = await Promise.all([
    db
      .select({ childId: feesMealOrders.childId, day: feesMealOrders.day })
      .from(feesMealOrders)
      .where(and(eq(feesMealOrders.ordered, true), gte(feesMealOrders.day, from), lte(feesMealOrders.day, to))),
    familyView.absenceReports(db, from, to),
  ]);
  const byChildDay = reportsByChildDay(reports);
  const counts = new Map<number, number>();
  for (const row of rows) {
    if (cancelledByReport(row.day, cutoff, byChildDay.get(`${row.childId}|${row.day}`) ?? [])) continue;
    counts.set(row.childId, (counts.get(row.childId) ?? 0) + 1);
  }
  return counts;
}

/**
 * The kitchen's list of a day: the lunches to cook per class (orders not cancelled by a report in time) with the
 * children's allergies and dietary notes from module 200's health notes — only of children the caller sees there
 * (200's record rule); the others' notes stay empty.
 */
export async function kitchenList(
  db: Db,
  user: Parameters<typeof healthNotesFor>[1],
  day: string,
  cutoff: string,
): Promise<KitchenList> {
  const [children, menu] = await Promise.all([familyView.familyChildren(db), loadMenu(db, day, day)]);
  const orders = await loadOrders(
    db,
    children.map((child) => child.id),
    day,
    day,
    cutoff,
  );
  const cooking = new Set(orders.filter((order) => order.bestellt && !order.storniert).map((order) => order.id_kind));
  const notes = new Map(
    (await healthNotesFor(db, user, [...cooking])).map((note) => [
      note.childId,
      [note.allergien && `Allergien: ${note.allergien}`, note.hinweise].filter((part) => part !== '').join('; '),
    ]),
  );
  const classes = new Map<number, { id_klasse: number; name_klasse: string; kinder: FamilyChild[] }>();
  for (const child of children) {
    if (!cooking.has(child.id)) continue;
    const entry = classes.get(child.classId) ?? { id_klasse: child.classId, name_klasse: child.className, kinder: [] };
    entry.kinder.push(child);
    classes.set(child.classId, entry);
  }
  const klassen = [...classes.values()]
    .sort((a, b) => a.name_klasse.localeCompare(b.name_klasse, 'de'))
    .map((entry) => ({
      id_klasse: entry.id_klasse,
      name_klasse: entry.name_klasse,
      anzahl: entry.kinder.length,
      kinder: entry.kinder
        .map((child) => ({
          id: child.id,
          name: `${child.vorname} ${child.nachname}`,
          hinweise: notes.get(child.id) ?? '',
        }))
        .sort((a, b) => a.name.localeCompare(b.name, 'de')),
    }));
  return {
    tag: day,
    gerichte: menu[0]?.gerichte ?? [],
    anzahl: klassen.reduce((sum, entry) => sum + entry.anzahl, 0),
    klassen,
  };
}
