/**
 * Pure rules of module 420 (business.md 4.4 and 5): day hours, overtime, the status fill/clear rules,
 * the reset of a month, the default month and the sums of a payroll. All arithmetic is in integers:
 * minutes for times, hundredths of an hour for hour amounts (contract hours, paid-out overtime) and
 * cents for money; the wire carries hours and euros with two decimals.
 */
import { germanMonthNames } from '../../platform/local-time';

/** Day status (business.md 4.4): 0 Nicht, 1 Arbeit, 2 Feiertag, 3 Urlaub, 4 Krank, 5 Gleittag. */
export type DayStatus = 0 | 1 | 2 | 3 | 4 | 5;
export const dayStatusLabels: Readonly<Record<DayStatus, string>> = {
  0: 'Nicht',
  1: 'Arbeit',
  2: 'Feiertag',
  3: 'Urlaub',
  4: 'Krank',
  5: 'Gleittag',
};
export const dayStatuses: readonly DayStatus[] = [0, 1, 2, 3, 4, 5];
/** Statuses whose hours count as worked (paid) hours: Arbeit, Feiertag, Urlaub, Krank. */
export const paidStatuses: readonly DayStatus[] = [1, 2, 3, 4];

/** Weekday names, Sunday = 0 to Saturday = 6 (business.md 9). */
export const weekdayNames = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'] as const;
export const weekdayShort = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'] as const;
export const payrollMonthNames = germanMonthNames;

/** At most one exception per weekday (business.md 9). */
export const MAX_EXCEPTIONS = 7;

/** Working times of a day: 'HH:MM' or '' (not set), pause in minutes, wage group (0 = none). */
export interface WorkTimes {
  arbeitsbeginn: string;
  arbeitsende: string;
  pausen: number;
  lohngruppe: number;
}
export interface WeekdayException extends WorkTimes {
  id: number;
  weekday: number;
}
/** What a payroll's days are filled from: its defaults and weekday exceptions. */
export interface DayDefaults {
  standard_arbeitsbeginn: string;
  standard_arbeitsende: string;
  standard_pausen: number;
  standard_lohngruppe: number;
  ausnahmen: readonly WeekdayException[];
}
export interface DayRow {
  datum: string;
  status: DayStatus;
  objekt: string;
  zeitVon: string;
  zeitBis: string;
  pausen: number;
  idLohngruppe: number;
  /** The row's values came from a weekday exception. */
  ausnahme: boolean;
}

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of 'HH:MM', or null for '' and anything else. */
export function timeToMinutes(value: string): number | null {
  const match = TIME_PATTERN.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}
export function isTime(value: string): boolean {
  return TIME_PATTERN.test(value);
}
export function minutesToTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Worked minutes of a day: only when both times are set and the end is later than the start; the
 * pause is subtracted (never below 0).
 */
export function dayMinutes(day: Pick<DayRow, 'zeitVon' | 'zeitBis' | 'pausen'>): number {
  const from = timeToMinutes(day.zeitVon);
  const to = timeToMinutes(day.zeitBis);
  if (from === null || to === null || to <= from) return 0;
  return Math.max(0, to - from - Math.max(0, day.pausen));
}

/** Minutes as hundredths of an hour, rounded half up (2 decimals). */
export function minutesToHundredths(minutes: number): number {
  return Math.round((minutes * 100) / 60);
}
/** A wire number with 2 decimals (hours or euros) as an integer of hundredths. */
export function toHundredths(value: number): number {
  return Math.round(value * 100);
}
export function fromHundredths(value: number): number {
  return value / 100;
}
/** True when a number has at most two decimals (as typed by a user, allowing binary noise). */
export function hasTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** Hours of a day row, 2 decimals (business.md 5: time values on day rows are rounded to 2 decimals). */
export function dayHours(day: Pick<DayRow, 'zeitVon' | 'zeitBis' | 'pausen'>): number {
  return fromHundredths(minutesToHundredths(dayMinutes(day)));
}

/** Sunday = 0 … Saturday = 6 of an ISO date. */
export function weekdayOf(iso: string): number {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}
export function isWeekend(iso: string): boolean {
  const weekday = weekdayOf(iso);
  return weekday === 0 || weekday === 6;
}
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
export function monthDates(year: number, month: number): string[] {
  const prefix = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-`;
  return Array.from({ length: daysInMonth(year, month) }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`);
}

