import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emptyFacility,
  exampleFacility,
  facilityMessages,
  platformCalls,
  tooLongMessage,
  type Facility,
} from '@hortus/contract';
import { appSettingsCalls, type AppSettingsReply } from '@hortus/contract/modules/app-settings';
import { customerCalls, type CustomerSettings, type OrderDocumentView } from '@hortus/contract/modules/customers';
import { parentReportsCalls, type ParentReportsData } from '@hortus/contract/modules/parent-reports';
import { readAppSettings, writeAppSettings } from '../../../src/platform/settings/app-settings';
import { defaultCustomerSettings } from '../../../src/modules/customers/settings';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';
import { customerCallsOf } from '../../support/customer-calls';
import { pageTexts } from '../../support/pdf-reader';

/** Issue 47: one facility (app settings, /001) for the login screen, 210's 'Kontakt' tab and 410's invoices. */

let server: TestServer;
let admin: { code: string };
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.userWithSession({ rechteSolo: ['x|001'] });
});
afterAll(() => server.close());

const facility = exampleFacility;

async function load001(): Promise<AppSettingsReply> {
  const reply = await server.call(appSettingsCalls.getOrSaveSettings, admin.code, { dataToSave: '' });
  expectStatus(reply, 'success', 200);
  return reply.body as unknown as AppSettingsReply;
}
function save001(data: unknown): Promise<Reply> {
  return server.call(appSettingsCalls.getOrSaveSettings, admin.code, { dataToSave: { type: 'saveSettings', data } });
}
async function loginScreen() {
  const reply = await server.app.inject({ method: 'GET', url: platformCalls.loginScreen.url });
  return JSON.parse(reply.body) as { data: { einrichtung?: Facility; loginscreen_infos: unknown[] } };
}

describe('001: the facility (einrichtung)', () => {
  it('loads an empty facility, saves it, and keeps it on a save without it', async () => {
    expect((await load001()).settings.einrichtung).toEqual(emptyFacility);
    const { settings } = await load001();
    expectStatus(await save001({ ...settings, einrichtung: facility }), 'success', 200);
    expect((await load001()).settings.einrichtung).toEqual(facility);
    // The specification's client sends no facility: the stored one stays.
    const { einrichtung: _kept, ...withoutFacility } = (await load001()).settings;
    expectStatus(await save001({ ...withoutFacility, app_untertitel: 'Ohne Einrichtung gespeichert' }), 'success');
    const after = await load001();
    expect(after.settings.einrichtung).toEqual(facility);
    expect(after.settings.app_untertitel).toBe('Ohne Einrichtung gespeichert');
  });

  it('refuses a bad value on each field with its German message, changing nothing', async () => {
    const { settings } = await load001();
    const before = await readAppSettings(server.database.db);
    const bad: [keyof Facility, string, string][] = [
      ['name', 'Hort <b>', 'Enthält unerlaubte Zeichen'],
      ['name', 'x'.repeat(201), tooLongMessage(200)],
      ['strasse', 'Linden{weg}', 'Enthält unerlaubte Zeichen'],
      ['hausnummer', '1'.repeat(21), tooLongMessage(20)],
      ['plz', '1099', facilityMessages.plz],
      ['plz', 'D-01099', facilityMessages.plz],
      ['ort', 'x'.repeat(101), tooLongMessage(100)],
      ['telefon', '0351 12345 Büro', 'Enthält unerlaubte Zeichen'],
      ['email', 'buero@', 'Ungültige E-Mail-Adresse'],
      ['oeffnungszeiten', 'x'.repeat(2001), tooLongMessage(2000)],
    ];
    for (const [field, value, message] of bad) {
      const reply = await save001({
        ...settings,
        app_untertitel: 'geändert',
        einrichtung: { ...facility, [field]: value },
      });
      expectStatus(reply, 'validationError', 400);
      expect(reply.body.errors, `${field}: ${value}`).toEqual({ [`dataToSave.data.einrichtung.${field}`]: [message] });
    }
    const missing = await save001({ ...settings, einrichtung: { ...facility, plz: undefined } });
    expect(missing.body.errors).toEqual({ 'dataToSave.data.einrichtung.plz': ['Bitte angeben.'] });
    expect(await readAppSettings(server.database.db)).toEqual(before);
  });

  it('the login screen answers the facility only when something is filled in', async () => {
    await writeAppSettings(server.database.db, { einrichtung: emptyFacility });
    expect((await loginScreen()).data.einrichtung).toBeUndefined();
    await writeAppSettings(server.database.db, { einrichtung: facility });
    expect((await loginScreen()).data.einrichtung).toEqual(facility);
  });
});

