import Holidays from 'date-holidays';
import type { PayrollSettings } from '@hortus/contract/modules/payroll';

const calendars = new Map<string, Holidays>();

/** One date-holidays calendar per state and region, built once (building parses the rules). */
function calendarOf(settings: Pick<PayrollSettings, 'bundesland' | 'region'>): Holidays {
  const region = settings.bundesland === 'BY' ? settings.region : '';
  const key = `${settings.bundesland}-${region}`;
  let calendar = calendars.get(key);
  if (!calendar) {
    calendar =
      region !== ''
        ? new Holidays('DE', 'BY', region, { languages: ['de'] })
        : new Holidays('DE', settings.bundesland, { languages: ['de'] });
    calendars.set(key, calendar);
  }
  return calendar;
}

/**
 * Public holidays (type 'public') of the configured federal state in one month, by ISO date. Bavaria's
 * regional days come from the region: KATH adds Mariä Himmelfahrt, A (Augsburg) also the Friedensfest.
 */
export function publicHolidays(
  settings: Pick<PayrollSettings, 'bundesland' | 'region'>,
  year: number,
  month?: number,
): Map<string, string> {
  const result = new Map<string, string>();
  for (const holiday of calendarOf(settings).getHolidays(year)) {
    if (holiday.type !== 'public') continue;
    const iso = holiday.date.slice(0, 10);
    if (month !== undefined && Number(iso.slice(5, 7)) !== month) continue;
    result.set(iso, holiday.name);
  }
  return result;
}
