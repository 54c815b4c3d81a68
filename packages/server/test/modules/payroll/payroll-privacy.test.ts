import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like } from 'drizzle-orm';
import { platformCalls, toLocal } from '@hortus/contract';
import {
  payrollCalls,
  payrollInputOf,
  payrollMessages,
  type EmployeeInput,
  type GetPayrollReply,
  type PayrollModuleData,
} from '@hortus/contract/modules/payroll';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { files, protokoll, users } from '../../../src/platform/db/schema';
import { applyPayrollRetention, payrollRetentionJob } from '../../../src/modules/payroll/retention';
import { firstKeptYear } from '../../../src/platform/privacy/retention';
import { payrollPayrolls } from '../../../src/modules/payroll/schema';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';
import { readZip } from '../../support/zip-reader';

let server: TestServer;
let admin: { code: string; nn: string };
let privacy: { code: string; nn: string };
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.userWithSession({ rechteSolo: ['x|420|000'] });
  privacy = await server.userWithSession({ rechteSolo: ['x|005|040', 'x|420|000'] });
});
afterAll(() => server.close());

const { getOrSaveSettings, getAbrechnung, getAbrechnungPdf } = payrollCalls;

const employee = (input: Partial<EmployeeInput> = {}): EmployeeInput => ({
  id: 0,
  vorname: 'Erika',
  nachname: 'Muster',
  urlaubstage: 30,
  standard_lohngruppe: 0,
  standard_arbeitsbeginn: '08:00',
  standard_arbeitsende: '16:30',
  standard_pausen: 30,
  vertrag_lohngruppe: 0,
  vertrag_stunden: 100,
  festgehalt: 0,
  ausnahmen: [],
  ...input,
});

