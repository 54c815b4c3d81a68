import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCalls } from '@hortus/contract';
import {
  monthDates,
  payrollCalls,
  decimalsMessage,
  payrollMessages,
  type EmployeeInput,
  type GetPayrollReply,
  type PayrollInput,
  type PayrollModuleData,
  type PayrollSave,
  payrollInputOf,
} from '@hortus/contract/modules/payroll';
import { publicHolidays } from '../../../src/modules/payroll/holidays';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';
import { pageTexts } from '../../support/pdf-reader';

let server: TestServer;
let admin: { code: string };
let outsider: { code: string };
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.userWithSession({ rechteSolo: ['x|420|000'] });
  outsider = await server.userWithSession({ rechteSolo: ['x|150', 'x|420|set'] });
});
afterAll(() => server.close());

const { getOrSaveSettings, getAbrechnung, getAbrechnungPdf } = payrollCalls;
const settings = {
  lohngruppen: [
    { id: 1, name: 'Fachkraft', wert: 20, lohnart: '' },
    { id: 2, name: 'Aushilfe', wert: 13.5, lohnart: '' },
  ],
  bundesland: 'BY',
  region: 'KATH',
  dataOffline: false,
  datev: { beraternummer: '', mandantennummer: '' },
};

function save(code: string, dataToSave: PayrollSave | Record<string, unknown>): Promise<Reply> {
  return server.call(getOrSaveSettings, code, { dataToSave });
}
async function data(reply: Reply): Promise<PayrollModuleData> {
  expectStatus(reply, 'success', 200);
  return reply.body.save as PayrollModuleData;
}
function expectInvalid(reply: Reply, field: string, message?: string): void {
  expectStatus(reply, 'validationError', 400);
  const errors = reply.body.errors as Record<string, string[]>;
  expect(Object.keys(errors)).toContain(field);
  if (message !== undefined) expect(errors[field]).toContain(message);
}

const employee = (input: Partial<EmployeeInput> = {}): EmployeeInput => ({
  id: 0,
  vorname: 'Erika',
  nachname: 'Muster',
  personalnummer: '77',
  eintrittsdatum: '2024-01-01',
  urlaubstage: 30,
  standard_lohngruppe: 1,
  standard_arbeitsbeginn: '08:00',
  standard_arbeitsende: '16:30',
  standard_pausen: 30,
  vertrag_lohngruppe: 1,
  vertrag_stunden: 160,
  festgehalt: 0,
  ausnahmen: [{ id: 0, weekday: 5, arbeitsbeginn: '08:00', arbeitsende: '12:00', pausen: 0, lohngruppe: 2 }],
  ...input,
});

async function newEmployee(input: Partial<EmployeeInput> = {}): Promise<number> {
  const before = await data(await server.call(getOrSaveSettings, admin.code));
  const list = await data(await save(admin.code, { type: 'saveMitarbeiter', data: { mitarbeiter: employee(input) } }));
  const added = list.mitarbeiter.find((m) => !before.mitarbeiter.some((b) => b.id === m.id));
  if (!added) throw new Error('employee not added');
  return added.id;
}

async function payroll(idMitarbeiter: number, jahr?: number, monat?: number): Promise<GetPayrollReply> {
  const reply = await server.call(getAbrechnung, admin.code, { idMitarbeiter, jahr, monat });
  expectStatus(reply, 'success', 200);
  return reply.body as unknown as GetPayrollReply;
}

/** The payroll as the dialog sends it back (view-only fields dropped). */
function asInput(reply: GetPayrollReply): PayrollInput {
  return payrollInputOf(reply.abrechnung);
}
function savePayroll(code: string, abrechnung: PayrollInput): Promise<Reply> {
  return save(code, { type: 'saveAbrechnung', data: { uebersichtData: {}, abrechnung } });
}

