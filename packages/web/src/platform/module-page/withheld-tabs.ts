import { useEffect } from 'react';
import { createStore } from '../store/create-store';

const none: readonly string[] = [];

/** Per module code: tab codes the module withholds from the current user (see useWithheldTabs). */
const withheldStore = createStore<Readonly<Record<string, readonly string[]>>>({});

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
