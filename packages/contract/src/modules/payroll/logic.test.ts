import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { employeeInput, payrollActions } from './calls';
import {
  dayHours,
  dayMinutes,
  defaultMonth,
  firstFreeWeekday,
  formatDecimal,
  hasLaterPayroll,
  keptSpecialPayments,
  minutesToTime,
  monthDates,
  overtimeHundredths,
  payrollOverview,
  resetDays,
  setDayStatus,
  timeToMinutes,
  weekdayOf,
  type DayDefaults,
  type DayRow,
  type DayStatus,
  type WeekdayException,
} from './logic';

const minute = fc.integer({ min: 0, max: 24 * 60 - 1 });
const time = minute.map(minutesToTime);
const timeOrEmpty = fc.oneof(time, fc.constant(''));
const status = fc.constantFrom<DayStatus>(0, 1, 2, 3, 4, 5);
const exception = fc.record({
  id: fc.nat(100),
  weekday: fc.integer({ min: 0, max: 6 }),
  arbeitsbeginn: time,
  arbeitsende: time,
  pausen: fc.integer({ min: 0, max: 120 }),
  lohngruppe: fc.integer({ min: 0, max: 5 }),
});
const exceptions = fc.uniqueArray(exception, { selector: (e) => e.weekday, maxLength: 7 });
const defaults: fc.Arbitrary<DayDefaults> = fc.record({
  standard_arbeitsbeginn: timeOrEmpty,
  standard_arbeitsende: timeOrEmpty,
  standard_pausen: fc.integer({ min: 0, max: 120 }),
  standard_lohngruppe: fc.integer({ min: 0, max: 5 }),
  ausnahmen: exceptions,
});
const yearMonth = fc.record({ jahr: fc.integer({ min: 2000, max: 2100 }), monat: fc.integer({ min: 1, max: 12 }) });
const isoDay = fc
  .record({
    ...{ y: fc.integer({ min: 2000, max: 2100 }), m: fc.integer({ min: 1, max: 12 }) },
    d: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
const day: fc.Arbitrary<DayRow> = fc.record({
  datum: isoDay,
  status,
  objekt: fc.string({ maxLength: 10 }),
  zeitVon: timeOrEmpty,
  zeitBis: timeOrEmpty,
  pausen: fc.integer({ min: 0, max: 120 }),
  idLohngruppe: fc.integer({ min: 0, max: 5 }),
  ausnahme: fc.boolean(),
});

describe('hours of a day', () => {
  it('count only when both times are set and the end is after the start; the pause is subtracted', () => {
    fc.assert(
      fc.property(timeOrEmpty, timeOrEmpty, fc.integer({ min: 0, max: 1440 }), (zeitVon, zeitBis, pausen) => {
        const from = timeToMinutes(zeitVon);
        const to = timeToMinutes(zeitBis);
        const minutes = dayMinutes({ zeitVon, zeitBis, pausen });
        if (from === null || to === null || to <= from) expect(minutes).toBe(0);
        else expect(minutes).toBe(Math.max(0, to - from - pausen));
        expect(minutes).toBeGreaterThanOrEqual(0);
      }),
    );
  });
  it('are rounded to 2 decimals', () => {
    expect(dayHours({ zeitVon: '08:00', zeitBis: '08:20', pausen: 0 })).toBe(0.33);
    expect(dayHours({ zeitVon: '08:00', zeitBis: '08:40', pausen: 0 })).toBe(0.67);
    expect(dayHours({ zeitVon: '08:00', zeitBis: '16:30', pausen: 30 })).toBe(8);
    fc.assert(
      fc.property(time, time, fc.integer({ min: 0, max: 60 }), (zeitVon, zeitBis, pausen) => {
        const hours = dayHours({ zeitVon, zeitBis, pausen });
        expect(Math.round(hours * 100)).toBeCloseTo(hours * 100, 8);
        expect(Math.abs(hours - dayMinutes({ zeitVon, zeitBis, pausen }) / 60)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });
});

describe('overtime', () => {
  it('is worked hours of statuses 1–4 minus contract hours minus paid-out overtime, in hundredths', () => {
    fc.assert(
      fc.property(
        fc.array(day, { maxLength: 31 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 3 }),
        (days, contract, paid) => {
          const worked = days.filter((d) => d.status >= 1 && d.status <= 4).reduce((sum, d) => sum + dayMinutes(d), 0);
          const result = overtimeHundredths(
            days,
            contract / 100,
            paid.map((p) => ({ idLohngruppe: 1, stunden: p / 100 })),
          );
          expect(result).toBe(Math.round((worked * 100) / 60) - contract - paid.reduce((a, b) => a + b, 0));
        },
      ),
    );
  });
  it('ignores Nicht and Gleittag days', () => {
    const base: DayRow = {
      datum: '2026-03-02',
      status: 1,
      objekt: '',
      zeitVon: '08:00',
      zeitBis: '10:00',
      pausen: 0,
      idLohngruppe: 0,
      ausnahme: false,
    };
    expect(overtimeHundredths([base, { ...base, status: 5 }, { ...base, status: 0 }], 1, [])).toBe(100);
  });
});

describe('status fill and clear', () => {
  it('status 0 clears group, times, pause and object', () => {
    fc.assert(
      fc.property(day, defaults, (d, defs) => {
        const cleared = setDayStatus(d, 0, defs);
        expect(cleared).toMatchObject({ status: 0, objekt: '', zeitVon: '', zeitBis: '', pausen: 0, idLohngruppe: 0 });
        expect(cleared.datum).toBe(d.datum);
      }),
    );
  });
  it('statuses 1–5 keep set values and fill missing ones from the exception, else the defaults', () => {
    fc.assert(
      fc.property(day, defaults, fc.constantFrom<DayStatus>(1, 2, 3, 4, 5), (d, defs, next) => {
        const filled = setDayStatus(d, next, defs);
        const exception = defs.ausnahmen.find((a) => a.weekday === weekdayOf(d.datum));
        const source = exception
          ? {
              von: exception.arbeitsbeginn,
              bis: exception.arbeitsende,
              pause: exception.pausen,
              group: exception.lohngruppe,
            }
          : {
              von: defs.standard_arbeitsbeginn,
              bis: defs.standard_arbeitsende,
              pause: defs.standard_pausen,
              group: defs.standard_lohngruppe,
            };
        expect(filled.status).toBe(next);
        expect(filled.objekt).toBe(d.objekt);
        expect(filled.zeitVon).toBe(d.zeitVon === '' ? source.von : d.zeitVon);
        expect(filled.zeitBis).toBe(d.zeitBis === '' ? source.bis : d.zeitBis);
        expect(filled.idLohngruppe).toBe(d.idLohngruppe === 0 ? source.group : d.idLohngruppe);
        if (d.zeitVon === '' && d.zeitBis === '') expect(filled.pausen).toBe(source.pause);
        else expect(filled.pausen).toBe(d.pausen);
      }),
    );
  });
  it('filling twice changes nothing more', () => {
    fc.assert(
      fc.property(day, defaults, fc.constantFrom<DayStatus>(1, 2, 3, 4, 5), (d, defs, next) => {
        const once = setDayStatus(d, next, defs);
        expect(setDayStatus(once, next, defs)).toEqual(once);
      }),
    );
  });
});

describe('reset of a month', () => {
  it('gives status 1 on weekdays; weekends 0 unless an exception exists for the weekday', () => {
    fc.assert(
      fc.property(yearMonth, defaults, ({ jahr, monat }, defs) => {
        const days = resetDays(jahr, monat, defs);
        expect(days.map((d) => d.datum)).toEqual(monthDates(jahr, monat));
        for (const d of days) {
          const weekday = weekdayOf(d.datum);
          const weekend = weekday === 0 || weekday === 6;
          const hasException = defs.ausnahmen.some((a) => a.weekday === weekday);
          expect(d.status).toBe(!weekend || hasException ? 1 : 0);
          if (d.status === 1) expect(d.ausnahme).toBe(hasException);
        }
      }),
    );
  });
  it('marks holidays on working days as Feiertag and leaves free days free', () => {
    const defs: DayDefaults = {
      standard_arbeitsbeginn: '08:00',
      standard_arbeitsende: '16:00',
      standard_pausen: 30,
      standard_lohngruppe: 1,
      ausnahmen: [],
    };
    const days = resetDays(2026, 12, defs, new Set(['2026-12-25', '2026-12-26']));
    expect(days[24]).toMatchObject({ status: 2, zeitVon: '08:00', zeitBis: '16:00' });
    expect(days[25]).toMatchObject({ status: 0 });
  });
});

describe('default month and lock', () => {
  it('is the month after the latest payroll, else the current month', () => {
    fc.assert(
      fc.property(fc.array(yearMonth, { maxLength: 5 }), yearMonth, (existing, today) => {
        const next = defaultMonth(existing, today);
        if (existing.length === 0) expect(next).toEqual(today);
        else {
          const latest = existing.reduce((a, b) => (a.jahr * 12 + a.monat >= b.jahr * 12 + b.monat ? a : b));
          expect(next.jahr * 12 + next.monat).toBe(latest.jahr * 12 + latest.monat + 1);
          expect(next.monat).toBeGreaterThanOrEqual(1);
          expect(next.monat).toBeLessThanOrEqual(12);
          expect(hasLaterPayroll(existing, next)).toBe(false);
        }
      }),
    );
    expect(defaultMonth([{ jahr: 2026, monat: 12 }], { jahr: 2026, monat: 1 })).toEqual({ jahr: 2027, monat: 1 });
  });
  it('a month is locked exactly when a later payroll exists', () => {
    expect(hasLaterPayroll([{ jahr: 2026, monat: 5 }], { jahr: 2026, monat: 4 })).toBe(true);
    expect(hasLaterPayroll([{ jahr: 2026, monat: 5 }], { jahr: 2026, monat: 5 })).toBe(false);
    expect(hasLaterPayroll([{ jahr: 2027, monat: 1 }], { jahr: 2026, monat: 12 })).toBe(true);
  });
});

describe('exceptions, payments, sums', () => {
  it('a new exception takes the first unused weekday number', () => {
    fc.assert(
      fc.property(exceptions, (list: WeekdayException[]) => {
        const free = firstFreeWeekday(list);
        const used = new Set(list.map((e) => e.weekday));
        if (used.size === 7) expect(free).toBeNull();
        else {
          expect(used.has(free!)).toBe(false);
          for (let w = 0; w < free!; w++) expect(used.has(w)).toBe(true);
        }
      }),
    );
  });
  it('drops special payments with an empty text', () => {
    expect(
      keptSpecialPayments([
        { text: ' Bonus ', wert: 5 },
        { text: ' ', wert: 3 },
      ]),
    ).toEqual([{ text: 'Bonus', wert: 5 }]);
  });
  it('adds the gross lines in cents (hourly wages per wage group)', () => {
    const days: DayRow[] = [
      {
        datum: '2026-03-02',
        status: 1,
        objekt: '',
        zeitVon: '08:00',
        zeitBis: '08:20',
        pausen: 0,
        idLohngruppe: 1,
        ausnahme: false,
      },
      {
        datum: '2026-03-03',
        status: 4,
        objekt: '',
        zeitVon: '08:00',
        zeitBis: '08:20',
        pausen: 0,
        idLohngruppe: 1,
        ausnahme: false,
      },
      {
        datum: '2026-03-04',
        status: 5,
        objekt: '',
        zeitVon: '08:00',
        zeitBis: '16:00',
        pausen: 0,
        idLohngruppe: 1,
        ausnahme: false,
      },
    ];
    const overview = payrollOverview(
      {
        standard_arbeitsbeginn: '',
        standard_arbeitsende: '',
        standard_pausen: 0,
        standard_lohngruppe: 1,
        ausnahmen: [],
        vertrag_stunden: 0,
        vertrag_lohngruppe: 0,
        festgehalt: 0,
        ueberstundenAusgezahlt: [],
        sonderzahlungen: [
          { text: 'Bonus', wert: 0.1 },
          { text: '', wert: 99 },
        ],
        tage: days,
      },
      [{ id: 1, name: 'A', wert: 12.41 }],
    );
    // 40 minutes = 0.67 h × 12.41 € = 8.3147 → 8.31 €; plus 0.10 €.
    expect(overview.positionen.map((l) => l.betrag)).toEqual([8.31, 0.1]);
    expect(overview.brutto).toBe(8.41);
    expect(overview.xSummeStunden).toBe(0.67);
    expect(overview.tageJeStatus).toMatchObject({ '1': 1, '4': 1, '5': 1, '0': 0 });
  });
  it('formats German decimals', () => {
    expect(formatDecimal(1234.5)).toBe('1.234,50');
    expect(formatDecimal(-0.001)).toBe('0,00');
    expect(formatDecimal(-3.25)).toBe('-3,25');
  });
});

describe('wire schemas', () => {
  it('refuses contract wage together with a fixed salary', () => {
    const base = {
      vorname: 'A',
      nachname: 'B',
      urlaubstage: 0,
      standard_lohngruppe: 0,
      standard_arbeitsbeginn: '',
      standard_arbeitsende: '',
      standard_pausen: 0,
      vertrag_lohngruppe: 1,
      vertrag_stunden: 0,
      festgehalt: 10,
      ausnahmen: [],
    };
    expect(employeeInput.safeParse(base).success).toBe(false);
    expect(employeeInput.safeParse({ ...base, festgehalt: 0 }).success).toBe(true);
  });
  it('declares the specification’s actions', () => {
    expect(payrollActions.types).toEqual([
      'saveMitarbeiter',
      'delMitarbeiter',
      'saveAbrechnung',
      'delAbrechnung',
      'saveSettings',
    ]);
  });
});