describe('rights', () => {
  it('refuses every call without x|420|000, also with other rights', async () => {
    expectStatus(await server.call(getOrSaveSettings, outsider.code), 'noRight', 403);
    expectStatus(
      await save(outsider.code, { type: 'saveMitarbeiter', data: { mitarbeiter: employee() } }),
      'noRight',
      403,
    );
    expectStatus(await server.call(getAbrechnung, outsider.code, { idMitarbeiter: 1 }), 'noRight', 403);
    expectStatus(await server.call(getAbrechnungPdf, outsider.code, { id: 1 }), 'noRight', 403);
    expectStatus(await server.call(getOrSaveSettings, 'not-a-session'), 'accessError', 401);
  });
});

describe('settings', () => {
  it('loads the defaults, saves wage groups and the federal state', async () => {
    const loaded = await data(await server.call(getOrSaveSettings, admin.code));
    expect(loaded.settings).toEqual({
      lohngruppen: [],
      bundesland: 'NW',
      region: '',
      dataOffline: false,
      datev: { beraternummer: '', mandantennummer: '' },
    });
    const saved = await data(await save(admin.code, { type: 'saveSettings', data: { settings } }));
    expect(saved.settings).toEqual(settings);
  });
  it('refuses an unknown state, duplicate group ids and three decimals', async () => {
    expectInvalid(
      await save(admin.code, { type: 'saveSettings', data: { settings: { ...settings, bundesland: 'XX' } } }),
      'dataToSave.data.settings.bundesland',
      'Bitte ein Bundesland wählen.',
    );
    expectInvalid(
      await save(admin.code, {
        type: 'saveSettings',
        data: { settings: { ...settings, lohngruppen: [settings.lohngruppen[0], settings.lohngruppen[0]] } },
      }),
      'dataToSave.data.settings.lohngruppen.1.id',
      payrollMessages.wageGroupTwice,
    );
    expectInvalid(
      await save(admin.code, {
        type: 'saveSettings',
        data: { settings: { ...settings, lohngruppen: [{ id: 1, name: 'X', wert: 1.234 }] } },
      }),
      'dataToSave.data.settings.lohngruppen.0.wert',
      decimalsMessage('Stundenlohn'),
    );
  });
  it('saves dataOffline as 410 does; a client that does not send it turns it off', async () => {
    const on = await data(
      await save(admin.code, { type: 'saveSettings', data: { settings: { ...settings, dataOffline: true } } }),
    );
    expect(on.settings.dataOffline).toBe(true);
    expect((await data(await server.call(getOrSaveSettings, admin.code))).settings.dataOffline).toBe(true);
    const { dataOffline: _left, ...older } = settings;
    const off = await data(await save(admin.code, { type: 'saveSettings', data: { settings: older } }));
    expect(off.settings.dataOffline).toBe(false);
    expectInvalid(
      await save(admin.code, { type: 'saveSettings', data: { settings: { ...settings, dataOffline: 'ja' } } }),
      'dataToSave.data.settings.dataOffline',
      'Ungültiger Wert.',
    );
  });
  it('keeps a region only for Bavaria', async () => {
    const saved = await data(
      await save(admin.code, { type: 'saveSettings', data: { settings: { ...settings, bundesland: 'SN' } } }),
    );
    expect(saved.settings.region).toBe('');
    await save(admin.code, { type: 'saveSettings', data: { settings } });
  });
});

