import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultAccessibilityStatement,
  legalPagesData,
  platformCalls,
  privacyPaperKeys,
  privacyPapers,
  type LegalContact,
} from '@hortus/contract';
import { appSettingsCalls } from '@hortus/contract/modules/app-settings';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { readAppSettings, writeAppSettings } from '../../src/platform/settings/app-settings';
import { createGroup } from '../../src/seed/factories';
import { serverModules } from '../../src/server-modules';
import { fetchStored } from '../support/download';
import { expectStatus, startTestServer, type TestServer } from '../support/helper';
import { pageTexts } from '../support/pdf-reader';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { datenschutzPapier, saveDatenschutz } = userAdminCalls;
const settingsCall = appSettingsCalls.getOrSaveSettings;

const officer: LegalContact = {
  name: 'Dr. Erika Muster',
  anschrift: 'Datenschutz GmbH\nHauptstraße 5\n01067 Dresden',
  email: 'dsb@datenschutz.example',
  telefon: '(0351) 123456',
};
const carrier: LegalContact = {
  name: 'Hortverein Regenbogen e. V.',
  anschrift: 'Schulweg 1\n01099 Dresden',
  email: 'verwaltung@hort.example',
  telefon: '0351 98765',
};

/** The text of a paper as the caller downloads it (the call, then download.php). */
async function paperText(code: string, paper: string): Promise<string> {
  const reply = await server.call(datenschutzPapier, code, { data: paper });
  expectStatus(reply, 'success', 200);
  const bytes = await fetchStored(server.app, code, reply.body.file as string);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return (await pageTexts(bytes)).join(' ');
}

async function saveAppSettings(code: string, changes: Record<string, unknown>) {
  const loaded = await server.call(settingsCall, code, { dataToSave: '' });
  const current = loaded.body.settings as Record<string, unknown>;
  return server.call(settingsCall, code, { dataToSave: { type: 'saveSettings', data: { ...current, ...changes } } });
}

describe('compliance papers (datenschutzPapier)', () => {
  it('every paper is a German PDF for the Datenschutz right (x|005|040), named as the contract says', async () => {
    const holder = await server.userWithSession({ rechteSolo: ['x|005|040'] });
    for (const paper of privacyPaperKeys) {
      const reply = await server.call(datenschutzPapier, holder.code, { data: paper });
      expectStatus(reply, 'success', 200);
      expect(reply.body.name).toBe(privacyPapers[paper].datei);
      const text = (await pageTexts(await fetchStored(server.app, holder.code, reply.body.file as string))).join(' ');
      expect(text).toContain(privacyPapers[paper].titel.split(' (')[0]);
    }
  });

  it('is refused without the Datenschutz right, without a session, and for an unknown paper; a paper is its maker’s alone', async () => {
    for (const rights of [['x|005|000'], ['x|005|030'], ['x|001'], ['x|000|000']]) {
      const other = await server.userWithSession({ rechteSolo: rights });
      expectStatus(await server.call(datenschutzPapier, other.code, { data: 'tom' }), 'noRight', 403);
    }
    expectStatus(await server.call(datenschutzPapier, 'x'.repeat(43), { data: 'tom' }), 'accessError', 401);
    const holder = await server.userWithSession({ rechteSolo: ['x|005|040'] });
    for (const data of ['geheim', '', 42]) {
      const bad = await server.call(datenschutzPapier, holder.code, { data });
      expectStatus(bad, 'validationError', 400);
      expect((bad.body.errors as Record<string, string[]>)['data']).toEqual(['Unbekanntes Dokument.']);
    }
    // Another holder cannot fetch the file kept for the first one.
    const made = await server.call(datenschutzPapier, holder.code, { data: 'avv' });
    const second = await server.userWithSession({ rechteSolo: ['x|005|040'] });
    const stolen = await server.app.inject({
      method: 'POST',
      url: platformCalls.download.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code: second.code, file: made.body.file as string }).toString(),
    });
    expect(stolen.statusCode).not.toBe(200);
  });

  it('are made of the real settings: contacts, retention, modules switched on, groups with rights, database', async () => {
    const admin = await server.userWithSession({ rechteSolo: ['x|001', 'x|005|040'] });
    const before = await readAppSettings(server.database.db);
    try {
      expectStatus(
        await saveAppSettings(admin.code, { verantwortlicher: carrier, datenschutzbeauftragter: officer }),
        'success',
        200,
      );
      await createGroup(server.database.db, { name: 'Erzieherteam Nord', rechte: ['x|200|000'], totpRequired: true });
      const data = { protokollMonate: 30, anwesenheitMonate: 17, ausgetreteneMonate: 5, lohnJahre: 12 };
      expectStatus(await server.call(saveDatenschutz, admin.code, { data }), 'success', 200);

      const deletion = await paperText(admin.code, 'loeschkonzept');
      expect(deletion).toContain('17 Monate');
      expect(deletion).toContain('5 Monate');
      expect(deletion).toContain('12 Jahre');
      expect(deletion).toContain('30 Monate');
      expect(deletion).toContain('Anwesenheiten bereinigen und anonymisieren');
      expect(deletion).toContain('noch nicht gelaufen');

      const record = await paperText(admin.code, 'verzeichnis');
      expect(record).toContain('Dr. Erika Muster');
      expect(record).toContain('dsb@datenschutz.example');
      expect(record).toContain('Hortverein Regenbogen e. V.');
      expect(record).toContain('Kinderverwaltung');
      expect(record).toContain('Gesundheitshinweise');
      expect(record).toContain('Erzieherteam Nord');
      expect(record).toContain('Mitarbeiter und Lohnabrechnung');

      const measures = await paperText(admin.code, 'tom');
      expect(measures).toContain('Erzieherteam Nord (2FA)');
      expect(measures).toContain(server.database.kind === 'postgres' ? 'PostgreSQL-Datenbank' : 'PGlite');
      expect(measures).toContain('nach 30 Monaten');

      const notice = await paperText(admin.code, 'hinweise');
      expect(notice).toContain('(0351) 123456');
      expect(notice).toContain('Art. 77 DSGVO');

      const agreement = await paperText(admin.code, 'avv');
      expect(agreement).toContain('Hortverein Regenbogen e. V.');
      expect(agreement).toContain('Art. 28 Abs. 3 DSGVO');

      // A module switched off leaves the papers; the legal periods of what stays do not change.
      const codes = server.context.modules.map((module) => module.code).filter((code) => code !== '420');
      expectStatus(await saveAppSettings(admin.code, { useF: codes }), 'success', 200);
      const without = await paperText(admin.code, 'verzeichnis');
      expect(without).not.toContain('Mitarbeiter und Lohnabrechnung');
      expect(without).toContain('Kinderverwaltung');
    } finally {
      await writeAppSettings(server.database.db, {
        useF: before.useF,
        verantwortlicher: before.verantwortlicher,
        datenschutzbeauftragter: before.datenschutzbeauftragter,
      });
    }
  });

  it('every module that keeps personal data of a person describes its processing', () => {
    for (const module of serverModules) {
      if (module.personalData) expect(module.processing, module.code).toBeDefined();
    }
  });
});

