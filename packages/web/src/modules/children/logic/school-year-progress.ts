import { initialSchoolYearState, schoolYearState, type SchoolYearState } from '@hortus/contract/modules/children';

/** Where the wizard keeps its progress on the device (school.md 4.9, 7.3 local storage). */
export const SCHOOL_YEAR_KEY = 'hortus-200-neuesSchuljahr';

/**
 * The stored progress, if it still fits the classes (every stored class still exists; new classes get
 * the automatic assignment); otherwise a fresh start with the automatic assignment.
 */
export function readProgress(
  classes: readonly { id: number; name: string }[],
  storage: Pick<Storage, 'getItem'> = localStorage,
): SchoolYearState {
  const fresh = initialSchoolYearState(classes);
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(SCHOOL_YEAR_KEY) ?? 'null');
  } catch {
    return fresh;
  }
  const parsed = schoolYearState.safeParse(stored);
  if (!parsed.success) return fresh;
  const ids = new Set(classes.map((klasse) => String(klasse.id)));
  const known = Object.entries(parsed.data.naechsteKlasse).every(
    ([from, to]) => ids.has(from) && (to === 0 || ids.has(String(to))),
  );
  if (!known) return fresh;
  return { ...parsed.data, naechsteKlasse: { ...fresh.naechsteKlasse, ...parsed.data.naechsteKlasse } };
}

export function writeProgress(state: SchoolYearState, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(SCHOOL_YEAR_KEY, JSON.stringify(state));
  } catch {
    // A full or blocked storage only loses the progress.
  }
}

export function clearProgress(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  try {
    storage.removeItem(SCHOOL_YEAR_KEY);
  } catch {
    // Nothing to clear.
  }
}
