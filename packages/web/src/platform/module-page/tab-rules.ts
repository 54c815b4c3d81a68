import { hasRight, tabPath, type ModuleDefinition, type ModuleTab, type Right } from '@hortus/contract';

export type TabResolution =
  | { kind: 'show'; tabs: ModuleTab[]; current: ModuleTab; showTabBar: boolean }
  | { kind: 'redirect'; to: string }
  | { kind: 'denied' };

export function allowedTabs(definition: ModuleDefinition, rights: readonly Right[]): ModuleTab[] {
  return definition.tabs.filter((tab) => hasRight(rights, tab.right));
}

/**
 * The tab rules of core.md section 2: only tabs whose right the user holds; the tab bar only with more
 * than one allowed tab (hidden tabs are routes only, never in the bar); a path naming no allowed tab opens the first allowed tab; none allowed: denied.
 */
export function resolveTab(
  definition: ModuleDefinition,
  tabCode: string,
  rights: readonly Right[],
  search = '',
  /** Tabs the module withholds from this user although the right is held (e.g. 410's 'Kosten' for customers). */
  withheld: readonly string[] = [],
): TabResolution {
  const allowed = allowedTabs(definition, rights).filter((tab) => !withheld.includes(tab.code));
  const tabs = allowed.filter((tab) => tab.hidden !== true);
  const first = tabs[0];
  if (!first) return { kind: 'denied' };
  const current = allowed.find((tab) => tab.code === tabCode);
  if (!current) return { kind: 'redirect', to: tabPath(definition.code, first.code) + search };
  return { kind: 'show', tabs, current, showTabBar: tabs.length > 1 };
}
