import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATENSCHUTZ_SETTINGS_CODE, PAYROLL_YEARS_MIN, datenschutzMessages } from '@hortus/contract';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { protokollRetentionJob, readDatenschutzSettings } from '../../src/platform/audit/protokoll';
import { writeModuleSettings } from '../../src/platform/settings/module-settings';
import { attendanceRetentionJob } from '../../src/modules/children/retention';
import { feesRetentionJob } from '../../src/modules/fees/holds';
import { payrollRetentionJob } from '../../src/modules/payroll/retention';
import { messagesRetentionJob } from '../../src/modules/messages/privacy';
import { customersRetentionJob } from '../../src/modules/customers/holds';
import { expectStatus, startTestServer, type TestServer } from '../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { getDatenschutz, saveDatenschutz } = userAdminCalls;

describe('Datenschutz settings (retention)', () => {
  it('answers the defaults, saves the retention for the Datenschutz right (x|005|040) only, and the jobs read it', async () => {
    const admin = await server.userWithSession({ rechteSolo: ['x|005|040'] });
    const other = await server.userWithSession({ rechteSolo: ['x|000|000'] });
    const read = await server.call(getDatenschutz, admin.code);
    expectStatus(read, 'success', 200);
    expect(read.body.settings).toEqual({
      protokollMonate: 24,
      anwesenheitMonate: 12,
      ausgetreteneMonate: 12,
      lohnJahre: 10,
    });
    expectStatus(await server.call(getDatenschutz, other.code), 'noRight', 403);

    const wanted = { protokollMonate: 36, anwesenheitMonate: 18, ausgetreteneMonate: 6, lohnJahre: 11 };
    expectStatus(await server.call(saveDatenschutz, other.code, { data: wanted }), 'noRight', 403);
    // Viewing users (x|005|000) is not the Datenschutz right: neither reads nor sets the retention.
    const userViewer = await server.userWithSession({ rechteSolo: ['x|005|000'] });
    expectStatus(await server.call(getDatenschutz, userViewer.code), 'noRight', 403);
    const lowest = { protokollMonate: 1, anwesenheitMonate: 1, ausgetreteneMonate: 1, lohnJahre: 8 };
    expectStatus(await server.call(saveDatenschutz, userViewer.code, { data: lowest }), 'noRight', 403);
    expect(await readDatenschutzSettings(server.database.db)).toMatchObject({ protokollMonate: 24 });
    const saved = await server.call(saveDatenschutz, admin.code, { data: wanted });
    expectStatus(saved, 'success', 200);
    expect(saved.body.settings).toEqual(wanted);
    expect(await readDatenschutzSettings(server.database.db)).toEqual(wanted);
  });

  it('refuses bad retention with a German message on its field and changes nothing', async () => {
    const admin = await server.userWithSession({ rechteSolo: ['x|005|040'] });
    const before = await readDatenschutzSettings(server.database.db);
    const cases = [
      ['anwesenheitMonate', 0, datenschutzMessages.anwesenheitMonate],
      ['ausgetreteneMonate', 2.5, datenschutzMessages.ausgetreteneMonate],
      ['lohnJahre', 31, datenschutzMessages.lohnJahre],
      // Payrolls are accounting vouchers: 8 years by law (§ 147 AO, § 257 HGB), the wage account 6 (§ 41 EStG).
      ['lohnJahre', 1, datenschutzMessages.lohnJahreGesetz],
      ['lohnJahre', 6, datenschutzMessages.lohnJahreGesetz],
      ['lohnJahre', 7, datenschutzMessages.lohnJahreGesetz],
      ['protokollMonate', 'viel', datenschutzMessages.protokollMonate],
    ] as const;
    for (const [field, value, message] of cases) {
      const reply = await server.call(saveDatenschutz, admin.code, { data: { ...before, [field]: value } });
      expectStatus(reply, 'validationError', 400);
      expect((reply.body.errors as Record<string, string[]>)[`data.${field}`]).toEqual([message]);
    }
    expect(await readDatenschutzSettings(server.database.db)).toEqual(before);
  });

  it('saves exactly the legal minimum of payrolls, and a shorter period stored before is read as that minimum', async () => {
    const admin = await server.userWithSession({ rechteSolo: ['x|005|040'] });
    const minimum = { protokollMonate: 1, anwesenheitMonate: 1, ausgetreteneMonate: 1, lohnJahre: PAYROLL_YEARS_MIN };
    expect(PAYROLL_YEARS_MIN).toBe(8);
    expectStatus(await server.call(saveDatenschutz, admin.code, { data: minimum }), 'success', 200);
    expect(await readDatenschutzSettings(server.database.db)).toEqual(minimum);
    // A value written by an older release (or by hand) never lets the payroll job delete younger payrolls.
    await writeModuleSettings(server.database.db, DATENSCHUTZ_SETTINGS_CODE, { ...minimum, lohnJahre: 1 });
    expect((await readDatenschutzSettings(server.database.db)).lohnJahre).toBe(PAYROLL_YEARS_MIN);
    const read = await server.call(getDatenschutz, admin.code);
    expect(read.body.settings).toMatchObject({ lohnJahre: PAYROLL_YEARS_MIN, protokollMonate: 1 });
  });

  it('records each retention job’s last run and answers it with the settings', async () => {
    const admin = await server.userWithSession({ rechteSolo: ['x|005|040'] });
    const before = await server.call(getDatenschutz, admin.code);
    // The platform's job, then each module's retention job (registered with its label).
    expect(before.body.laeufe).toEqual([
      { name: 'protokoll-retention', label: 'Protokoll bereinigen', lauf: null },
      { name: 'children-attendance-retention', label: 'Anwesenheiten bereinigen und anonymisieren', lauf: null },
      { name: 'messages-retention', label: 'Nachrichten löschen', lauf: null },
      { name: 'fees-retention', label: 'Beitragsabrechnungen und Lastschriftdateien löschen', lauf: null },
      { name: 'payroll-retention', label: 'Lohnabrechnungen löschen', lauf: null },
      { name: 'customers-retention', label: 'Gesperrte Belege gelöschter Kunden löschen', lauf: null },
    ]);
    const started = Date.now();
    await protokollRetentionJob.run(server.context);
    await attendanceRetentionJob.run(server.context);
    await messagesRetentionJob.run(server.context);
    await feesRetentionJob.run(server.context);
    await payrollRetentionJob.run(server.context);
    await customersRetentionJob.run(server.context);
    const after = await server.call(getDatenschutz, admin.code);
    expectStatus(after, 'success', 200);
    const laeufe = after.body.laeufe as { name: string; lauf: { zeit: string; ergebnis: string } | null }[];
    expect(laeufe.map((job) => job.lauf?.ergebnis)).toEqual([
      expect.stringMatching(/^\d+ Einträge entfernt$/),
      expect.stringMatching(/^\d+ Anwesenheiten gelöscht, \d+ anonymisiert$/),
      expect.stringMatching(/^\d+ Nachrichten, \d+ leere Unterhaltungen und \d+ Anhänge gelöscht$/),
      expect.stringMatching(/^\d+ Beitragsläufe und \d+ gesperrte Mandate gelöscht$/),
      expect.stringMatching(/^\d+ Lohnabrechnungen gelöscht$/),
      expect.stringMatching(/^\d+ gesperrte Aufträge und \d+ Kontoumsätze gelöscht$/),
    ]);
    for (const job of laeufe) expect(Date.parse(job.lauf?.zeit ?? '')).toBeGreaterThanOrEqual(started - 1000);
  });
});
