import { createContext, useContext } from 'react';

export interface SavingApi {
  isSaving: boolean;
  /** Shows the full-screen overlay while the promise runs and returns its result. */
  run<T>(work: Promise<T>): Promise<T>;
  setSaving(saving: boolean): void;
}

export const SavingContext = createContext<SavingApi | null>(null);

/** The global saving flag with its full-screen dim overlay. */
export function useSaving(): SavingApi {
  const api = useContext(SavingContext);
  if (!api) throw new Error('useSaving needs a SavingProvider');
  return api;
}