/** The times a day of this weekday is filled from: the weekday's exception, else the defaults. */
export function timesFor(weekday: number, defaults: DayDefaults): WorkTimes & { ausnahme: boolean } {
  const exception = defaults.ausnahmen.find((a) => a.weekday === weekday);
  if (exception) return { ...pickTimes(exception), ausnahme: true };
  return {
    arbeitsbeginn: defaults.standard_arbeitsbeginn,
    arbeitsende: defaults.standard_arbeitsende,
    pausen: defaults.standard_pausen,
    lohngruppe: defaults.standard_lohngruppe,
    ausnahme: false,
  };
}
function pickTimes(times: WorkTimes): WorkTimes {
  return {
    arbeitsbeginn: times.arbeitsbeginn,
    arbeitsende: times.arbeitsende,
    pausen: times.pausen,
    lohngruppe: times.lohngruppe,
  };
}

/**
 * Sets a day's status (business.md 4.4): 0 clears group, times, pause and object; 1 to 5 fill the
 * missing values from the weekday's exception, or from the payroll's defaults. A pause is filled
 * together with the times (a day whose times were both set keeps its pause, 0 included).
 */
export function setDayStatus(day: DayRow, status: DayStatus, defaults: DayDefaults): DayRow {
  if (status === 0) {
    return { ...day, status, objekt: '', zeitVon: '', zeitBis: '', pausen: 0, idLohngruppe: 0, ausnahme: false };
  }
  const source = timesFor(weekdayOf(day.datum), defaults);
  const timesMissing = day.zeitVon === '' && day.zeitBis === '';
  return {
    ...day,
    status,
    zeitVon: day.zeitVon === '' ? source.arbeitsbeginn : day.zeitVon,
    zeitBis: day.zeitBis === '' ? source.arbeitsende : day.zeitBis,
    pausen: timesMissing ? source.pausen : day.pausen,
    idLohngruppe: day.idLohngruppe === 0 ? source.lohngruppe : day.idLohngruppe,
    ausnahme: timesMissing ? source.ausnahme : day.ausnahme,
  };
}

function blankDay(datum: string): DayRow {
  return { datum, status: 0, objekt: '', zeitVon: '', zeitBis: '', pausen: 0, idLohngruppe: 0, ausnahme: false };
}

/**
 * The reset action (business.md 4.4): status 1 on weekdays; on weekends status 0 unless an exception
 * exists for that weekday; values filled by the status rules. Public holidays (ISO dates) that would be
 * working days become status 2 Feiertag.
 */
export function resetDays(
  year: number,
  month: number,
  defaults: DayDefaults,
  holidays: ReadonlySet<string> = new Set(),
): DayRow[] {
  return monthDates(year, month).map((datum) => {
    const weekday = weekdayOf(datum);
    const works = !isWeekend(datum) || defaults.ausnahmen.some((a) => a.weekday === weekday);
    if (!works) return blankDay(datum);
    return setDayStatus(blankDay(datum), holidays.has(datum) ? 2 : 1, defaults);
  });
}

export interface YearMonth {
  jahr: number;
  monat: number;
}
export function monthIndex(value: YearMonth): number {
  return value.jahr * 12 + (value.monat - 1);
}
export function fromMonthIndex(index: number): YearMonth {
  return { jahr: Math.floor(index / 12), monat: (index % 12) + 1 };
}

/** Default month of a new payroll: the month after the latest existing one, otherwise the current month. */
export function defaultMonth(existing: readonly YearMonth[], today: YearMonth): YearMonth {
  if (existing.length === 0) return today;
  return fromMonthIndex(Math.max(...existing.map(monthIndex)) + 1);
}

/** True when a payroll later than this month exists: the month is a read-only preview. */
export function hasLaterPayroll(existing: readonly YearMonth[], month: YearMonth): boolean {
  return existing.some((p) => monthIndex(p) > monthIndex(month));
}

/** The first unused weekday number (0 = Sunday … 6), or null when all seven have an exception. */
export function firstFreeWeekday(exceptions: readonly { weekday: number }[]): number | null {
  for (let weekday = 0; weekday <= 6; weekday++) {
    if (!exceptions.some((e) => e.weekday === weekday)) return weekday;
  }
  return null;
}

export interface WageGroup {
  id: number;
  name: string;
  /** Hourly wage in euros (2 decimals). */
  wert: number;
}
export interface PaidOutOvertime {
  idLohngruppe: number;
  /** Hours (2 decimals). */
  stunden: number;
}
export interface SpecialPayment {
  text: string;
  /** Gross amount in euros (2 decimals). */
  wert: number;
}