describe('employees', () => {
  it('creates, changes and lists an employee with exceptions, leave and overtime balance', async () => {
    const id = await newEmployee({ nachname: 'Aalto' });
    const list = await data(await server.call(getOrSaveSettings, admin.code));
    const created = list.mitarbeiter.find((m) => m.id === id)!;
    expect(created).toMatchObject({
      name: 'Aalto, Erika',
      vertrag_stunden: 160,
      urlaubstage: 30,
      lohnabrechnungen: [],
      ueberstundenSaldo: 0,
      urlaub: { anspruch: 30, uebertrag: 0, genommen: 0, rest: 30 },
    });
    expect(created.ausnahmen[0]!.id).toBeGreaterThan(0);
    const changed = await data(
      await save(admin.code, {
        type: 'saveMitarbeiter',
        data: {
          mitarbeiter: employee({ id, nachname: 'Aalto', vorname: 'Eva', vertrag_lohngruppe: 0, festgehalt: 2500.5 }),
        },
      }),
    );
    expect(changed.mitarbeiter.find((m) => m.id === id)).toMatchObject({ vorname: 'Eva', festgehalt: 2500.5 });
  });

  it('keeps wage groups that employees use', async () => {
    await newEmployee({ standard_lohngruppe: 2, vertrag_lohngruppe: 0, ausnahmen: [] });
    const withoutSecond = { ...settings, lohngruppen: [settings.lohngruppen[0]] };
    const refused = await save(admin.code, { type: 'saveSettings', data: { settings: withoutSecond } });
    expectInvalid(refused, 'dataToSave.data.settings.lohngruppen', payrollMessages.wageGroupInUse);
    expect(refused.body.message).toBe(payrollMessages.wageGroupInUse);
    // Adding a group is fine; the settings are unchanged by the refusal.
    const more = { ...settings, lohngruppen: [...settings.lohngruppen, { id: 3, name: 'Neu', wert: 15, lohnart: '' }] };
    expect((await data(await save(admin.code, { type: 'saveSettings', data: { settings: more } }))).settings).toEqual(
      more,
    );
    await data(await save(admin.code, { type: 'saveSettings', data: { settings } }));
  });

  it('refuses bad input with German messages and changes nothing', async () => {
    const before = await data(await server.call(getOrSaveSettings, admin.code));
    const field = (name: string) => `dataToSave.data.mitarbeiter.${name}`;
    const bad = (input: Partial<EmployeeInput> | Record<string, unknown>) =>
      save(admin.code, { type: 'saveMitarbeiter', data: { mitarbeiter: { ...employee(), ...input } } });
    expectInvalid(await bad({ vorname: '' }), field('vorname'), 'Bitte angeben.');
    expectInvalid(await bad({ nachname: '   ' }), field('nachname'), 'Bitte angeben.');
    expectInvalid(await bad({ festgehalt: 100 }), field('festgehalt'), payrollMessages.contractAndFixed);
    expectInvalid(
      await bad({ standard_arbeitsende: '07:00' }),
      field('standard_arbeitsende'),
      payrollMessages.endBeforeStart,
    );
    expectInvalid(
      await bad({ standard_arbeitsbeginn: '8 Uhr' }),
      field('standard_arbeitsbeginn'),
      payrollMessages.time,
    );
    expectInvalid(await bad({ standard_pausen: 600 }), field('standard_pausen'), payrollMessages.pauseTooLong);
    expectInvalid(await bad({ vertrag_lohngruppe: 99 }), field('vertrag_lohngruppe'), payrollMessages.unknownWageGroup);
    const exception = { id: 0, weekday: 1, arbeitsbeginn: '', arbeitsende: '', pausen: 0, lohngruppe: 0 };
    expectInvalid(
      await bad({ ausnahmen: [exception, { ...exception }] }),
      field('ausnahmen.1.weekday'),
      payrollMessages.exceptionWeekdayTwice,
    );
    expectInvalid(
      await bad({ ausnahmen: Array.from({ length: 8 }, (_, i) => ({ ...exception, weekday: i % 7 })) }),
      field('ausnahmen'),
      payrollMessages.tooManyExceptions,
    );
    expectInvalid(await bad({ eintrittsdatum: '2024-02-30' }), field('eintrittsdatum'));
    expectStatus(await bad({ id: 999_999 }), 'notFound', 404);
    expectInvalid(
      await save(admin.code, { type: 'delMitarbeiter', data: { idDelMitarbeiter: 'x' } }),
      'dataToSave.data.idDelMitarbeiter',
    );
    const after = await data(await server.call(getOrSaveSettings, admin.code));
    expect(after.mitarbeiter).toEqual(before.mitarbeiter);
  });
});

