import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lohnGehaltDescription, lohnGehaltFile, paidHoursPerDay } from './lohn-gehalt';
import { minutesToTime, monthDates, paidHours, type DayRow, type DayStatus } from './logic';
import { notInWindows1252 } from './payroll-export';

const minute = fc.integer({ min: 0, max: 24 * 60 - 1 });
/** A month of days (March 2026) with random statuses, times, pauses and wage groups 0–3. */
const days = fc
  .array(
    fc.record({
      status: fc.constantFrom<DayStatus>(0, 1, 2, 3, 4, 5),
      von: minute,
      dauer: fc.integer({ min: 0, max: 600 }),
      pausen: fc.integer({ min: 0, max: 60 }),
      idLohngruppe: fc.integer({ min: 0, max: 3 }),
    }),
    { minLength: 31, maxLength: 31 },
  )
  .map((rows) =>
    monthDates(2026, 3).map((datum, index): DayRow => ({
      datum,
      status: rows[index]!.status,
      objekt: '',
      zeitVon: minutesToTime(rows[index]!.von),
      zeitBis: minutesToTime(Math.min(rows[index]!.von + rows[index]!.dauer, 24 * 60 - 1)),
      pausen: rows[index]!.pausen,
      idLohngruppe: rows[index]!.idLohngruppe,
      ausnahme: false,
    })),
  );
const payroll = fc.record({
  tage: days,
  festgehalt: fc.constantFrom(0, 0, 2500),
  vertrag_lohngruppe: fc.constantFrom(0, 0, 1, 2),
  vertrag_stunden: fc.integer({ min: 0, max: 20000 }).map((h) => h / 100),
  ueberstundenAusgezahlt: fc.array(
    fc.record({
      idLohngruppe: fc.integer({ min: 1, max: 3 }),
      stunden: fc.integer({ min: 1, max: 2000 }).map((h) => h / 100),
    }),
    { maxLength: 2 },
  ),
});

const sumPerGroup = (lines: readonly { idLohngruppe: number; hundredths: number }[]) => {
  const sums = new Map<number, number>();
  for (const line of lines) sums.set(line.idLohngruppe, (sums.get(line.idLohngruppe) ?? 0) + line.hundredths);
  return [...sums.entries()].filter(([, hundredths]) => hundredths !== 0).sort(([a], [b]) => a - b);
};

describe('paidHoursPerDay', () => {
  it('sums per wage group to exactly the hours the statement pays (paidHours), days only for hourly wages', () => {
    fc.assert(
      fc.property(payroll, (p) => {
        const perDay = paidHoursPerDay(p);
        expect(sumPerGroup(perDay)).toEqual(sumPerGroup(paidHours(p)));
        const hourly = p.festgehalt === 0 && p.vertrag_lohngruppe === 0;
        for (const line of perDay) {
          expect(line.hundredths).toBeGreaterThan(0);
          if (!hourly) expect(line.datum).toBeNull();
          else expect(p.tage.some((d) => d.datum === line.datum && d.idLohngruppe === line.idLohngruppe)).toBe(true);
        }
      }),
    );
  });

  it('writes no record for a contract of 0 hours (found by the property above: a line of 0,00 hours)', () => {
    const tage = monthDates(2026, 3).map((datum): DayRow => ({
      datum,
      status: 0,
      objekt: '',
      zeitVon: '00:00',
      zeitBis: '00:00',
      pausen: 0,
      idLohngruppe: 0,
      ausnahme: false,
    }));
    const contract = { festgehalt: 0, vertrag_lohngruppe: 1, vertrag_stunden: 0, ueberstundenAusgezahlt: [], tage };
    expect(paidHoursPerDay(contract)).toEqual([]);
  });

  it('spreads the rounding over the days: three days of 20 minutes are 0,33 + 0,34 + 0,33 hours', () => {
    const tage = monthDates(2026, 3).map((datum, index): DayRow => ({
      datum,
      status: index < 3 ? 1 : 0,
      objekt: '',
      zeitVon: index < 3 ? '08:00' : '',
      zeitBis: index < 3 ? '08:20' : '',
      pausen: 0,
      idLohngruppe: index < 3 ? 1 : 0,
      ausnahme: false,
    }));
    const lines = paidHoursPerDay({
      tage,
      festgehalt: 0,
      vertrag_lohngruppe: 0,
      vertrag_stunden: 0,
      ueberstundenAusgezahlt: [],
    });
    expect(lines.map((line) => line.hundredths)).toEqual([33, 34, 33]);
  });
});

describe('lohnGehaltFile', () => {
  it('writes 11 fields per record: monthly values first, then the days, Lohnarten ascending and summed', () => {
    const text = lohnGehaltFile([
      {
        personalnummer: '042',
        stunden: [
          { lohnart: '1120', datum: '2026-03-04', hundredths: 450 },
          { lohnart: '1100', datum: '2026-03-02', hundredths: 800 },
          { lohnart: '1100', datum: '2026-03-02', hundredths: 25 },
          { lohnart: '1100', datum: null, hundredths: 123450 },
          { lohnart: '1110', datum: '2026-03-03', hundredths: 0 },
        ],
      },
    ]);
    expect(text).toBe(
      ['42;;;1100;1234,50;;;;;;', '42;02/03/2026;;1100;8,25;;;;;;', '42;04/03/2026;;1120;4,50;;;;;;', ''].join('\r\n'),
    );
    expect(lohnGehaltFile([])).toBe('');
  });

  it('describes the layout for the import: 11 fields, separators, CRLF, only characters Windows-1252 has', () => {
    const description = lohnGehaltDescription();
    expect(description).toContain('\r\nFeldanzahl = 11\r\n');
    expect(description).toContain('\r\nFeld3 = Ausfallschlüssel\r\n');
    expect(description.endsWith('\r\nFeld11 = Kostenträger\r\n')).toBe(true);
    expect(description.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(notInWindows1252(description)).toEqual([]);
  });
});

describe('notInWindows1252', () => {
  it('names each character Windows-1252 lacks once, and none it has', () => {
    expect(notInWindows1252('Bäcker € – „x“')).toEqual([]);
    expect(notInWindows1252('Łódź 李李')).toEqual(['Ł', 'ź', '李']);
  });
});