/** Overtime in hundredths: worked hours (statuses 1–4) minus contract hours minus paid-out overtime. */
export function overtimeHundredths(
  days: readonly DayRow[],
  contractHours: number,
  paidOut: readonly PaidOutOvertime[],
): number {
  const worked = minutesToHundredths(workedMinutes(days));
  const paid = paidOut.reduce((sum, p) => sum + toHundredths(p.stunden), 0);
  return worked - toHundredths(contractHours) - paid;
}

export function workedMinutes(days: readonly DayRow[]): number {
  return days.filter((d) => paidStatuses.includes(d.status)).reduce((sum, d) => sum + dayMinutes(d), 0);
}

/** Special payments with an empty text are dropped on save (business.md 5). */
export function keptSpecialPayments(payments: readonly SpecialPayment[]): SpecialPayment[] {
  return payments.map((p) => ({ ...p, text: p.text.trim() })).filter((p) => p.text !== '');
}

/** Cents of `hundredthsOfHour` hours at `euroPerHour`, rounded half up. */
export function wageCents(hundredthsOfHour: number, euroPerHour: number): number {
  return Math.round((hundredthsOfHour * toHundredths(euroPerHour)) / 100);
}

export interface PayrollSums {
  /** Hours of statuses 1–4 (2 decimals). */
  xSummeStunden: number;
  /** Overtime of the month (2 decimals, may be negative). */
  xSummeUeberstunden: number;
  /** Days with status 3 Urlaub. */
  xSummeUrlaubstage: number;
}
export interface PayrollOverviewLine {
  text: string;
  stunden: number | null;
  satz: number | null;
  betrag: number;
}
export interface PayrollOverview extends PayrollSums {
  /** Hours per wage group (statuses 1–4). */
  stundenJeLohngruppe: { idLohngruppe: number; name: string; stunden: number }[];
  /** Days per status. */
  tageJeStatus: Record<string, number>;
  /** The gross lines of the statement and their total (euros, 2 decimals). */
  positionen: PayrollOverviewLine[];
  brutto: number;
}

export interface PayrollForSums extends DayDefaults {
  vertrag_stunden: number;
  vertrag_lohngruppe: number;
  festgehalt: number;
  ueberstundenAusgezahlt: readonly PaidOutOvertime[];
  sonderzahlungen: readonly SpecialPayment[];
  tage: readonly DayRow[];
}

function groupName(groups: readonly WageGroup[], id: number): string {
  return groups.find((g) => g.id === id)?.name ?? (id === 0 ? 'Ohne Lohngruppe' : `Lohngruppe ${id}`);
}
function groupRate(groups: readonly WageGroup[], id: number): number {
  return groups.find((g) => g.id === id)?.wert ?? 0;
}

/** Worked minutes (statuses 1–4) per wage group of the days, by group id. */
function minutesPerGroup(days: readonly DayRow[]): [number, number][] {
  const perGroup = new Map<number, number>();
  for (const day of days.filter((d) => paidStatuses.includes(d.status))) {
    perGroup.set(day.idLohngruppe, (perGroup.get(day.idLohngruppe) ?? 0) + dayMinutes(day));
  }
  return [...perGroup.entries()].sort(([a], [b]) => a - b);
}

/** Paid hours of one wage group: worked hours (hourly wage), contract hours, or overtime paid out. */
export interface PaidHours {
  art: 'stunden' | 'vertrag' | 'ueberstunden';
  idLohngruppe: number;
  /** Hours in hundredths. */
  hundredths: number;
}

/**
 * The hours a payroll pays, per wage group, in the order of its statement: a fixed salary pays no hours;
 * a contract wage its contract hours at the contract group; without either, the hours of statuses 1–4
 * per wage group of the days; paid-out overtime at its group (fixed salary and contract wage only: hourly
 * wages pay every hour already). The gross lines and 420's LODAS export are both made of these.
 */