describe('public legal pages (loginScreen with mit=rechtliches)', () => {
  const legalUrl = `${platformCalls.loginScreen.url}&mit=rechtliches`;

  it('the login screen answers as before; asked for, the privacy notice, contacts and the accessibility statement, without a session', async () => {
    const plain = await server.app.inject({ method: 'GET', url: platformCalls.loginScreen.url });
    expect(Object.keys(JSON.parse(plain.body) as object)).toEqual(['status', 'data']);
    const reply = await server.app.inject({ method: 'GET', url: legalUrl });
    expect(reply.statusCode).toBe(200);
    const legal = legalPagesData.parse((JSON.parse(reply.body) as { rechtliches: unknown }).rechtliches);
    expect(legal.barrierefreiheit).toEqual(defaultAccessibilityStatement);
    expect(legal.datenschutzhinweise.map((section) => section.titel)).toContain('Ihre Rechte');
    expect(JSON.stringify(legal)).not.toContain('x|');
  });

  it('shows what the app settings hold, and refuses bad contacts and statements on their fields without saving', async () => {
    const admin = await server.userWithSession({ rechteSolo: ['x|001'] });
    const before = await readAppSettings(server.database.db);
    try {
      const statement = {
        stand: 'vollstaendig',
        einschraenkungen: '',
        kontaktEmail: 'barrieren@hort.example',
        datum: '2026-03-01',
        schlichtungsstelle: 'Schlichtungsstelle nach § 16 BGG',
        schlichtungsstelleUrl: 'https://www.schlichtungsstelle-bgg.de',
      };
      expectStatus(
        await saveAppSettings(admin.code, { datenschutzbeauftragter: officer, barrierefreiheit: statement }),
        'success',
        200,
      );
      const legal = (await server.post(legalUrl)).body.rechtliches as { datenschutzbeauftragter: LegalContact };
      expect(legal).toMatchObject({ datenschutzbeauftragter: officer, barrierefreiheit: statement });
      // A save without the new fields (an older client) keeps them.
      const {
        verantwortlicher: _v,
        datenschutzbeauftragter: _d,
        barrierefreiheit: _b,
        ...older
      } = (await server.call(settingsCall, admin.code, { dataToSave: '' })).body.settings as Record<string, unknown>;
      expectStatus(
        await server.call(settingsCall, admin.code, { dataToSave: { type: 'saveSettings', data: older } }),
        'success',
        200,
      );
      expect((await readAppSettings(server.database.db)).datenschutzbeauftragter).toEqual(officer);

      const stored = await readAppSettings(server.database.db);
      const bad = await saveAppSettings(admin.code, {
        datenschutzbeauftragter: { ...officer, email: 'keine-adresse', telefon: 'ruf an' },
        barrierefreiheit: { ...statement, stand: 'fast', datum: '2026-02-30', schlichtungsstelleUrl: 'javascript:x' },
      });
      expectStatus(bad, 'validationError', 400);
      expect(bad.body.errors).toEqual({
        'dataToSave.data.datenschutzbeauftragter.email': ['Ungültige E-Mail-Adresse'],
        'dataToSave.data.datenschutzbeauftragter.telefon': ['Enthält unerlaubte Zeichen'],
        'dataToSave.data.barrierefreiheit.stand': ['Bitte einen Stand der Vereinbarkeit wählen.'],
        'dataToSave.data.barrierefreiheit.datum': [expect.any(String)],
        'dataToSave.data.barrierefreiheit.schlichtungsstelleUrl': [expect.any(String)],
      });
      expect(await readAppSettings(server.database.db)).toEqual(stored);
    } finally {
      await writeAppSettings(server.database.db, {
        datenschutzbeauftragter: before.datenschutzbeauftragter,
        barrierefreiheit: before.barrierefreiheit,
      });
    }
  });

  it('refuses an unknown part', async () => {
    const reply = await server.post(`${platformCalls.loginScreen.url}&mit=alles`);
    expectStatus(reply, 'validationError', 400);
    expect(reply.body.errors).toEqual({ mit: ['Unbekannter Teil.'] });
  });
});
