import { childClasses, children } from '../../src/modules/children/schema';
import { invalidateChildBase } from '../../src/modules/children/child-base';
import { invalidateClasses } from '../../src/modules/children/classes';
import type { Db } from '../../src/platform/db/database';

type Condition = { alle: boolean; gruppen: number[] };

/** Classes with their see/edit conditions (the class cache refreshed); answers their ids in order. */
export async function insertClasses(
  db: Db,
  classes: readonly { name: string; sehen: Condition; bearbeiten: Condition }[],
): Promise<number[]> {
  const rows = await db
    .insert(childClasses)
    .values(classes.map(({ name, sehen, bearbeiten }) => ({ name, conditions: { f200: { sehen, bearbeiten } } })))
    .returning({ id: childClasses.id });
  await invalidateClasses(db);
  return rows.map((row) => row.id);
}

/** Children (care from 11:30, released at 15:00) with a family name and parent each; answers their ids in order. */
export async function insertChildren(
  db: Db,
  nachname: string,
  kids: readonly { vorname: string; classId: number; parentUserId: number }[],
): Promise<number[]> {
  const rows = await db
    .insert(children)
    .values(kids.map((kid) => ({ ...kid, nachname, careFrom: '11:30', releaseTime: '15:00' })))
    .returning({ id: children.id });
  await invalidateChildBase(db);
  return rows.map((row) => row.id);
}
