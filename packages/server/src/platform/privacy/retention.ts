import { toLocal } from '@hortus/contract';

/**
 * Legal retention counted as tax law counts it (§ 147 Abs. 4 AO, § 257 Abs. 5 HGB): from the end of the calendar
 * year a record belongs to. Shared by the modules' retention jobs and holds (docs/architecture.md "Datenschutz").
 */

/**
 * The first calendar year whose records are still kept when they are kept `years` years (Berlin time): with 10
 * years, the records of 2015 are kept up to 31.12.2025 and go from 1.1.2026.
 */
export function firstKeptYear(years: number, now = Date.now()): number {
  return toLocal(now).year - years;
}

/** The last day (YYYY-MM-DD) a record of calendar year `year` is kept when it is kept `years` years. */
export function keptUntilDay(year: number, years: number): string {
  return `${year + years}-12-31`;
}
