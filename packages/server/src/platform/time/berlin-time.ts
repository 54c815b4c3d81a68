import { dayNumber, isoDayOf, isoWeekday, parseIsoDay, toLocal } from '@hortus/contract';

/** Today in Europe/Berlin: the ISO day, its weekday (1 Monday … 7 Sunday) and the time 'HH:MM'. */
export function berlinNow(now = Date.now()): { day: string; weekday: number; time: string } {
  const local = toLocal(now);
  const days = dayNumber(local.year, local.month, local.day);
  return {
    day: isoDayOf(days),
    weekday: isoWeekday(days),
    time: `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`,
  };
}

/** The weekday (1–7) of an ISO day. */
export function weekdayOf(day: string): number {
  return isoWeekday(parseIsoDay(day) ?? 0);
}

/** The ISO day `offset` days after `day`. */
export function addDays(day: string, offset: number): string {
  return isoDayOf((parseIsoDay(day) ?? 0) + offset);
}