describe("210: the 'Kontakt' tab answers the facility", () => {
  it("loads name, address, phone, e-mail and opening hours from the facility and ignores a save's", async () => {
    await writeAppSettings(server.database.db, { einrichtung: facility });
    const manager = await server.userWithSession({ rechteSolo: ['x|210|set'] });
    const load = async () => {
      const reply = await server.call(parentReportsCalls.getSettings, manager.code);
      expectStatus(reply, 'success', 200);
      return (reply.body.save as ParentReportsData).settings;
    };
    const expected = {
      kontakt_name: 'Hort Sonnenschein',
      kontakt_adresse: 'Lindenweg 12\n01099 Dresden',
      kontakt_telefon: '0351 123456',
      kontakt_email: 'buero@hort-sonnenschein.example',
      kontakt_oeffnungszeiten: facility.oeffnungszeiten,
    };
    const current = await load();
    expect(current).toMatchObject(expected);
    const saved = await server.call(parentReportsCalls.getSettings, manager.code, {
      dataToSave: {
        type: 'settings',
        data: {
          ...current,
          kontakt_name: 'Ignoriert',
          kontakt_oeffnungszeiten: 'Ignoriert',
          kontakt_gruppen: [{ bezeichnung: 'Hortleitung', email: 'leitung@hort.example' }],
        },
      },
    });
    expectStatus(saved, 'success', 200);
    const after = await load();
    expect(after).toMatchObject(expected);
    expect(after.kontakt_gruppen).toEqual([{ bezeichnung: 'Hortleitung', email: 'leitung@hort.example' }]);
    // A change in /001 shows at once.
    await writeAppSettings(server.database.db, { einrichtung: { ...facility, oeffnungszeiten: 'Mo–Fr 12–18 Uhr' } });
    expect((await load()).kontakt_oeffnungszeiten).toBe('Mo–Fr 12–18 Uhr');
    await writeAppSettings(server.database.db, { einrichtung: facility });
  });
});

describe('410: the invoice sender', () => {
  const { save, addCustomer, addOrder, data } = customerCallsOf(() => server);
  const firmWithout = (change: Partial<CustomerSettings['firma']> = {}): CustomerSettings => ({
    ...defaultCustomerSettings,
    firma: {
      ...defaultCustomerSettings.firma,
      name: 'Hort Sonnenschein gGmbH',
      iban: 'DE02120300000000202051',
      ustId: 'DE123456789',
      ...change,
    },
  });
  const download = (code: string, file: string) =>
    server.app.inject({
      method: 'POST',
      url: platformCalls.download.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code, file }).toString(),
    });
  const values = (xml: string, tag: string) =>
    [...xml.matchAll(new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]);

  it("takes address, phone and e-mail from the facility where 410's are empty; 410's own values win", async () => {
    await writeAppSettings(server.database.db, { einrichtung: facility });
    const staff = await server.userWithSession({ rechteSolo: ['x|410|000', 'x|410|set'] });
    expectStatus(await save(staff.code, { type: 'saveSettings', data: firmWithout() }), 'success');
    const loaded = await data(staff.code);
    // The settings keep 410's own (empty) fields; the facility comes along for the placeholders.
    expect(loaded.settings.firma.strasse).toBe('');
    expect(loaded.einrichtung).toEqual(facility);
    // A customer with a Leitweg-ID needs an XRechnung, which needs the seller's address, phone and e-mail.
    const order = await addOrder(staff.code, await addCustomer(staff.code, { leitwegId: '991-12345-73' }), [
      { titel: 'Beratung', anzahl: '1', wert: '100,00', mwst: '19' },
    ]);
    const invoice = async () => {
      const reply = await server.call(customerCalls.dokument, staff.code, {
        dokument: { id_auftrag: order, dokumentart: 1, datum: `${new Date().getFullYear()}-03-15` },
      });
      expectStatus(reply, 'success');
      const doc = reply.body.neuDokument as OrderDocumentView;
      const xml = (await download(staff.code, doc.pfadXml)).body;
      const pdf = (await pageTexts((await download(staff.code, doc.pfad)).rawPayload)).join('\n');
      const seller = /<ram:SellerTradeParty>(.*?)<\/ram:SellerTradeParty>/s.exec(xml)?.[1] ?? '';
      return { seller, pdf };
    };
    const fromFacility = await invoice();
    expect(values(fromFacility.seller, 'ram:Name')[0]).toBe('Hort Sonnenschein gGmbH');
    expect(values(fromFacility.seller, 'ram:PostcodeCode')).toEqual(['01099']);
    expect(values(fromFacility.seller, 'ram:LineOne')).toEqual(['Lindenweg 12']);
    expect(values(fromFacility.seller, 'ram:CompleteNumber')).toEqual(['0351 123456']);
    expect(fromFacility.seller).toContain('buero@hort-sonnenschein.example');
    expect(fromFacility.pdf).toContain('Lindenweg 12');
    expect(fromFacility.pdf).toContain('01099 Dresden');

    const own = { strasse: 'Marktplatz', hausnummer: '1', plz: '01067', ort: 'Dresden', mail: 'rechnung@hort.example' };
    expectStatus(await save(staff.code, { type: 'saveSettings', data: firmWithout(own) }), 'success');
    const fromOwn = await invoice();
    expect(values(fromOwn.seller, 'ram:LineOne')).toEqual(['Marktplatz 1']);
    expect(values(fromOwn.seller, 'ram:PostcodeCode')).toEqual(['01067']);
    expect(fromOwn.seller).toContain('rechnung@hort.example');
    expect(fromOwn.seller).not.toContain('buero@hort-sonnenschein.example');
    // The phone stays the facility's while 410's is empty.
    expect(values(fromOwn.seller, 'ram:CompleteNumber')).toEqual(['0351 123456']);
    expect(fromOwn.pdf).toContain('Marktplatz 1');
    expect(fromOwn.pdf).not.toContain('Lindenweg 12');
  });
});
