import { asc } from 'drizzle-orm';
import type { Facility, UserGroup, UserParameter } from '@hortus/contract';
import type { Db } from '../db/database';
import { groupParameters, groupRights, groups, menuLinks, parameterOptions, userParameters } from '../db/schema';
import { cacheScope, invalidate, remember } from '../cache/hot-cache';
import { readAppSettings, type AppSettings } from './app-settings';

/**
 * Organisation-wide data that nearly every call needs and that changes rarely: app settings, menu
 * links, groups with their rights and parameters, user parameters. Kept in the hot cache (scope `org`);
 * every write to these tables calls invalidateOrgData with its handle (a transaction's too), which also
 * reaches the other servers on PostgreSQL. What is derived from it (getSettings' text, menus) is kept
 * under the same scope, so it goes with it.
 */
export interface OrgData {
  settings: AppSettings;
  menuRows: (typeof menuLinks.$inferSelect)[];
  groups: UserGroup[];
  groupRights: Map<number, string[]>;
  /** Parameter ids per group (group_parameters). */
  groupParameters: Map<number, number[]>;
  parameters: UserParameter[];
}

export function invalidateOrgData(db: Db): Promise<void> {
  return invalidate(db, cacheScope.org);
}

export function readOrgData(db: Db): Promise<OrgData> {
  return remember(db, cacheScope.org, 'data', () => loadOrgData(db));
}

/**
 * The facility (Einrichtung) of the app settings: name, address, phone, e-mail and opening hours, from the hot
 * cache. The one source for every screen and paper that names them (the login screen, 210's 'Kontakt' tab,
 * 410's invoice sender).
 */
export async function readFacility(db: Db): Promise<Facility> {
  return (await readOrgData(db)).settings.einrichtung;
}

/** A value derived from the org data, kept until the org data changes. */
export function rememberForOrg<T>(db: Db, key: string, derive: (org: OrgData) => T | Promise<T>): Promise<T> {
  return remember(db, cacheScope.org, key, async () => derive(await readOrgData(db)));
}

async function loadOrgData(db: Db): Promise<OrgData> {
  const settings = await readAppSettings(db);
  const menuRows = await db.select().from(menuLinks);
  const groupRows = await db.select().from(groups).orderBy(asc(groups.name), asc(groups.id));
  const rightRows = await db.select().from(groupRights);
  const parameterLinks = await db.select().from(groupParameters);
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
  const parametersByGroup = new Map<number, number[]>();
  for (const link of parameterLinks) {
    const list = parametersByGroup.get(link.groupId) ?? [];
    list.push(link.parameterId);
    parametersByGroup.set(link.groupId, list);
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
      zweiFaktorPflicht: row.totpRequired,
    })),
    groupRights: rightsByGroup,
    groupParameters: parametersByGroup,
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
