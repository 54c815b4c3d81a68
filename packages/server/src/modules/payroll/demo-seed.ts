import {
  fromMonthIndex,
  monthIndex,
  resetDays,
  setDayStatus,
  type DayRow,
  type DayStatus,
} from '@hortus/contract/modules/payroll';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import type { DemoProtokoll } from '../../platform/audit/demo-protokoll';
import { users } from '../../platform/db/schema';
import { contractOf, findEmployee, saveEmployee } from './employees';
import { systemSave } from '../../platform/db/versions';
import { publicHolidays } from './holidays';
import { savePayroll, todayMonth } from './payrolls';
import { savePayrollSettings } from './settings';
import { payrollEmployees } from './schema';

const settings = {
  lohngruppen: [
    // The payroll office's own Lohnarten for these hours (DATEV LODAS), so the demo's export works.
    { id: 1, name: 'Pädagogische Fachkraft', wert: 21.5, lohnart: '1100' },
    { id: 2, name: 'Ergänzungskraft', wert: 16.8, lohnart: '1110' },
    { id: 3, name: 'Minijob', wert: 13.9, lohnart: '1120' },
  ],
  // Where the demo organisation is (Dresden/Radebeul): Saxony's days, Buß- und Bettag, no Allerheiligen.
  bundesland: 'SN' as const,
  region: '' as const,
  dataOffline: false,
  // The payroll is done by the same tax adviser as the books (410), under its own client number.
  datev: { beraternummer: '29098', mandantennummer: '10418' },
};

const contractDefaults = {
  id: 0,
  personalnummer: '',
  eintrittsdatum: '',
  benutzer: '',
  standard_lohngruppe: 0,
  standard_arbeitsbeginn: '',
  standard_arbeitsende: '',
  standard_pausen: 0,
  vertrag_lohngruppe: 0,
  vertrag_stunden: 0,
  festgehalt: 0,
  ausnahmen: [],
};

/** Sets the status of the n-th working day (status 1) of the month. */
function markWorkday(
  days: DayRow[],
  nth: number,
  status: DayStatus,
  defaults: Parameters<typeof setDayStatus>[2],
): void {
  const workdays = days.filter((day) => day.status === 1);
  const day = workdays[Math.min(nth, workdays.length - 1)];
  if (!day) return;
  days[days.indexOf(day)] = setDayStatus(day, status, defaults);
}

/**
 * Demo of module 420: wage groups and Saxony (where the demo organisation is) as the federal state, three
 * employees (contract wage, fixed salary, hourly mini job; one linked to the staff account) with weekday
 * exceptions, and payrolls of
 * the two months before today with leave, sick days, paid-out overtime and a special payment.
 */
export async function seedPayrollDemo(db: Db, today = new Date()): Promise<void> {
  await savePayrollSettings(db, settings);
  // The demo's staff account 'erzieher' (Jonas Weiß) is also employee 1002: its Datenauskunft holds his payrolls.
  const [staffAccount] = await db.select({ nn: users.nn }).from(users).where(eq(users.nn, 'erzieher'));
  const employees = [
    {
      ...contractDefaults,
      personalnummer: '1001',
      vorname: 'Anna',
      nachname: 'Becker',
      eintrittsdatum: '2019-09-01',
      urlaubstage: 30,
      standard_lohngruppe: 1,
      standard_arbeitsbeginn: '07:30',
      standard_arbeitsende: '15:30',
      standard_pausen: 30,
      vertrag_lohngruppe: 1,
      vertrag_stunden: 150,
      ausnahmen: [{ id: 0, weekday: 5, arbeitsbeginn: '07:30', arbeitsende: '12:30', pausen: 0, lohngruppe: 1 }],
    },
    {
      ...contractDefaults,
      personalnummer: '1002',
      vorname: 'Jonas',
      nachname: 'Weiß',
      benutzer: staffAccount?.nn ?? '',
      eintrittsdatum: '2022-02-01',
      urlaubstage: 28,
      standard_lohngruppe: 2,
      standard_arbeitsbeginn: '11:00',
      standard_arbeitsende: '17:00',
      standard_pausen: 30,
      festgehalt: 2450,
      vertrag_stunden: 120,
      ausnahmen: [
        { id: 0, weekday: 3, arbeitsbeginn: '08:00', arbeitsende: '17:00', pausen: 45, lohngruppe: 2 },
        { id: 0, weekday: 6, arbeitsbeginn: '09:00', arbeitsende: '13:00', pausen: 0, lohngruppe: 2 },
      ],
    },
    {
      ...contractDefaults,
      personalnummer: '1003',
      vorname: 'Lena',
      nachname: 'Schulz',
      eintrittsdatum: '2024-04-15',
      urlaubstage: 20,
      standard_lohngruppe: 3,
      standard_arbeitsbeginn: '13:00',
      standard_arbeitsende: '15:00',
      standard_pausen: 0,
      vertrag_stunden: 45,
      ausnahmen: [{ id: 0, weekday: 1, arbeitsbeginn: '12:00', arbeitsende: '16:30', pausen: 15, lohngruppe: 3 }],
    },
  ];
  const current = monthIndex(todayMonth(today));
  for (const [index, input] of employees.entries()) {
    const id = await saveEmployee(db, settings, input, systemSave);
    const employee = await findEmployee(db, id);
    if (!employee) continue;
    const contract = contractOf(employee);
    for (const offset of [2, 1]) {
      const month = fromMonthIndex(current - offset);
      const holidays = publicHolidays(settings, month.jahr, month.monat);
      const tage = resetDays(month.jahr, month.monat, contract, new Set(holidays.keys()));
      // Leave and sick days differ per employee and month.
      markWorkday(tage, 3 + index, 3, contract);
      if (offset === 2) markWorkday(tage, 4 + index, 3, contract);
      if (offset === 1) markWorkday(tage, 10 + index, 4, contract);
      if (offset === 1 && index === 2) markWorkday(tage, 14, 5, contract);
      const objekt = index === 0 ? 'Hort Sonnenschein' : index === 1 ? 'Mittagsbetreuung' : 'Hausaufgabenhilfe';
      await savePayroll(
        db,
        {
          id: 0,
          idMitarbeiter: id,
          ...month,
          ...contract,
          ueberstundenAusgezahlt: index === 0 && offset === 1 ? [{ idLohngruppe: 1, stunden: 4 }] : [],
          sonderzahlungen: index === 1 && offset === 1 ? [{ text: 'Fahrtkostenzuschuss', wert: 45 }] : [],
          urlaubAusVorjahr: index === 0 ? 3 : 0,
          tage: tage.map((day) => (day.status === 1 ? { ...day, objekt } : day)),
        },
        systemSave,
      );
    }
  }
}

/** Module 420's part of the demo's week in the Protokoll: the office made a payroll two days ago. */
export async function recordPayrollProtokollDemo(db: Db, week: DemoProtokoll): Promise<void> {
  const [first] = await db
    .select({ id: payrollEmployees.id })
    .from(payrollEmployees)
    .orderBy(asc(payrollEmployees.id))
    .limit(1);
  const leitung = week.account('leitung');
  if (!first || leitung === null || !week.workdays.includes(2)) return;
  week.record({
    zeit: week.at(2, 10, 5),
    nutzerId: leitung,
    modul: '420',
    aktion: 'angelegt',
    objekt: ['Lohnabrechnung', '1002'],
    details: [
      { t: 'payroll_payrolls', a: 'INSERT', f: { employee_id: [null, first.id], hours_hundredths: [null, 16_000] } },
    ],
  });
}
