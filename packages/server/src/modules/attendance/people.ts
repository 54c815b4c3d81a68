import { eq, sql } from 'drizzle-orm';
import { conditionAllows } from '@hortus/contract';
import type { AttendanceSettings } from '@hortus/contract/modules/attendance';
import type { Db } from '../../platform/db/database';
import { queryRows } from '../../platform/db/raw';
import { userParameterValues } from '../../platform/db/schema';
import type { SlotRow } from './access';

/** The people of module 150: who is assessed in a slot and who is on leave. */
export interface Person {
  id: number;
  name: string;
  gruppen: number[];
}

export async function loadPeople(db: Db): Promise<Person[]> {
  return queryRows<Person>(
    db,
    sql`select u.id, coalesce(nullif(u.ident, ''), u.nn) as name,
      coalesce((select json_agg(ug.group_id) from user_groups ug where ug.user_id = u.id), '[]'::json) as gruppen
      from users u order by lower(coalesce(nullif(u.ident, ''), u.nn)), u.id`,
  );
}

/** Ids of users on leave: the configured single-choice parameter holds the configured option. */
export async function usersOnLeave(db: Db, settings: AttendanceSettings): Promise<Set<number>> {
  if (settings.id_nutzerparameter_beurlaubt === 0) return new Set();
  const rows = await db
    .select({ userId: userParameterValues.userId, optionIds: userParameterValues.optionIds })
    .from(userParameterValues)
    .where(eq(userParameterValues.parameterId, settings.id_nutzerparameter_beurlaubt));
  const option = settings.id_nutzerparameter_beurlaubt_selectoptionTrue;
  return new Set(rows.filter((row) => row.optionIds.includes(option)).map((row) => row.userId));
}

export function prueflingeOf(slot: SlotRow, people: readonly Person[]): Person[] {
  return people.filter((person) => conditionAllows(slot.conditions.pruefling, person));
}
