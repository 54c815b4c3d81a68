import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { formatGermanDateTime } from '@hortus/contract';
import {
  emptyHealthNotes,
  noAloneRule,
  releaseMessages,
  releaseToday,
  type AloneRule,
  type AloneRuleView,
  type DayPlan,
  type HealthNotes,
  type ParentPickupData,
  type PickupVersionView,
  type PickupView,
  type SameDayData,
} from '@hortus/contract/modules/children';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { CallError } from '../../platform/http/calls';
import { users } from '../../platform/db/schema';
import { childHealthNotes, childPickupChanges, childPickupPersons, childReleasePermissions } from './schema';
import { cachedChildBase, invalidateChildBase, type PickupRow } from './child-base';
import { todaysPlan } from './status';
import { berlinNow } from '../../platform/time/berlin-time';
import { allowedChildIds, requireChild } from './access';
import { pickupVersionsOf, recordPickupVersion } from './pickup-versions';

/** What the load needs of the children's release permissions, same-day changes and health notes. */
export interface ReleaseData {
  permissions: Map<number, AloneRuleView[]>;
  changes: Map<number, (typeof childPickupChanges.$inferSelect)[]>;
  health: Map<number, HealthNotes>;
  /** The versions of the pickup persons (only when asked for: a child's details, a parent's children). */
  pickupVersions?: Map<number, PickupVersionView[]>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Release permissions (newest first), the day's same-day changes and health notes of the children, and
 * with `withVersions` the versions of their pickup persons.
 */
export async function releaseData(
  db: Db,
  childIds: readonly number[],
  day: string,
  withVersions = false,
): Promise<ReleaseData> {
  const data: ReleaseData = { permissions: new Map(), changes: new Map(), health: new Map() };
  if (childIds.length === 0) return data;
  const ids = [...childIds];
  const [permissions, changes, health, pickupVersions] = await Promise.all([
    db
      .select({ row: childReleasePermissions, ident: users.ident, nn: users.nn })
      .from(childReleasePermissions)
      .leftJoin(users, eq(users.id, childReleasePermissions.createdBy))
      .where(inArray(childReleasePermissions.childId, ids))
      .orderBy(desc(childReleasePermissions.id)),
    db
      .select()
      .from(childPickupChanges)
      .where(and(inArray(childPickupChanges.childId, ids), eq(childPickupChanges.day, day)))
      .orderBy(asc(childPickupChanges.id)),
    db.select().from(childHealthNotes).where(inArray(childHealthNotes.childId, ids)),
    withVersions ? pickupVersionsOf(db, ids) : Promise.resolve(undefined),
  ]);
  if (pickupVersions) data.pickupVersions = pickupVersions;
  for (const { row, ident, nn } of permissions) {
    push(data.permissions, row.childId, {
      erlaubt: row.allowed,
      wochentage: row.weekdays,
      abZeit: row.fromTime,
      papier: row.paper,
      von: ident || nn || '',
      am: formatGermanDateTime(row.createdAt.getTime()),
    });
  }
  for (const row of changes) push(data.changes, row.childId, row);
  for (const row of health) {
    data.health.set(row.childId, {
      allergien: row.allergies,
      medikamente: row.medication,
      hinweise: row.notes,
      notfallkontakte: row.emergencyContacts,
    });
  }
  return data;
}

/** A pickup person as the load sends it (`abholberechtigte` and `abholung.personen`). */
export function pickupPersonView(entry: PickupRow) {
  return {
    id: entry.id,
    name: entry.name,
    beziehung: entry.relation,
    telefon: entry.phone,
    notiz: entry.note,
    gueltigVon: entry.validFrom ?? '',
    gueltigBis: entry.validUntil ?? '',
  };
}

/** A child's `abholung` as the load sends it. */
export function pickupViewOf(
  data: ReleaseData,
  childId: number,
  pickups: readonly PickupRow[],
  plan: Pick<DayPlan, 'anwesend'>,
  day: string,
  weekday: number,
): PickupView {
  const [current, ...earlier] = data.permissions.get(childId) ?? [];
  const personen = pickups.map(pickupPersonView);
  const changes = data.changes.get(childId) ?? [];
  const today = releaseToday(
    current,
    personen,
    changes.map((change) => ({
      id: change.id,
      tag: change.day,
      art: change.kind,
      zeit: change.time,
      person: change.person,
    })),
    plan,
    day,
    weekday,
  );
  const newest = changes.at(-1);
  return {
    alleinNachHause: current ?? noAloneRule,
    versionen: earlier,
    personen,
    ...(data.pickupVersions ? { personenVersionen: data.pickupVersions.get(childId) ?? [] } : {}),
    heute: {
      ...today,
      gemeldet: today.aenderung && newest ? formatGermanDateTime(newest.createdAt.getTime()) : '',
    },
  };
}

export const healthOf = (data: ReleaseData, childId: number): HealthNotes =>
  data.health.get(childId) ?? emptyHealthNotes;

/**
 * A new version of a child's permission to go home alone (the earlier ones stay): from a parent on their
 * phone (210 erlaubnis, checked there) or from staff recording a signed paper form (200 erlaubnis).
 */
export async function addPermission(
  db: Db,
  userId: number,
  childId: number,
  rule: AloneRule,
  paper: boolean,
): Promise<void> {
  await db.insert(childReleasePermissions).values({
    childId,
    allowed: rule.erlaubt,
    weekdays: rule.erlaubt ? rule.wochentage : [],
    fromTime: rule.erlaubt ? rule.abZeit : '',
    paper,
    createdBy: userId,
  });
}

/** A parent's same-day change (210 abholungHeute, checked there). */
export async function addSameDayChange(db: Db, userId: number, input: SameDayData): Promise<void> {
  await db.insert(childPickupChanges).values({
    childId: input.id_kind,
    day: input.tag,
    kind: input.art,
    time: input.art === 'allein' ? input.zeit : '',
    person: input.art === 'person' ? input.person.trim() : '',
    createdBy: userId,
  });
}

/**
 * A parent's pickup person of their own child (210 abholperson, checked there): id 0 adds one, another id
 * changes that person of this child (another child's person is unknown here). Applies at once; the list as
 * it now stands is recorded as a new version (who, when).
 */
export async function savePickupPerson(
  db: Db,
  userId: number,
  childId: number,
  person: ParentPickupData['person'],
): Promise<void> {
  const values = {
    name: person.name.trim(),
    relation: person.beziehung.trim(),
    phone: person.telefon.trim(),
    note: person.notiz.trim(),
    validFrom: person.gueltigVon || null,
    validUntil: person.gueltigBis || null,
  };
  await db.transaction(async (tx) => {
    if (person.id === 0) {
      await tx.insert(childPickupPersons).values({ childId, ...values });
    } else {
      const changed = await tx
        .update(childPickupPersons)
        .set(values)
        .where(and(eq(childPickupPersons.id, person.id), eq(childPickupPersons.childId, childId)))
        .returning({ id: childPickupPersons.id });
      if (changed.length === 0) throw new CallError('notFound', releaseMessages.unknownPickupPerson);
    }
    await recordPickupVersion(tx, childId, userId);
    await invalidateChildBase(tx);
  });
}

/** Removes a pickup person of a child (210 abholpersonEntfernen, checked there); recorded as a new version. */
export async function removePickupPerson(db: Db, userId: number, childId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(childPickupPersons)
      .where(and(eq(childPickupPersons.id, id), eq(childPickupPersons.childId, childId)))
      .returning({ id: childPickupPersons.id });
    if (removed.length === 0) throw new CallError('notFound', releaseMessages.unknownPickupPerson);
    await recordPickupVersion(tx, childId, userId);
    await invalidateChildBase(tx);
  });
}

