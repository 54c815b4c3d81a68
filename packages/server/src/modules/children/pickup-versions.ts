import { asc, desc, eq, inArray } from 'drizzle-orm';
import { formatGermanDateTime } from '@hortus/contract';
import { PICKUP_VERSIONS_SHOWN, type PickupVersionView } from '@hortus/contract/modules/children';
import type { Db } from '../../platform/db/database';
import { users } from '../../platform/db/schema';
import { childPickupPersons, childPickupVersions } from './schema';

/**
 * Versions of a child's pickup persons (issue 44), like the permission to go home alone: every change of
 * the list (staff in the child dialog, a parent on the phone) adds the list as it now stands, with who
 * changed it and when; the earlier versions stay readable. The list in force is `children_pickup_persons`.
 */

type VersionPersons = (typeof childPickupVersions.$inferInsert)['persons'];

/** A list in one key order (jsonb hands its keys back in its own order). */
const listKey = (persons: VersionPersons): string =>
  JSON.stringify(
    persons.map((person) => [
      person.name,
      person.beziehung,
      person.telefon,
      person.notiz,
      person.gueltigVon,
      person.gueltigBis,
    ]),
  );

async function currentPersons(db: Db, childId: number): Promise<VersionPersons> {
  const rows = await db
    .select()
    .from(childPickupPersons)
    .where(eq(childPickupPersons.childId, childId))
    .orderBy(asc(childPickupPersons.id));
  return rows.map((row) => ({
    name: row.name,
    beziehung: row.relation,
    telefon: row.phone,
    notiz: row.note,
    gueltigVon: row.validFrom ?? '',
    gueltigBis: row.validUntil ?? '',
  }));
}

/**
 * Records the child's list of pickup persons as it now stands (call it after a change, in the writing
 * transaction). A save that left the list as it was (the child dialog saved for another field) adds no
 * version; the first version of a child without persons is not recorded either.
 */
export async function recordPickupVersion(db: Db, childId: number, userId: number | null): Promise<void> {
  const [persons, [newest]] = await Promise.all([
    currentPersons(db, childId),
    db
      .select({ persons: childPickupVersions.persons })
      .from(childPickupVersions)
      .where(eq(childPickupVersions.childId, childId))
      .orderBy(desc(childPickupVersions.id))
      .limit(1),
  ]);
  const unchanged = newest ? listKey(newest.persons) === listKey(persons) : persons.length === 0;
  if (unchanged) return;
  await db.insert(childPickupVersions).values({ childId, persons, createdBy: userId });
}

/** The recorded versions of the children's pickup persons, newest first (at most PICKUP_VERSIONS_SHOWN each). */
export async function pickupVersionsOf(db: Db, childIds: readonly number[]): Promise<Map<number, PickupVersionView[]>> {
  const versions = new Map<number, PickupVersionView[]>();
  if (childIds.length === 0) return versions;
  const rows = await db
    .select({ row: childPickupVersions, ident: users.ident, nn: users.nn })
    .from(childPickupVersions)
    .leftJoin(users, eq(users.id, childPickupVersions.createdBy))
    .where(inArray(childPickupVersions.childId, [...childIds]))
    .orderBy(desc(childPickupVersions.id));
  for (const { row, ident, nn } of rows) {
    const list = versions.get(row.childId) ?? [];
    if (list.length >= PICKUP_VERSIONS_SHOWN) continue;
    list.push({ personen: row.persons, von: ident || nn || '', am: formatGermanDateTime(row.createdAt.getTime()) });
    versions.set(row.childId, list);
  }
  return versions;
}