describe('payrolls', () => {
  it('prepares the current month for a new employee with days from defaults and exceptions', async () => {
    const id = await newEmployee();
    const now = new Date();
    const reply = await payroll(id);
    expect(reply.abrechnung).toMatchObject({ id: 0, jahr: now.getFullYear(), monat: now.getMonth() + 1 });
    expect(reply.gesperrt).toBe(false);
    expect(reply.abrechnung.tage).toHaveLength(monthDates(now.getFullYear(), now.getMonth() + 1).length);
  });

  it('prefills public holidays of the federal state as Feiertag (December 2026, Bavaria)', async () => {
    const id = await newEmployee();
    const reply = await payroll(id, 2026, 12);
    const day = (n: number) => reply.abrechnung.tage[n - 1]!;
    expect(day(25)).toMatchObject({
      status: 2,
      feiertag: '1. Weihnachtstag',
      zeitVon: '08:00',
      zeitBis: '12:00',
      ausnahme: true,
    });
    expect(day(26)).toMatchObject({ status: 0, feiertag: '2. Weihnachtstag', zeitVon: '' });
    expect(day(1)).toMatchObject({ status: 1, zeitVon: '08:00', zeitBis: '16:30', pausen: 30, idLohngruppe: 1 });
    expect(day(6)).toMatchObject({ status: 0, isWeekend: true, weekday: 0 });
  });

  it('saves with server-computed sums, drops empty special payments and clears status 0 days', async () => {
    const id = await newEmployee({ vertrag_stunden: 100 });
    const input = asInput(await payroll(id, 2026, 3));
    // March 2026: 22 weekdays, 4 of them Fridays (8 h, 4 h on Fridays) → 18 × 8 + 4 × 4 = 160 h.
    input.tage[1] = { ...input.tage[1]!, status: 0 };
    input.tage[2] = { ...input.tage[2]!, status: 3 };
    input.ueberstundenAusgezahlt = [{ idLohngruppe: 1, stunden: 10.5 }];
    input.sonderzahlungen = [
      { text: 'Prämie', wert: 100 },
      { text: '  ', wert: 50 },
    ];
    const reply = await savePayroll(admin.code, input);
    const list = await data(reply);
    const saved = list.mitarbeiter.find((m) => m.id === id)!;
    expect(saved.lohnabrechnungen).toHaveLength(1);
    // 160 h minus the cleared Monday (8 h); the Urlaub day counts.
    expect(saved.lohnabrechnungen[0]).toMatchObject({
      xSummeStunden: 152,
      xSummeUeberstunden: 41.5,
      xSummeUrlaubstage: 1,
    });
    const again = await payroll(id, 2026, 3);
    expect(again.abrechnung.id).toBe(saved.lohnabrechnungen[0]!.id);
    expect(again.abrechnung.sonderzahlungen).toEqual([{ text: 'Prämie', wert: 100 }]);
    expect(again.abrechnung.tage[1]).toMatchObject({ status: 0, zeitVon: '', zeitBis: '', pausen: 0, idLohngruppe: 0 });
    expect(again.abrechnung.uebersichtData.positionen.map((l) => [l.text, l.betrag])).toEqual([
      ['Vertragslohn (Fachkraft)', 2000],
      ['Ausgezahlte Überstunden (Fachkraft)', 210],
      ['Prämie', 100],
    ]);
    expect(again.abrechnung.uebersichtData.brutto).toBe(2310);
    expect(again.urlaub).toMatchObject({ anspruch: 30, genommen: 1, rest: 29 });
    expect(again.ueberstundenSaldo).toBe(41.5);
  });

  it('refuses bad times and wrong days with German messages', async () => {
    const id = await newEmployee();
    const input = asInput(await payroll(id, 2026, 4));
    // Index 1 is Thursday, 2 April 2026 (a working day).
    const key = 'dataToSave.data.abrechnung.tage.1';
    const withDay = (day: Partial<PayrollInput['tage'][number]>) => ({
      ...input,
      tage: input.tage.map((d, i) => (i === 1 ? { ...d, ...day } : d)),
    });
    expectInvalid(
      await savePayroll(admin.code, withDay({ zeitVon: '10:00', zeitBis: '09:00' })),
      `${key}.zeitBis`,
      payrollMessages.endBeforeStart,
    );
    expectInvalid(await savePayroll(admin.code, withDay({ zeitVon: '25:00' })), `${key}.zeitVon`, payrollMessages.time);
    expectInvalid(
      await savePayroll(admin.code, withDay({ pausen: 900 })),
      `${key}.pausen`,
      payrollMessages.pauseTooLong,
    );
    expectInvalid(await savePayroll(admin.code, withDay({ status: 9 as 1 })), `${key}.status`);
    expectInvalid(
      await savePayroll(admin.code, withDay({ idLohngruppe: 42 })),
      `${key}.idLohngruppe`,
      payrollMessages.unknownWageGroup,
    );
    expectInvalid(
      await savePayroll(admin.code, { ...input, tage: input.tage.slice(1) }),
      'dataToSave.data.abrechnung.tage',
      payrollMessages.wrongDays,
    );
    expectInvalid(await savePayroll(admin.code, { ...input, monat: 13 }), 'dataToSave.data.abrechnung.monat');
    expectInvalid(
      await savePayroll(admin.code, { ...input, vertrag_stunden: 1.005 }),
      'dataToSave.data.abrechnung.vertrag_stunden',
      decimalsMessage('Vertragsstunden'),
    );
    expect((await payroll(id)).abrechnung.id).toBe(0);
    expectStatus(await savePayroll(admin.code, { ...input, idMitarbeiter: 999_999 }), 'notFound', 404);
  });

  it('locks a month on the server once a later payroll exists; the default month follows the latest', async () => {
    const id = await newEmployee();
    const may = asInput(await payroll(id, 2026, 5));
    await data(await savePayroll(admin.code, may));
    expect((await payroll(id)).abrechnung).toMatchObject({ jahr: 2026, monat: 6, id: 0 });
    const june = asInput(await payroll(id, 2026, 6));
    const afterJune = await data(await savePayroll(admin.code, june));
    const heads = afterJune.mitarbeiter.find((m) => m.id === id)!.lohnabrechnungen;
    const mayId = heads.find((h) => h.monat === 5)!.id;
    const juneId = heads.find((h) => h.monat === 6)!.id;
    const preview = await payroll(id, 2026, 5);
    expect(preview.gesperrt).toBe(true);
    const locked = await savePayroll(admin.code, asInput(preview));
    expectStatus(locked, 'validationError', 400);
    expect(locked.body.message).toBe(payrollMessages.laterPayrolls);
    // An earlier month without a payroll is locked too.
    expectStatus(await savePayroll(admin.code, asInput(await payroll(id, 2026, 4))), 'validationError', 400);
    // A second payroll of a month that has one is refused.
    expectInvalid(
      await savePayroll(admin.code, { ...june, id: 0 }),
      'dataToSave.data.abrechnung.monat',
      payrollMessages.monthTaken,
    );
    expectStatus(
      await save(admin.code, { type: 'delAbrechnung', data: { idDelAbrechnung: mayId } }),
      'validationError',
      400,
    );
    await data(await save(admin.code, { type: 'delAbrechnung', data: { idDelAbrechnung: juneId } }));
    expect((await payroll(id, 2026, 5)).gesperrt).toBe(false);
    expectStatus(await save(admin.code, { type: 'delAbrechnung', data: { idDelAbrechnung: juneId } }), 'notFound', 404);
  });

  it('answers two simultaneous saves of a new month with one payroll and one German refusal, never a 500', async () => {
    const id = await newEmployee();
    const input = asInput(await payroll(id, 2026, 7));
    const replies = await Promise.all([savePayroll(admin.code, input), savePayroll(admin.code, input)]);
    expect(replies.map((reply) => reply.body.status).sort()).toEqual(['success', 'validationError']);
    const refused = replies.find((reply) => reply.body.status === 'validationError')!;
    expect((refused.body.errors as Record<string, string[]>)['dataToSave.data.abrechnung.monat']).toEqual([
      payrollMessages.monthTaken,
    ]);
  });

  it('refuses a payroll id of another employee', async () => {
    const first = await newEmployee();
    const second = await newEmployee();
    await data(await savePayroll(admin.code, asInput(await payroll(first, 2026, 2))));
    const saved = await payroll(first, 2026, 2);
    expectStatus(await savePayroll(admin.code, { ...asInput(saved), idMitarbeiter: second }), 'notFound', 404);
  });

  it('carries leave into the next year and overtime from month to month', async () => {
    const id = await newEmployee({ urlaubstage: 25 });
    const december = asInput(await payroll(id, 2025, 12));
    december.urlaubAusVorjahr = 2;
    december.tage = december.tage.map((d, i) => (i < 5 && d.status === 1 ? { ...d, status: 3 } : d));
    await data(await savePayroll(admin.code, december));
    const leaveDays = december.tage.filter((d) => d.status === 3).length;
    const january = await payroll(id, 2026, 1);
    expect(january.abrechnung.urlaubAusVorjahr).toBe(25 + 2 - leaveDays);
    const decemberSaved = await payroll(id, 2025, 12);
    expect(january.ueberstundenVortrag).toBe(decemberSaved.ueberstundenSaldo);
  });
});