function saveEmployee(input: Partial<EmployeeInput>): Promise<Reply> {
  return server.call(getOrSaveSettings, admin.code, {
    dataToSave: { type: 'saveMitarbeiter', data: { mitarbeiter: employee(input) } },
  });
}
async function employees(): Promise<PayrollModuleData['mitarbeiter']> {
  const reply = await server.call(getOrSaveSettings, admin.code);
  expectStatus(reply, 'success', 200);
  return (reply.body.save as PayrollModuleData).mitarbeiter;
}
async function newEmployee(input: Partial<EmployeeInput> = {}): Promise<number> {
  const before = await employees();
  expectStatus(await saveEmployee(input), 'success', 200);
  const added = (await employees()).find((m) => !before.some((b) => b.id === m.id));
  if (!added) throw new Error('employee not added');
  return added.id;
}
async function payroll(idMitarbeiter: number, jahr: number, monat: number): Promise<GetPayrollReply> {
  const reply = await server.call(getAbrechnung, admin.code, { idMitarbeiter, jahr, monat });
  expectStatus(reply, 'success', 200);
  return reply.body as unknown as GetPayrollReply;
}
/** Saves the prepared payroll of the month and answers its id. */
async function savedPayroll(idMitarbeiter: number, jahr: number, monat: number): Promise<number> {
  const abrechnung = payrollInputOf((await payroll(idMitarbeiter, jahr, monat)).abrechnung);
  const reply = await server.call(getOrSaveSettings, admin.code, {
    dataToSave: { type: 'saveAbrechnung', data: { uebersichtData: {}, abrechnung } },
  });
  expectStatus(reply, 'success', 200);
  return (await payroll(idMitarbeiter, jahr, monat)).abrechnung.id;
}
/** Stores the payroll's PDF (the download does) and answers its file path. */
async function storedPdf(id: number): Promise<string> {
  const reply = await server.call(getAbrechnungPdf, admin.code, { id });
  expectStatus(reply, 'success', 200);
  return String(reply.body.file);
}
async function payrollIds(ids: readonly number[]): Promise<number[]> {
  const rows = await server.database.db
    .select({ id: payrollPayrolls.id })
    .from(payrollPayrolls)
    .where(inArray(payrollPayrolls.id, [...ids]));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
async function fileCount(path: string): Promise<number> {
  return (await server.database.db.select({ id: files.id }).from(files).where(eq(files.path, path))).length;
}

describe('payroll retention (Datenschutz lohnJahre)', () => {
  it('counts the years from the end of the payroll’s calendar year', () => {
    // 27.11.2026, 10 years: 2015's payrolls were due up to 31.12.2025 and go, 2016's are kept until 2027.
    expect(firstKeptYear(10, Date.UTC(2026, 10, 27))).toBe(2016);
    // New Year's Eve 23:30 UTC is already 1 January in Berlin.
    expect(firstKeptYear(10, Date.UTC(2026, 11, 31, 23, 30))).toBe(2017);
  });

  it('deletes closed payrolls past the setting with their PDFs, keeps recent ones and the overtime balance, records the run', async () => {
    const id = await newEmployee({ vorname: 'Alt', nachname: 'Lohn' });
    const other = await newEmployee({ vorname: 'Neu', nachname: 'Lohn' });
    const old2014 = await savedPayroll(id, 2014, 11);
    const old2015 = await savedPayroll(id, 2015, 12);
    const kept2016 = await savedPayroll(id, 2016, 1);
    const otherRecent = await savedPayroll(other, 2016, 2);
    const pdf2014 = await storedPdf(old2014);
    const pdf2016 = await storedPdf(kept2016);
    expect(await fileCount(pdf2014)).toBe(1);
    const balance = (await employees()).find((m) => m.id === id)!.ueberstundenSaldo;
    const vortrag = (await payroll(id, 2016, 1)).ueberstundenVortrag;
    expect(balance).not.toBe(0);

    // The setting decides: years such that 2015 is still kept, then such that it goes.
    const year = toLocal(Date.now()).year;
    const save = (lohnJahre: number) =>
      server.call(userAdminCalls.saveDatenschutz, privacy.code, {
        data: { protokollMonate: 24, anwesenheitMonate: 12, ausgetreteneMonate: 12, lohnJahre },
      });
    expectStatus(await save(year - 2015), 'success', 200);
    const started = Date.now();
    expect(await payrollRetentionJob.run(server.context)).toBe(1);
    expect(await payrollIds([old2014, old2015, kept2016, otherRecent])).toEqual([old2015, kept2016, otherRecent]);
    expect(await fileCount(pdf2014)).toBe(0);

    expectStatus(await save(year - 2016), 'success', 200);
    expect(await payrollRetentionJob.run(server.context)).toBe(1);
    expect(await payrollIds([old2015, kept2016, otherRecent])).toEqual([kept2016, otherRecent]);
    expect(await fileCount(pdf2016)).toBe(1);

    // The list no longer names them; the overtime balance and the kept payroll's carry are what they were.
    const after = (await employees()).find((m) => m.id === id)!;
    expect(after.lohnabrechnungen.map((p) => p.id)).toEqual([kept2016]);
    expect(after.ueberstundenSaldo).toBe(balance);
    expect((await payroll(id, 2016, 1)).ueberstundenVortrag).toBe(vortrag);

    // Their history left the Protokoll; one entry without details says they were deleted, by the system.
    const entries = await server.database.db
      .select({ aktion: protokoll.aktion, nutzer: protokoll.nutzerId, details: protokoll.details })
      .from(protokoll)
      .where(and(eq(protokoll.objektTyp, 'Lohnabrechnung'), eq(protokoll.objektId, String(old2014))));
    expect(entries).toEqual([{ aktion: 'gelöscht', nutzer: null, details: [] }]);

    // The Datenschutz page shows the run.
    const overview = await server.call(userAdminCalls.getDatenschutz, privacy.code);
    expectStatus(overview, 'success', 200);
    const run = (overview.body.laeufe as { name: string; lauf: { zeit: string; ergebnis: string } | null }[]).find(
      (job) => job.name === 'payroll-retention',
    );
    expect(run?.lauf?.ergebnis).toBe('1 Lohnabrechnungen gelöscht');
    expect(Date.parse(run?.lauf?.zeit ?? '')).toBeGreaterThanOrEqual(started - 1000);

    // Nothing left to delete: a second run deletes nothing.
    expect(await applyPayrollRetention(server.context, year - 2016)).toBe(0);
  });
});

/** The Datenauskunft ZIP of a user, made and fetched by the privacy officer. */
async function auskunft(userId: number): Promise<Map<string, Buffer>> {
  const made = await server.call(userAdminCalls.datenauskunft, privacy.code, { data: userId });
  expectStatus(made, 'success', 200);
  const response = await server.app.inject({
    method: 'POST',
    url: platformCalls.download.url,
    payload: { code: privacy.code, file: String(made.body.file) },
  });
  expect(response.statusCode).toBe(200);
  return readZip(response.rawPayload);
}

describe('Datenauskunft of an employee', () => {
  it('links an employee to an account by login name and refuses an unknown name on its field', async () => {
    const person = await server.userWithSession({ rechteSolo: [] });
    const bad = await saveEmployee({ vorname: 'Ohne', nachname: 'Konto', benutzer: 'gibt-es-nicht' });
    expectStatus(bad, 'validationError', 400);
    expect((bad.body.errors as Record<string, string[]>)['dataToSave.data.mitarbeiter.benutzer']).toEqual([
      payrollMessages.unknownAccount,
    ]);
    expect((await employees()).some((m) => m.nachname === 'Konto')).toBe(false);
    const id = await newEmployee({ vorname: 'Mit', nachname: 'Konto', benutzer: ` ${person.nn.toUpperCase()} ` });
    const linked = (await employees()).find((m) => m.id === id)!;
    expect(linked.benutzer).toBe(person.nn);
    // Saving without the name unlinks.
    expectStatus(
      await saveEmployee({ id, vorname: 'Mit', nachname: 'Konto', benutzer: '', version: linked.version }),
      'success',
      200,
    );
    expect((await employees()).find((m) => m.id === id)!.benutzer).toBe('');
  });

  it('puts the employee record, their payrolls and PDFs into the ZIP of their account, none of another employee', async () => {
    const person = await server.userWithSession({ rechteSolo: [] });
    const colleague = await server.userWithSession({ rechteSolo: [] });
    const own = await newEmployee({ vorname: 'Clara', nachname: 'Eigen', personalnummer: 'P-1', benutzer: person.nn });
    const foreign = await newEmployee({ vorname: 'Fritz', nachname: 'Fremd', benutzer: colleague.nn });
    const ownPayrolls = [await savedPayroll(own, 2025, 11), await savedPayroll(own, 2025, 12)];
    const foreignPayroll = await savedPayroll(foreign, 2025, 12);
    const ownPdf = await storedPdf(ownPayrolls[1]!);
    await storedPdf(foreignPayroll);

    const zip = await auskunft(person.id);
    const part = JSON.parse(zip.get('lohnabrechnungen.json')!.toString('utf8')) as {
      id: number;
      vorname: string;
      lohnabrechnungen: { id: number; jahr: number; monat: number; employeeId: number }[];
    }[];
    expect(part.map((e) => [e.id, e.vorname])).toEqual([[own, 'Clara']]);
    expect(part[0]!.lohnabrechnungen.map((p) => [p.id, p.jahr, p.monat])).toEqual([
      [ownPayrolls[0], 2025, 11],
      [ownPayrolls[1], 2025, 12],
    ]);
    const pdfs = [...zip.keys()].filter((name) => name.startsWith('dateien/'));
    const [ownFile] = await server.database.db.select({ id: files.id }).from(files).where(eq(files.path, ownPdf));
    expect(pdfs).toEqual([`dateien/${ownFile!.id}-Eigen_Clara_2025_12.pdf`]);
    const everything = [...zip.entries()]
      .filter(([name]) => name.endsWith('.json'))
      .map(([, bytes]) => bytes.toString('utf8'))
      .join('\n');
    expect(everything).not.toContain('Fremd');
    expect(everything).not.toContain(`"id": ${foreignPayroll},`);
    expect(zip.get('auskunft.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');

    // Accounts linked to no employee get no payroll part, and no files: neither the payroll administrator,
    // who made every statement, nor the caller, whose temp area holds the ZIPs made for others.
    expect(
      (await server.database.db.select({ id: files.id }).from(files).where(like(files.path, 'f400-420/%'))).length,
    ).toBeGreaterThan(1);
    const [payrollAdmin, caller] = await Promise.all([
      server.database.db.select({ id: users.id }).from(users).where(eq(users.nn, admin.nn)),
      server.database.db.select({ id: users.id }).from(users).where(eq(users.nn, privacy.nn)),
    ]);
    for (const id of [payrollAdmin[0]!.id, caller[0]!.id]) {
      const plain = await auskunft(id);
      expect(plain.has('lohnabrechnungen.json')).toBe(false);
      expect([...plain.keys()].filter((name) => name.startsWith('dateien/'))).toEqual([]);
    }
  });
});
