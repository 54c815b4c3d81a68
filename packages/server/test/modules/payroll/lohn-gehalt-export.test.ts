import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { eq } from 'drizzle-orm';
import { platformCalls } from '@hortus/contract';
import { lohnGehaltMessages, payrollCalls } from '@hortus/contract/modules/payroll';
import { CallError } from '../../../src/platform/http/calls';
import { windows1252Bytes } from '../../../src/modules/payroll/payroll-export';
import { payrollEmployees } from '../../../src/modules/payroll/schema';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';
import { readZip } from '../../support/zip-reader';
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

const { save, saveSettings, newEmployee, savePayroll, seedExampleMonth, seedGaps, fileOf } = payrollExportSupport(
  () => ({
    server,
    admin,
  }),
);
const exportMonth = (code: string, monat: unknown): Promise<Reply> =>
  server.call(payrollCalls.lohnGehaltExport, code, { monat });

/** The record description, exactly (Windows-1252, CRLF). */
const DESCRIPTION = [
  '; Datensatzbeschreibung für den ASCII-Import von Bewegungsdaten in DATEV Lohn und Gehalt',
  '; Stunden je Mitarbeiter und Lohnart aus Hortus (Modul Lohnabrechnung)',
  '; Kalendertag als TT/MM/JJJJ, leer bei Monatswerten; Stunden mit Dezimalkomma, ohne Tausenderpunkt',
  '[Allgemein]',
  'Feldanzahl = 11',
  'Feldtrennzeichen = Strichpunkt',
  'Satztrennzeichen = Enter/Return',
  'Anderes Trennzeichen =',
  'Zahlenkomma = ,',
  'Datumstrennzeichen = /',
  '[Feldinhalt]',
  'Feld1 = Personalnummer',
  'Feld2 = Kalendertag',
  'Feld3 = Ausfallschlüssel',
  'Feld4 = Lohnartennummer',
  'Feld5 = Stundenanzahl',
  'Feld6 = Tagesanzahl',
  'Feld7 = Wert',
  'Feld8 = Abweichender Faktor',
  'Feld9 = Abweichende Lohnveränderung',
  'Feld10 = Kostenstellennummer',
  'Feld11 = Kostenträger',
  '',
].join('\r\n');

