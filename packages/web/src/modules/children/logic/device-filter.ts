import { z } from 'zod';
import { noFilter, type ChildFilter } from './children-view';

/** The list's class filter and quick selection (release time, only registered) stay on the device (school.md 10). */
export const FILTER_KEY = 'f200-filter';

const storedFilter = z.object({
  klasse: z.number().int().min(0).catch(0),
  entlasszeit: z
    .string()
    .regex(/^(\d{2}:\d{2})?$/)
    .catch(''),
  onlyRegistered: z.boolean().catch(false),
});

/** The stored filter (search starts empty); a class the user no longer sees falls back to all. */
export function readDeviceFilter(visibleClassIds: readonly number[]): ChildFilter {
  try {
    const parsed = storedFilter.safeParse(JSON.parse(localStorage.getItem(FILTER_KEY) ?? 'null'));
    if (!parsed.success) return noFilter;
    const { klasse, entlasszeit, onlyRegistered } = parsed.data;
    return { ...noFilter, klasse: visibleClassIds.includes(klasse) ? klasse : 0, entlasszeit, onlyRegistered };
  } catch {
    return noFilter;
  }
}

export function writeDeviceFilter({ klasse, entlasszeit, onlyRegistered }: ChildFilter): void {
  localStorage.setItem(FILTER_KEY, JSON.stringify({ klasse, entlasszeit, onlyRegistered }));
}