/** 200 erlaubnis: staff record a signed paper permission (edit right on the child's class). */
export async function recordPaperPermission(db: Db, user: Caller, childId: number, rule: AloneRule): Promise<void> {
  await requireChild(db, user, childId, true);
  await addPermission(db, user.id, childId, rule, true);
}

/** Writes a child's health notes (replacing what was there). */
export async function writeHealthNotes(db: Db, childId: number, notes: HealthNotes): Promise<void> {
  const values = {
    allergies: notes.allergien.trim(),
    medication: notes.medikamente.trim(),
    notes: notes.hinweise.trim(),
    emergencyContacts: notes.notfallkontakte,
    updatedAt: new Date(),
  };
  await db
    .insert(childHealthNotes)
    .values({ childId, ...values })
    .onConflictDoUpdate({ target: childHealthNotes.childId, set: values });
}

/** 200 gesundheit: staff change a child's health notes (edit right on its class). */
export async function saveHealthNotes(db: Db, user: Caller, childId: number, notes: HealthNotes): Promise<void> {
  await requireChild(db, user, childId, true);
  await writeHealthNotes(db, childId, notes);
}

/** A child's health notes for other modules (children's public.ts): only children the caller sees. */
export interface ChildHealthNotes extends HealthNotes {
  childId: number;
}

/**
 * The health notes of the children the caller sees (all of them, or of `childIds`), e.g. the allergies for
 * a kitchen list. Children without notes are left out.
 */
export async function healthNotesFor(db: Db, user: Caller, childIds?: readonly number[]): Promise<ChildHealthNotes[]> {
  const allowed = await allowedChildIds(db, user);
  const ids = (childIds ?? [...allowed]).filter((id) => allowed.has(id));
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(childHealthNotes)
    .where(inArray(childHealthNotes.childId, ids))
    .orderBy(asc(childHealthNotes.childId));
  return rows.map((row) => ({
    childId: row.childId,
    allergien: row.allergies,
    medikamente: row.medication,
    hinweise: row.notes,
    notfallkontakte: row.emergencyContacts,
  }));
}

/**
 * `abholung` and `gesundheit` of the given children (checked by the caller: a parent's own children in 210),
 * for `now`'s day.
 */
export async function releaseOverview(
  db: Db,
  childIds: readonly number[],
  now = Date.now(),
): Promise<Map<number, { abholung: PickupView; gesundheit: HealthNotes }>> {
  const { day, weekday } = berlinNow(now);
  const [data, base] = await Promise.all([releaseData(db, childIds, day, true), cachedChildBase(db)]);
  const overview = new Map<number, { abholung: PickupView; gesundheit: HealthNotes }>();
  for (const childId of childIds) {
    const row = base.rows.find((entry) => entry.id === childId);
    if (!row) continue;
    const plan = await todaysPlan(db, childId, row.releaseTime, day, weekday);
    const pickups = base.pickups.filter((entry) => entry.childId === childId);
    overview.set(childId, {
      abholung: pickupViewOf(data, childId, pickups, plan, day, weekday),
      gesundheit: healthOf(data, childId),
    });
  }
  return overview;
}