describe('lohnGehaltExport', () => {
  beforeAll(async () => {
    // No adviser or client number: the Lohn und Gehalt layout has no place for them.
    await saveSettings({ datev: { beraternummer: '', mandantennummer: '' } });
    // The shared example month (export-support.ts seedExampleMonth); Özdemir's number is '007' here.
    await seedExampleMonth('007');
  });

  it('writes a ZIP of the movement data (per day where the payroll has days) and the record description', async () => {
    const reply = await exportMonth(admin.code, '2026-03');
    expect(reply.body).toEqual({
      status: 'success',
      file: expect.stringMatching(/^temp\/\d+\/lohn-gehalt-2026-03\.zip$/) as unknown,
      name: 'Lohn_und_Gehalt_Stunden_2026-03.zip',
      hinweise: ['Özdemir, Şükrü: Prämie 50,00 € – Beträge stehen nicht in der Datei (sie enthält nur Stunden).'],
    });
    const entries = readZip(await fileOf(reply));
    expect([...entries.keys()]).toEqual(['Lohn_und_Gehalt_Stunden_2026-03.txt', 'Hortus_Datensatzbeschreibung.ini']);
    const data = entries.get('Lohn_und_Gehalt_Stunden_2026-03.txt')!;
    expect(data.toString('latin1')).toBe(
      [
        '42;02/03/2026;;1100;8,00;;;;;;',
        '42;03/03/2026;;1100;8,00;;;;;;',
        '42;04/03/2026;;1120;4,50;;;;;;',
        '7;;;1100;2,25;;;;;;',
        '7;;;1120;80,00;;;;;;',
        '',
      ].join('\r\n'),
    );
    // The same hours as the LODAS file per employee and Lohnart (16,00 and 4,50 for 42), no names.
    const description = entries.get('Hortus_Datensatzbeschreibung.ini')!;
    expect(iconv.decode(description, 'win1252')).toBe(DESCRIPTION);
    // Umlauts are single Windows-1252 bytes: 'ü' of 'Ausfallschlüssel' is 0xFC, 'ä' of 'Kostenträger' 0xE4.
    expect(description.includes(Buffer.from('Ausfallschl\xfcssel', 'latin1'))).toBe(true);
    expect(description.includes(Buffer.from('Kostentr\xe4ger', 'latin1'))).toBe(true);
    expect(description.includes(Buffer.from('Ã', 'latin1'))).toBe(false);
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
    for (const monat of ['2026-13', '03.2026', '', '1999-12', 202603, null]) {
      expectRefused(await exportMonth(admin.code, monat), 'monat', lohnGehaltMessages.month, false);
    }
    expectRefused(await exportMonth(admin.code, '2026-04'), 'monat', lohnGehaltMessages.noPayrolls('April 2026'));
  });

  it('names every missing personnel number and Lohnart at once instead of writing a file with gaps', async () => {
    await saveSettings({
      datev: { beraternummer: '', mandantennummer: '' },
      lohngruppen: [exportSettings.lohngruppen[0]!, { ...exportSettings.lohngruppen[1]!, lohnart: '' }],
    });
    const gaps = await seedGaps('42');
    const reply = await exportMonth(admin.code, '2026-03');
    expectRefused(
      reply,
      'personalnummer',
      'Für den Export nach DATEV Lohn und Gehalt fehlt eine Personalnummer von 1 bis 99999 bei: Buchstabe, Paul („P-9“); Ohne, Nina. Bitte beim Mitarbeiter eintragen.',
    );
    expectRefused(
      reply,
      'personalnummer',
      lohnGehaltMessages.personnelNumberTwice('42', ['Bäcker, Jörg', 'Doppelt, Dora']),
    );
    expectRefused(
      reply,
      'lohnart',
      'Für den Export nach DATEV Lohn und Gehalt fehlt die DATEV-Lohnart der Lohngruppen „Aushilfe“. Bitte in den Einstellungen eintragen.',
    );
    expectRefused(reply, 'lohngruppe', lohnGehaltMessages.withoutGroup(['Buchstabe, Paul']));
    expect((reply.body.errors as Record<string, unknown>)['settings.datev']).toBeUndefined();
    expect(reply.body.file).toBeUndefined();
    for (const id of gaps) {
      await save({ type: 'delMitarbeiter', data: { idDelMitarbeiter: id } });
    }
    await saveSettings({ datev: { beraternummer: '', mandantennummer: '' } });
  });

  it('writes no names, so a name Windows-1252 cannot write does not stop it; other text is refused by name', async () => {
    const id = await newEmployee({ vorname: 'Li', nachname: 'Li', personalnummer: '88' });
    await savePayroll(id, { 6: { zeitVon: '08:00', zeitBis: '09:00', pausen: 0, idLohngruppe: 1 } });
    await server.database.db.update(payrollEmployees).set({ nachname: '李' }).where(eq(payrollEmployees.id, id));
    const entries = readZip(await fileOf(await exportMonth(admin.code, '2026-03')));
    const data = entries.get('Lohn_und_Gehalt_Stunden_2026-03.txt')!.toString('latin1');
    expect(data).toContain('\r\n88;06/03/2026;;1100;1,00;;;;;;\r\n');
    expect(data).not.toMatch(/[?A-Za-z]/);
    await save({ type: 'delMitarbeiter', data: { idDelMitarbeiter: id } });
    // The file's own text goes through the same guard as LODAS: never a '?' for a character it lacks.
    let refused: unknown;
    try {
      windows1252Bytes('42;Łódź 李', lohnGehaltMessages);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(CallError);
    expect((refused as CallError).errors).toEqual({
      datei: [
        'Für den Export nach DATEV Lohn und Gehalt enthält die Datei Zeichen, die Windows-1252 nicht schreiben kann: „Ł“, „ź“, „李“.',
      ],
    });
  });
});
