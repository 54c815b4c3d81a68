import { useEffect } from 'react';
import { createStore } from '../store/create-store';

const none: readonly string[] = [];

/** Per module code: tab codes the module withholds from the current user (see useWithholdTabs). */
const withheldStore = createStore<Readonly<Record<string, readonly string[]>>>({});
/** Per module code: the tab the current user enters the module at (see useStartTab). */
const startStore = createStore<Readonly<Record<string, string>>>({});

/**
 * A module page withholds tabs whose right the user holds but which its data says are not for them
 * (410: customers hold x|410|000 like staff, yet see no 'Kosten'). The tab bars leave them out and a
 * path naming one opens the first tab. The choice stays after the page unmounts (the user is the same).
 */
export function useWithholdTabs(moduleCode: string, codes: readonly string[]): void {
  const key = codes.join('|');
  useEffect(() => {
    const current = withheldStore.get();
    if ((current[moduleCode] ?? none).join('|') === key) return;
    withheldStore.set({ ...current, [moduleCode]: key === '' ? none : key.split('|') });
  }, [moduleCode, key]);
}

export function useWithheldTabs(moduleCode: string): readonly string[] {
  return withheldStore.useValue()[moduleCode] ?? none;
}

/**
 * A module page names the tab its user enters the module at when its data says which (410: customers open
 * their 'Aufträge', not their own customer record; issue 47). Entering means the module's bare address —
 * the menu, the start page after login, a typed address; the first tab chosen in the tab bar stays chosen
 * (ModuleTabBar marks its links). null: the first tab, as the tab rules have it; undefined (the data is not
 * there yet): the last choice stays. Kept like the withheld tabs.
 */
export function useStartTab(moduleCode: string, code: string | null | undefined): void {
  useEffect(() => {
    if (code === undefined) return;
    const current = startStore.get();
    if ((current[moduleCode] ?? null) === code) return;
    const next = { ...current };
    if (code === null) delete next[moduleCode];
    else next[moduleCode] = code;
    startStore.set(next);
  }, [moduleCode, code]);
}

export function useStartTabOf(moduleCode: string): string | null {
  return startStore.useValue()[moduleCode] ?? null;
}

/** The navigation state of a tab bar's link: a tab chosen there is shown, never replaced by the start tab. */
export const chosenInTabBar = { tabBar: true } as const;

export function isChosenInTabBar(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { tabBar?: unknown }).tabBar === true;
}