describe('PDF statement', () => {
  it('is offered at f400-420/abrechnungen/{id}.pdf, named by employee and month, and reads back', async () => {
    const id = await newEmployee({ vorname: 'Jörg', nachname: 'Größe' });
    await data(await savePayroll(admin.code, asInput(await payroll(id, 2026, 12))));
    const saved = await payroll(id, 2026, 12);
    const reply = await server.call(getAbrechnungPdf, admin.code, { id: saved.abrechnung.id });
    expect(reply.body).toMatchObject({
      status: 'success',
      file: `f400-420/abrechnungen/${saved.abrechnung.id}.pdf`,
      name: 'Größe_Jörg_2026_12.pdf',
    });
    const download = await server.app.inject({
      method: 'POST',
      url: platformCalls.download.url,
      payload: { code: admin.code, file: String(reply.body.file) },
    });
    expect(download.statusCode).toBe(200);
    const text = (await pageTexts(new Uint8Array(download.rawPayload))).join('\n');
    // A timesheet with gross pay, not a payslip (§ 108 GewO asks deductions of one): the PDF says so.
    expect(text).toContain('Stundennachweis und Bruttolohn Dezember 2026');
    expect(text).not.toContain('Lohnabrechnung');
    expect(text).toContain('Jörg Größe');
    expect(text).toMatch(/25\.12\.2026 Fr Feiertag 1\. Weihnachtstag 08:00 12:00 4,00/);
    expect(text).toContain('Summe brutto');
    expect(text).toContain(
      `${saved.abrechnung.uebersichtData.brutto.toFixed(2).replace('.', ',')} €`.replace(/\B(?=(\d{3})+(?!\d))/, '.'),
    );
    const denied = await server.post(platformCalls.download.url, {
      code: outsider.code,
      file: String(reply.body.file),
    });
    expect(denied.statusCode).toBe(403);
    expectStatus(await server.call(getAbrechnungPdf, admin.code, { id: 999_999 }), 'notFound', 404);
  });

  it('goes with its employee: deleting the employee removes payrolls and PDFs', async () => {
    const id = await newEmployee();
    await data(await savePayroll(admin.code, asInput(await payroll(id, 2026, 1))));
    const saved = await payroll(id, 2026, 1);
    const pdf = await server.call(getAbrechnungPdf, admin.code, { id: saved.abrechnung.id });
    const list = await data(await save(admin.code, { type: 'delMitarbeiter', data: { idDelMitarbeiter: id } }));
    expect(list.mitarbeiter.some((m) => m.id === id)).toBe(false);
    expectStatus(await server.call(getAbrechnung, admin.code, { idMitarbeiter: id }), 'notFound', 404);
    const gone = await server.post(platformCalls.download.url, { code: admin.code, file: String(pdf.body.file) });
    expect(gone.statusCode).toBe(404);
  });
});