export function paidHours(
  payroll: Pick<
    PayrollForSums,
    'festgehalt' | 'vertrag_lohngruppe' | 'vertrag_stunden' | 'ueberstundenAusgezahlt' | 'tage'
  >,
): PaidHours[] {
  const hours: PaidHours[] = [];
  const fixed = toHundredths(payroll.festgehalt) > 0;
  if (fixed) {
    // The salary itself is an amount, not hours.
  } else if (payroll.vertrag_lohngruppe > 0) {
    hours.push({
      art: 'vertrag',
      idLohngruppe: payroll.vertrag_lohngruppe,
      hundredths: toHundredths(payroll.vertrag_stunden),
    });
  } else {
    for (const [idLohngruppe, minutes] of minutesPerGroup(payroll.tage)) {
      hours.push({ art: 'stunden', idLohngruppe, hundredths: minutesToHundredths(minutes) });
    }
  }
  if (fixed || payroll.vertrag_lohngruppe > 0) {
    for (const paid of payroll.ueberstundenAusgezahlt) {
      hours.push({ art: 'ueberstunden', idLohngruppe: paid.idLohngruppe, hundredths: toHundredths(paid.stunden) });
    }
  }
  return hours;
}

/**
 * The sums and the statement lines of a payroll. Gross: a fixed salary, or the contract hours at the
 * contract wage group, or (neither) the hours per wage group; plus paid-out overtime at its wage group
 * (fixed salary and contract wage only: hourly wages pay every hour already) and the special payments.
 */
export function payrollOverview(payroll: PayrollForSums, groups: readonly WageGroup[]): PayrollOverview {
  const stundenJeLohngruppe = minutesPerGroup(payroll.tage).map(([idLohngruppe, minutes]) => ({
    idLohngruppe,
    name: groupName(groups, idLohngruppe),
    stunden: fromHundredths(minutesToHundredths(minutes)),
  }));
  const tageJeStatus: Record<string, number> = {};
  for (const status of dayStatuses)
    tageJeStatus[String(status)] = payroll.tage.filter((d) => d.status === status).length;

  const lines: { text: string; stunden: number | null; satz: number | null; cents: number }[] = [];
  const fixed = toHundredths(payroll.festgehalt);
  if (fixed > 0) lines.push({ text: 'Festgehalt', stunden: null, satz: null, cents: fixed });
  for (const paid of paidHours(payroll)) {
    const rate = groupRate(groups, paid.idLohngruppe);
    const name = groupName(groups, paid.idLohngruppe);
    lines.push({
      text: {
        stunden: `Stunden ${name}`,
        vertrag: `Vertragslohn (${name})`,
        ueberstunden: `Ausgezahlte Überstunden (${name})`,
      }[paid.art],
      stunden: fromHundredths(paid.hundredths),
      satz: rate,
      cents: wageCents(paid.hundredths, rate),
    });
  }
  for (const payment of keptSpecialPayments(payroll.sonderzahlungen)) {
    lines.push({ text: payment.text, stunden: null, satz: null, cents: toHundredths(payment.wert) });
  }
  const bruttoCents = lines.reduce((sum, line) => sum + line.cents, 0);
  return {
    xSummeStunden: fromHundredths(minutesToHundredths(workedMinutes(payroll.tage))),
    xSummeUeberstunden: fromHundredths(
      overtimeHundredths(payroll.tage, payroll.vertrag_stunden, payroll.ueberstundenAusgezahlt),
    ),
    xSummeUrlaubstage: payroll.tage.filter((d) => d.status === 3).length,
    stundenJeLohngruppe,
    tageJeStatus,
    positionen: lines.map((line) => ({
      text: line.text,
      stunden: line.stunden,
      satz: line.satz,
      betrag: fromHundredths(line.cents),
    })),
    brutto: fromHundredths(bruttoCents),
  };
}

export interface LeaveBudget {
  jahr: number;
  /** Entitlement per year (the employee's urlaubstage). */
  anspruch: number;
  /** Carried over from the previous year. */
  uebertrag: number;
  /** Days with status 3 in the year's payrolls. */
  genommen: number;
  /** anspruch + uebertrag − genommen. */
  rest: number;
}
export function leaveBudget(jahr: number, anspruch: number, uebertrag: number, genommen: number): LeaveBudget {
  return { jahr, anspruch, uebertrag, genommen, rest: fromHundredths(toHundredths(anspruch + uebertrag - genommen)) };
}

/** German number with two decimals ('1.234,50'). */
export function formatDecimal(value: number, decimals = 2): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const negative = value < 0 && Number(fixed) !== 0;
  const [whole, fraction] = fixed.split('.') as [string, string | undefined];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped}${fraction ? `,${fraction}` : ''}`;
}
export function formatPayrollEuro(value: number): string {
  return `${formatDecimal(value)} €`;
}
