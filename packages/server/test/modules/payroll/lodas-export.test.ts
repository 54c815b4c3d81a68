import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { eq } from 'drizzle-orm';
import { platformCalls } from '@hortus/contract';
import { lodasMessages, payrollCalls } from '@hortus/contract/modules/payroll';
import { payrollEmployees } from '../../../src/modules/payroll/schema';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';
import { exportSettings, expectRefused, payrollExportSupport } from './export-support';

let server: TestServer;
let admin: { code: string };
let outsider: { code: string };
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.userWithSession({ rechteSolo: ['x|420|000'] });
  // Another module's user, and one with the payroll module's own root right but not the employees right.
  outsider = await server.userWithSession({ rechteSolo: ['x|410|000', 'x|410|set', 'x|420|set'] });
});
afterAll(() => server.close());

const { getOrSaveSettings, lodasExport } = payrollCalls;
const settings = exportSettings;
const { save, saveSettings, newEmployee, savePayroll, seedExampleMonth, seedGaps, fileOf } = payrollExportSupport(
  () => ({
    server,
    admin,
  }),
);
const exportMonth = (code: string, monat: unknown): Promise<Reply> => server.call(lodasExport, code, { monat });

describe('lodasExport', () => {
  beforeAll(async () => {
    await saveSettings();
    // The shared example month (export-support.ts seedExampleMonth); Özdemir's number is '7' here.
    await seedExampleMonth('7');
  });

  it('writes the month as a LODAS file: header, record description, hours per Lohnart, CRLF, Windows-1252', async () => {
    const reply = await exportMonth(admin.code, '2026-03');
    expect(reply.body).toMatchObject({
      status: 'success',
      name: 'LODAS_Stunden_2026-03.txt',
      hinweise: [
        'Der Name „Özdemir, Şükrü“ steht als „Özdemir, Sükrü“ in der Datei (Windows-1252 kennt nicht alle Zeichen).',
        'Özdemir, Şükrü: Prämie 50,00 € – Beträge stehen nicht in der Datei (sie enthält nur Stunden).',
      ],
    });
    const bytes = await fileOf(reply);
    expect(iconv.decode(bytes, 'win1252')).toBe(
      [
        '[Allgemein]',
        'Ziel=LODAS',
        'Version_SST=1.0',
        'BeraterNr=29098',
        'MandantenNr=10418',
        'Feldtrennzeichen=;',
        'Zahlenkomma=,',
        'Datumsformat=TT/MM/JJJJ',
        'Kommentarzeichen=*',
        '',
        '* Hortus: Stunden je Lohnart 03/2026',
        '',
        '[Satzbeschreibung]',
        '10;u_lod_bwd_buchung_standard;abrechnung_zeitraum#bwd;bs_nr#bwd;bs_wert_butab#bwd;la_eigene#bwd;pnr#bwd;',
        '',
        '[Bewegungsdaten]',
        '* 42 Bäcker, Jörg',
        '10;01/03/2026;1;16,00;1100;42;',
        '10;01/03/2026;1;4,50;1120;42;',
        '* 7 Özdemir, Sükrü',
        '10;01/03/2026;1;2,25;1100;7;',
        '10;01/03/2026;1;80,00;1120;7;',
        '',
      ].join('\r\n'),
    );
    // Umlauts are single Windows-1252 bytes (ä = 0xE4, ö = 0xF6, Ö = 0xD6), not UTF-8 pairs; lines end in CRLF.
    expect(bytes.includes(Buffer.from([0x42, 0xe4, 0x63, 0x6b, 0x65, 0x72]))).toBe(true);
    expect(bytes.includes(Buffer.from([0xd6, 0x7a]))).toBe(true);
    expect(bytes.includes(Buffer.from('Ã', 'latin1'))).toBe(false);
    expect(bytes.toString('latin1').split('\r\n')).toHaveLength(23);
    expect(bytes.toString('latin1').replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    // The file is the caller's: another user of the module cannot fetch it.
    const other = await server.userWithSession({ rechteSolo: ['x|420|000'] });
    const denied = await server.post(platformCalls.download.url, { code: other.code, file: String(reply.body.file) });
    expect(denied.statusCode).not.toBe(200);
  });

  it('refuses callers without x|420|000 and users of other modules', async () => {
    expectStatus(await exportMonth(outsider.code, '2026-03'), 'noRight', 403);
    expectStatus(await exportMonth('not-a-session', '2026-03'), 'accessError', 401);
  });

  it('refuses a bad month with a German message on monat, and a month without payrolls', async () => {
    for (const monat of ['2026-13', '03.2026', '', '1999-12', 202603]) {
      expectRefused(await exportMonth(admin.code, monat), 'monat', lodasMessages.month, false);
    }
    expectRefused(await exportMonth(admin.code, '2026-04'), 'monat', lodasMessages.noPayrolls('April 2026'));
  });

  it('names every missing number at once instead of writing a file with gaps', async () => {
    await saveSettings({
      datev: { beraternummer: '', mandantennummer: '10418' },
      lohngruppen: [settings.lohngruppen[0]!, { ...settings.lohngruppen[1]!, lohnart: '' }],
    });
    const gaps = await seedGaps('042');
    const reply = await exportMonth(admin.code, '2026-03');
    expectRefused(reply, 'settings.datev', lodasMessages.numbersRequired(['die Beraternummer (1001–9999999)']));
    expectRefused(reply, 'personalnummer', lodasMessages.personnelNumbers(['Buchstabe, Paul („P-9“)', 'Ohne, Nina']));
    expectRefused(reply, 'personalnummer', lodasMessages.personnelNumberTwice('42', ['Bäcker, Jörg', 'Doppelt, Dora']));
    expectRefused(reply, 'lohnart', lodasMessages.wageTypes(['Aushilfe']));
    expectRefused(reply, 'lohngruppe', lodasMessages.withoutGroup(['Buchstabe, Paul']));
    expect(reply.body.file).toBeUndefined();
    for (const id of gaps) {
      await save({ type: 'delMitarbeiter', data: { idDelMitarbeiter: id } });
    }
    await saveSettings();
  });

  it('names a name Windows-1252 cannot write instead of writing a question mark', async () => {
    // The name rule keeps such letters out of new input; a name stored before it (or restored) still has them.
    const id = await newEmployee({ vorname: 'Li', nachname: 'Li', personalnummer: '88' });
    await savePayroll(id, { 6: { zeitVon: '08:00', zeitBis: '09:00', pausen: 0, idLohngruppe: 1 } });
    await server.database.db.update(payrollEmployees).set({ nachname: '李' }).where(eq(payrollEmployees.id, id));
    const reply = await exportMonth(admin.code, '2026-03');
    expectRefused(reply, 'name', lodasMessages.notWindows1252('李, Li', ['李']));
    await save({ type: 'delMitarbeiter', data: { idDelMitarbeiter: id } });
    const after = await fileOf(await exportMonth(admin.code, '2026-03'));
    expect(after.includes(0x3f)).toBe(false);
  });

  it('refuses bad numbers in the settings with German messages on their fields', async () => {
    const field = (name: string) => `dataToSave.data.settings.${name}`;
    const bad = async (changes: Partial<typeof settings>, name: string, message: string) => {
      const reply = await server.call(getOrSaveSettings, admin.code, {
        dataToSave: { type: 'saveSettings', data: { settings: { ...settings, ...changes } } },
      });
      expectStatus(reply, 'validationError', 400);
      expect((reply.body.errors as Record<string, string[]>)[field(name)]).toContain(message);
    };
    await bad({ datev: { beraternummer: '1000', mandantennummer: '1' } }, 'datev.beraternummer', lodasMessages.adviser);
    await bad(
      { datev: { beraternummer: '1001', mandantennummer: '100000' } },
      'datev.mandantennummer',
      lodasMessages.client,
    );
    await bad(
      { lohngruppen: [{ ...settings.lohngruppen[0]!, lohnart: '0100' }] },
      'lohngruppen.0.lohnart',
      lodasMessages.wageType,
    );
    await bad(
      { lohngruppen: [{ ...settings.lohngruppen[0]!, lohnart: '10000' }] },
      'lohngruppen.0.lohnart',
      lodasMessages.wageType,
    );
  });
});