/** Public holidays of 2026 and 2027 beyond the nine nationwide days, per state (Feiertagsgesetze der Länder). */
const national = (easter: string[]) => ['01-01', ...easter, '05-01', '10-03', '12-25', '12-26'];
const easter2026 = ['04-03', '04-06', '05-14', '05-25'];
const easter2027 = ['03-26', '03-29', '05-06', '05-17'];
const corpus = { 2026: '06-04', 2027: '05-27' } as const;
const repentance = { 2026: '11-18', 2027: '11-17' } as const;
const easterSunday = { 2026: ['04-05', '05-24'], 2027: ['03-28', '05-16'] } as const;
function extra(state: string, year: 2026 | 2027): string[] {
  switch (state) {
    case 'BW':
    case 'BY':
      return ['01-06', corpus[year], '11-01'];
    case 'BE':
      return ['03-08'];
    case 'BB':
      return [...easterSunday[year], '10-31'];
    case 'HB':
    case 'HH':
    case 'NI':
    case 'SH':
      return ['10-31'];
    case 'HE':
      return [corpus[year]];
    case 'MV':
      return ['03-08', '10-31'];
    case 'NW':
    case 'RP':
      return [corpus[year], '11-01'];
    case 'SL':
      return [corpus[year], '08-15', '11-01'];
    case 'SN':
      return ['10-31', repentance[year]];
    case 'ST':
      return ['01-06', '10-31'];
    case 'TH':
      return ['09-20', '10-31'];
    default:
      throw new Error(state);
  }
}

