import { asc } from 'drizzle-orm';
import type { UserGroup, UserParameter } from '@hortus/contract';
import type { Db } from '../db/database';
import { groupRights, groups, menuLinks, parameterOptions, userParameters } from '../db/schema';
import { readAppSettings, type AppSettings } from './app-settings';

/**
 * Organisation-wide data that nearly every call needs and that changes rarely: app settings, menu
 * links, groups with their rights, user parameters. Kept in memory per database; every platform
 * write to these tables calls invalidateOrgData. With several app servers on one PostgreSQL, another
 * server's change is seen after at most ORG_DATA_TTL_MS.
 */
export interface OrgData {
  settings: AppSettings;
  menuRows: (typeof menuLinks.$inferSelect)[];
  groups: UserGroup[];
  groupRights: Map<number, string[]>;
  parameters: UserParameter[];
}

export const ORG_DATA_TTL_MS = 5_000;

const cache = new WeakMap<Db, { loadedAt: number; data: Promise<OrgData> }>();

export function invalidateOrgData(db: Db): void {
  cache.delete(db);
}

export function readOrgData(db: Db): Promise<OrgData> {
  const entry = cache.get(db);
  if (entry && Date.now() - entry.loadedAt < ORG_DATA_TTL_MS) return entry.data;
  const data = loadOrgData(db);
  cache.set(db, { loadedAt: Date.now(), data });
  // A failed load is not kept.
  data.catch(() => cache.delete(db));
  return data;
}

async function loadOrgData(db: Db): Promise<OrgData> {
  const settings = await readAppSettings(db);
  const menuRows = await db.select().from(menuLinks);
  const groupRows = await db.select().from(groups).orderBy(asc(groups.name), asc(groups.id));
  const rightRows = await db.select().from(groupRights);
  const parameterRows = await db
    .select()
    .from(userParameters)
    .orderBy(asc(userParameters.sort), asc(userParameters.id));
  const optionRows = await db
    .select()
    .from(parameterOptions)
    .orderBy(asc(parameterOptions.sort), asc(parameterOptions.id));

  const rightsByGroup = new Map<number, string[]>();
  for (const row of rightRows) {
    const list = rightsByGroup.get(row.groupId) ?? [];
    list.push(row.right);
    rightsByGroup.set(row.groupId, list);
  }
  return {
    settings,
    menuRows,
    groups: groupRows.map((row) => ({
      id: row.id,
      name: row.name,
      icon: row.icon,
      beschreibung: row.beschreibung,
      standard: row.standard,
      forcePwReset: row.forcePwReset,
    })),
    groupRights: rightsByGroup,
    parameters: parameterRows.map((row) => ({
      id: row.id,
      name: row.name,
      icon: row.icon,
      typ: row.typ,
      sort: row.sort,
      ident: row.ident,
      f100: { seeOnTable: row.seeOnTable },
      bedingungen: row.bedingungen as UserParameter['bedingungen'],
      selectoptions: optionRows
        .filter((option) => option.parameterId === row.id)
        .map((option) => ({ id: option.id, id_nutzerparameter: row.id, sort: option.sort, wert: option.wert })),
    })),
  };
}
