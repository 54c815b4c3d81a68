import { expect } from 'vitest';
import { platformCalls } from '@hortus/contract';
import {
  monthDates,
  payrollCalls,
  type EmployeeInput,
  type PayrollInput,
  type PayrollModuleData,
  type PayrollSave,
} from '@hortus/contract/modules/payroll';
import { expectStatus, type Reply, type TestServer } from '../../support/helper';

/** The settings of the export tests: two wage groups with DATEV Lohnarten, the adviser's numbers. */
export const exportSettings = {
  lohngruppen: [
    { id: 1, name: 'Fachkraft', wert: 20, lohnart: '1100' },
    { id: 2, name: 'Aushilfe', wert: 13.5, lohnart: '1120' },
  ],
  bundesland: 'BY' as const,
  region: '' as const,
  dataOffline: false,
  datev: { beraternummer: '29098', mandantennummer: '10418' },
};

export type Day = { zeitVon: string; zeitBis: string; pausen: number; idLohngruppe: number; status?: 1 | 3 };

/**
 * Saving employees, payrolls (March 2026) and settings as `admin`, fetching an offered file; `current` answers
 * the test server and its admin once `beforeAll` started them.
 */
export function payrollExportSupport(current: () => { server: TestServer; admin: { code: string } }) {
  function save(dataToSave: PayrollSave): Promise<PayrollModuleData> {
    const { server, admin } = current();
    return server.call(payrollCalls.getOrSaveSettings, admin.code, { dataToSave }).then((reply) => {
      expectStatus(reply, 'success', 200);
      return reply.body.save as PayrollModuleData;
    });
  }
  const saveSettings = (changes: Partial<typeof exportSettings> = {}) =>
    save({ type: 'saveSettings', data: { settings: { ...exportSettings, ...changes } } });

  const employee = (input: Partial<EmployeeInput>): EmployeeInput => ({
    id: 0,
    vorname: 'Erika',
    nachname: 'Muster',
    personalnummer: '',
    eintrittsdatum: '',
    urlaubstage: 30,
    standard_lohngruppe: 1,
    standard_arbeitsbeginn: '',
    standard_arbeitsende: '',
    standard_pausen: 0,
    vertrag_lohngruppe: 0,
    vertrag_stunden: 0,
    festgehalt: 0,
    ausnahmen: [],
    ...input,
  });

  async function newEmployee(input: Partial<EmployeeInput>): Promise<number> {
    const list = await save({ type: 'saveMitarbeiter', data: { mitarbeiter: employee(input) } });
    const added = list.mitarbeiter.find((m) => m.vorname === input.vorname && m.nachname === input.nachname);
    if (!added) throw new Error('employee not added');
    return added.id;
  }

  /** A payroll of 2026-03 whose listed days (by day of month) are worked; the others are status 0. */
  async function savePayroll(
    idMitarbeiter: number,
    days: Record<number, Day>,
    contract: Partial<PayrollInput> = {},
  ): Promise<void> {
    const abrechnung: PayrollInput = {
      id: 0,
      idMitarbeiter,
      jahr: 2026,
      monat: 3,
      standard_lohngruppe: 1,
      standard_arbeitsbeginn: '',
      standard_arbeitsende: '',
      standard_pausen: 0,
      vertrag_lohngruppe: 0,
      vertrag_stunden: 0,
      festgehalt: 0,
      ausnahmen: [],
      ueberstundenAusgezahlt: [],
      sonderzahlungen: [],
      urlaubAusVorjahr: 0,
      tage: monthDates(2026, 3).map((datum, index) => {
        const day = days[index + 1];
        return day
          ? { datum, status: day.status ?? 1, objekt: '', ausnahme: false, ...day }
          : { datum, status: 0, objekt: '', zeitVon: '', zeitBis: '', pausen: 0, idLohngruppe: 0, ausnahme: false };
      }),
      ...contract,
    };
    await save({ type: 'saveAbrechnung', data: { abrechnung } });
  }

  /** The bytes of the file a successful export offers, fetched through download.php as `admin`. */
  async function fileOf(reply: Reply): Promise<Buffer> {
    const { server, admin } = current();
    expectStatus(reply, 'success', 200);
    const download = await server.app.inject({
      method: 'POST',
      url: platformCalls.download.url,
      payload: { code: admin.code, file: String(reply.body.file) },
    });
    expect(download.statusCode).toBe(200);
    return download.rawPayload;
  }

  /**
   * The month both exports are tested on: an hourly wage (Jörg Bäcker, 42) with 8 h worked and 8 h leave
   * (Fachkraft) and 4,5 h (Aushilfe), each on its day; a contract wage (Şükrü Özdemir) with 80 contract hours
   * (Aushilfe), 2,25 paid-out overtime hours (Fachkraft), a worked day not paid on its own and a special
   * payment (an amount, named in the report).
   */
  async function seedExampleMonth(oezdemirNumber: string): Promise<void> {
    const becker = await newEmployee({ vorname: 'Jörg', nachname: 'Bäcker', personalnummer: '42' });
    await savePayroll(becker, {
      2: { zeitVon: '08:00', zeitBis: '16:30', pausen: 30, idLohngruppe: 1 },
      3: { zeitVon: '08:00', zeitBis: '16:30', pausen: 30, idLohngruppe: 1, status: 3 },
      4: { zeitVon: '08:00', zeitBis: '12:30', pausen: 0, idLohngruppe: 2 },
    });
    const oezdemir = await newEmployee({ vorname: 'Şükrü', nachname: 'Özdemir', personalnummer: oezdemirNumber });
    await savePayroll(
      oezdemir,
      { 2: { zeitVon: '09:00', zeitBis: '10:00', pausen: 0, idLohngruppe: 2 } },
      {
        vertrag_lohngruppe: 2,
        vertrag_stunden: 80,
        ueberstundenAusgezahlt: [{ idLohngruppe: 1, stunden: 2.25 }],
        sonderzahlungen: [{ text: 'Prämie', wert: 50 }],
      },
    );
  }

  /**
   * Three employees an export must refuse by name, each with an hour on the 5th: Nina Ohne without a personnel
   * number, Paul Buchstabe with 'P-9' and no wage group, Dora Doppelt with `doppeltNumber` (Bäcker's 42 again).
   * Answers their ids (the test deletes them after).
   */
  async function seedGaps(doppeltNumber: string): Promise<number[]> {
    const ohne = await newEmployee({ vorname: 'Nina', nachname: 'Ohne', personalnummer: '' });
    await savePayroll(ohne, { 5: { zeitVon: '08:00', zeitBis: '09:00', pausen: 0, idLohngruppe: 1 } });
    const buchstaben = await newEmployee({ vorname: 'Paul', nachname: 'Buchstabe', personalnummer: 'P-9' });
    await savePayroll(buchstaben, { 5: { zeitVon: '08:00', zeitBis: '09:00', pausen: 0, idLohngruppe: 0 } });
    const doppelt = await newEmployee({ vorname: 'Dora', nachname: 'Doppelt', personalnummer: doppeltNumber });
    await savePayroll(doppelt, { 5: { zeitVon: '08:00', zeitBis: '09:00', pausen: 0, idLohngruppe: 1 } });
    return [ohne, buchstaben, doppelt];
  }

  return { save, saveSettings, newEmployee, savePayroll, seedExampleMonth, seedGaps, fileOf };
}

/** Refused with `message` on `field`; the reply's message says it too unless the request's schema refused it. */
export function expectRefused(reply: Reply, field: string, message: string, inReplyMessage = true): void {
  expectStatus(reply, 'validationError', 400);
  expect((reply.body.errors as Record<string, string[]>)[field]).toContain(message);
  if (inReplyMessage) expect(String(reply.body.message)).toContain(message);
}
