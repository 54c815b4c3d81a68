import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { type Birthday, type StoredCalendarSettings } from '@hortus/contract/modules/calendar';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { userGroups, userParameterValues, users } from '../../platform/db/schema';
import { type DeepReadonly } from '../../platform/settings/module-settings';
import { cacheScope, remember } from '../../platform/cache/hot-cache';

import { canReadCalendar, canSeeCategory } from './access';
import { loadCategories } from './state';

/** Birthdays in the calendar: the values of the settings' date parameter, seen by the settings' rule per group. */

interface BirthdayRows {
  rows: { id: number; name: string; gruppen: number[]; date: [number, number, number] }[];
  /** Hash of the rows: the same on every server for the same data. */
  digest: string;
}

/** Everybody's birthday values of a date parameter, kept under the platform's people scope. */
function birthdayRows(db: Db, parameterId: number): Promise<BirthdayRows> {
  return remember(db, cacheScope.people, `calendar-birthdays:${parameterId}`, async () => {
    const values = await db
      .select({ id: users.id, nn: users.nn, ident: users.ident, wert: userParameterValues.wert })
      .from(userParameterValues)
      .innerJoin(users, eq(users.id, userParameterValues.userId))
      .where(eq(userParameterValues.parameterId, parameterId))
      .orderBy(asc(users.id));
    const memberships = await db.select({ userId: userGroups.userId, groupId: userGroups.groupId }).from(userGroups);
    const groupsOf = new Map<number, number[]>();
    for (const member of memberships)
      groupsOf.set(member.userId, [...(groupsOf.get(member.userId) ?? []), member.groupId]);
    const rows: BirthdayRows['rows'] = [];
    for (const value of values) {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.wert);
      if (!match) continue;
      rows.push({
        id: value.id,
        name: value.ident || value.nn,
        gruppen: groupsOf.get(value.id) ?? [],
        date: [Number(match[1]), Number(match[2]), Number(match[3])],
      });
    }
    return { rows, digest: digestOf(JSON.stringify(rows)) };
  });
}

function digestOf(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

/**
 * Birthdays from the configured date parameter. Per group of the viewer ('gruppe' + id) the settings
 * say whose birthdays its members see: everybody's (alle) or those of members of chosen groups.
 * The birthday category must be visible to the viewer when one is chosen. With the list comes its
 * version: the same data and rule give the same version on every server.
 */
export async function visibleBirthdays(
  db: Db,
  settings: DeepReadonly<StoredCalendarSettings>,
  viewer: Caller,
): Promise<{ list: Birthday[]; version: string }> {
  if (settings.id_nutzerparameter_geburtstag <= 0 || !canReadCalendar(viewer)) return noBirthdays;
  if (settings.id_kalenderkategorie_geburtstag > 0) {
    const category = (await loadCategories(db)).find((entry) => entry.id === settings.id_kalenderkategorie_geburtstag);
    if (category && !canSeeCategory(category, viewer)) return noBirthdays;
  }
  let seesAll = false;
  const ofGroups = new Set<number>();
  for (const groupId of viewer.gruppen) {
    const rule = settings.bedingungen_geburtstage_sehen.gruppen[`gruppe${groupId}`];
    if (!rule) continue;
    if (rule.alle) seesAll = true;
    for (const id of rule.gruppen) ofGroups.add(id);
  }
  if (!seesAll && ofGroups.size === 0) return noBirthdays;

  const rows = await birthdayRows(db, settings.id_nutzerparameter_geburtstag);
  const rule = seesAll ? 'alle' : [...ofGroups].sort((a, b) => a - b).join(',');
  // The list of a rule is made once per version of the rows (the load runs it on every call).
  let byRule = birthdaysByRule.get(rows);
  if (!byRule) {
    byRule = new Map();
    birthdaysByRule.set(rows, byRule);
  }
  let result = byRule.get(rule);
  if (!result) {
    result = birthdayList(rows, rule, seesAll ? null : ofGroups);
    byRule.set(rule, result);
  }
  return result;
}

/** Nobody's birthdays (one object, so a reply built from it stays the same). */
const noBirthdays: { list: Birthday[]; version: string } = { list: [], version: 'leer' };

const birthdaysByRule = new WeakMap<BirthdayRows, Map<string, { list: Birthday[]; version: string }>>();

/** The birthdays of everybody (ofGroups null) or of members of the given groups, with their version. */
function birthdayList(
  { rows, digest }: BirthdayRows,
  rule: string,
  ofGroups: ReadonlySet<number> | null,
): { list: Birthday[]; version: string } {
  const version = digestOf(`${digest}|${rule}`);
  const list: Birthday[] = [];
  for (const row of rows) {
    if (ofGroups && !row.gruppen.some((id) => ofGroups.has(id))) continue;
    list.push({
      id_nutzer: row.id,
      ident_nutzer: row.name,
      name: row.name,
      jahr: row.date[0],
      monat: row.date[1],
      tag: row.date[2],
    });
  }
  return { list, version };
}