describe('public holidays', () => {
  const states = ['BW', 'BY', 'BE', 'BB', 'HB', 'HH', 'HE', 'MV', 'NI', 'NW', 'RP', 'SL', 'SN', 'ST', 'SH', 'TH'];
  for (const year of [2026, 2027] as const) {
    it(`are right for all 16 states in ${year}`, () => {
      for (const state of states) {
        const expected = [...national(year === 2026 ? easter2026 : easter2027), ...extra(state, year)]
          .map((day) => `${year}-${day}`)
          .sort();
        const actual = [...publicHolidays({ bundesland: state as 'BY', region: '' }, year).keys()].sort();
        expect({ state, days: actual }).toEqual({ state, days: expected });
      }
    });
  }
  it('add Bavaria’s regional days: Mariä Himmelfahrt (catholic communities), Friedensfest (Augsburg)', () => {
    const kath = publicHolidays({ bundesland: 'BY', region: 'KATH' }, 2026);
    expect(kath.get('2026-08-15')).toBe('Mariä Himmelfahrt');
    expect(kath.has('2026-08-08')).toBe(false);
    const augsburg = publicHolidays({ bundesland: 'BY', region: 'A' }, 2027);
    expect(augsburg.get('2027-08-08')).toBe('Augsburger Friedensfest');
    expect(augsburg.has('2027-08-15')).toBe(true);
    expect(publicHolidays({ bundesland: 'BY', region: '' }, 2026).has('2026-08-15')).toBe(false);
    expect([...publicHolidays({ bundesland: 'BY', region: '' }, 2026, 12).keys()]).toEqual([
      '2026-12-25',
      '2026-12-26',
    ]);
  });
});

describe('demo organisation', () => {
  it('has three employees with exceptions and the two months before today as payrolls', async () => {
    const { seedPayrollDemo } = await import('../../../src/modules/payroll/demo-seed');
    const today = new Date();
    await seedPayrollDemo(server.database.db, today);
    const loaded = await data(await server.call(getOrSaveSettings, admin.code));
    const seeded = loaded.mitarbeiter.filter((m) => ['Becker', 'Weiß', 'Schulz'].includes(m.nachname));
    expect(seeded).toHaveLength(3);
    // Linked to the staff account 'erzieher' where the demo has it (not in this organisation).
    expect(seeded.map((m) => m.benutzer)).toEqual(['', '', '']);
    const months = [2, 1].map((back) => {
      const date = new Date(today.getFullYear(), today.getMonth() - back, 1);
      return { jahr: date.getFullYear(), monat: date.getMonth() + 1 };
    });
    for (const employee of seeded) {
      expect(employee.ausnahmen.length).toBeGreaterThan(0);
      expect(employee.lohnabrechnungen.map((p) => ({ jahr: p.jahr, monat: p.monat }))).toEqual(months);
      expect(employee.lohnabrechnungen.every((p) => p.xSummeStunden > 0)).toBe(true);
      // The current month is the default of the next payroll and is not locked.
      const next = await payroll(employee.id);
      expect(next.abrechnung).toMatchObject({ id: 0, jahr: today.getFullYear(), monat: today.getMonth() + 1 });
      expect(next.gesperrt).toBe(false);
    }
    // Where the demo organisation is (Saxony, issue 33).
    expect(loaded.settings.bundesland).toBe('SN');
  });
});
