import { useState } from 'react';
import { keepExistingCentres } from '@hortus/contract/modules/customers';

/** Year and cost-centre filter of the costs screen and the revenue overview, kept on the device (business.md 4.3). */
export interface CostFilterValue {
  jahr: number;
  /** Chosen cost centre numbers; null = all. */
  kostenstellen: number[] | null;
}

const KEY = 'kostenFilter';

/** The stored filter (default: this year, all centres); centres the settings no longer have are dropped. */
export function readCostFilter(
  existingCentres: readonly number[],
  storage: Pick<Storage, 'getItem'> = localStorage,
  now = new Date(),
): CostFilterValue {
  const fallback: CostFilterValue = { jahr: now.getFullYear(), kostenstellen: null };
  try {
    const stored = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<CostFilterValue> | null;
    if (!stored || typeof stored !== 'object') return fallback;
    const jahr =
      Number.isInteger(stored.jahr) && (stored.jahr as number) > 1999 ? (stored.jahr as number) : fallback.jahr;
    const chosen = Array.isArray(stored.kostenstellen)
      ? stored.kostenstellen.filter((n): n is number => Number.isInteger(n))
      : null;
    return { jahr, kostenstellen: keepExistingCentres(chosen, existingCentres) };
  } catch {
    return fallback;
  }
}

export function writeCostFilter(filter: CostFilterValue, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(KEY, JSON.stringify(filter));
}

/** The filter as state that is written to the device on every change. */
export function useCostFilter(existingCentres: readonly number[]): [CostFilterValue, (next: CostFilterValue) => void] {
  const [filter, setFilter] = useState(() => readCostFilter(existingCentres));
  const current = { ...filter, kostenstellen: keepExistingCentres(filter.kostenstellen, existingCentres) };
  return [
    current,
    (next) => {
      writeCostFilter(next);
      setFilter(next);
    },
  ];
}

/** Years to choose: from the oldest year with data to next year. */
export function yearChoices(dates: readonly string[], now = new Date()): number[] {
  const current = now.getFullYear();
  const oldest = dates.reduce((min, date) => Math.min(min, Number(date.slice(0, 4)) || current), current);
  const years: number[] = [];
  for (let year = current + 1; year >= Math.max(oldest, current - 30); year--) years.push(year);
  return years;
}

/**
 * The years of the costs screen and the revenue overview: only one year's costs are loaded (issue 35),
 * so the orders' documents and the chosen year tell how far back to offer.
 */
export function costYearChoices(
  data: {
    kosten: readonly { datum: string }[];
    auftraege: readonly { dokumente: readonly { dateUpload: string }[] }[];
  },
  jahr: number,
  now = new Date(),
): number[] {
  return yearChoices(
    [
      ...data.kosten.map((c) => c.datum),
      ...data.auftraege.flatMap((o) => o.dokumente.map((d) => d.dateUpload)),
      `${jahr}-01-01`,
    ],
    now,
  );
}
