import { hasRight, tabPath, type MenuLink, type ModuleDefinition } from '@hortus/contract';
import type { Db } from '../db/database';
import { menuLinks } from '../db/schema';
import { invalidateOrgData } from './org-data';

/** Adds the registry's default menu link for every module that has none yet (admins may change them later). */
export async function syncMenuLinks(db: Db, modules: readonly ModuleDefinition[]): Promise<void> {
  if (modules.length === 0) return;
  await db
    .insert(menuLinks)
    .values(
      modules.map((module) => ({
        moduleCode: module.code,
        titel: module.title,
        icon: module.icon,
        quicknav: module.quicknav,
        sort: module.sort,
      })),
    )
    .onConflictDoNothing();
  await invalidateOrgData(db);
}

export function isModuleEnabled(module: ModuleDefinition, useF: readonly string[] | null): boolean {
  return module.alwaysEnabled === true || useF === null || useF.includes(module.code);
}

export type MenuLinkRow = typeof menuLinks.$inferSelect;

/** The user's main menu: built modules that are enabled and whose menu right the user holds. */
export function buildMainMenu(
  modules: readonly ModuleDefinition[],
  rows: readonly MenuLinkRow[],
  useF: readonly string[] | null,
  rights: readonly string[],
): MenuLink[] {
  const rowByCode = new Map(rows.map((row) => [row.moduleCode, row]));
  return modules
    .filter((module) => isModuleEnabled(module, useF) && hasRight(rights, module.menuRight))
    .map((module) => {
      const row = rowByCode.get(module.code);
      return {
        id: module.code,
        titel: row?.titel ?? module.title,
        icon: row?.icon ?? module.icon,
        link: tabPath(module.code, ''),
        quicknav: (row?.quicknav ?? module.quicknav) ? (1 as const) : (0 as const),
        sort: row?.sort ?? module.sort,
      };
    })
    .sort((a, b) => a.sort - b.sort || a.id.localeCompare(b.id));
}

/**
 * Where a user without a last view starts: the first menu link of a module that is a start page (not the
 * own profile or the app's information, issue 47), else the first link; '' without links.
 */
export function defaultStart(modules: readonly ModuleDefinition[], links: readonly MenuLink[]): string {
  const startPages = new Set(modules.filter((module) => module.startPage !== false).map((module) => module.code));
  return (links.find((link) => startPages.has(link.id)) ?? links[0])?.link ?? '';
}
