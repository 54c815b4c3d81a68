import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIsoDay } from '@hortus/contract';
import {
  hydrantCalls,
  type Hydrant,
  type HydrantData,
  type HydrantInput,
  type Street,
} from '@hortus/contract/modules/hydrants';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';
import { fetchStored as fetchStoredFile } from '../../support/download';
import { pageTexts } from '../../support/pdf-reader';

let server: TestServer;
let editor: { code: string };
let admin: { code: string };
let stranger: { code: string };

/** A local stand-in for Nominatim: the tests never reach the internet. */
let geocoder: http.Server;
const geocoderRequests: { url: string; userAgent: string }[] = [];

beforeAll(async () => {
  geocoder = http.createServer((request, response) => {
    geocoderRequests.push({ url: request.url ?? '', userAgent: String(request.headers['user-agent']) });
    const url = new URL(request.url ?? '/', 'http://localhost');
    response.setHeader('content-type', 'application/json');
    if (url.pathname === '/reverse') {
      const lat = Number(url.searchParams.get('lat'));
      if (lat > 60) return response.end(JSON.stringify({ error: 'Unable to geocode' }));
      const foreign = lat < 0;
      const noNumber = lat > 52 && lat < 60;
      return response.end(
        JSON.stringify({
          address: {
            road: 'Hauptstraße',
            ...(noNumber ? {} : { house_number: '12' }),
            postcode: '01445',
            town: 'Radebeul',
            country_code: foreign ? 'at' : 'de',
          },
        }),
      );
    }
    if (url.pathname === '/search') {
      const q = url.searchParams.get('q') ?? '';
      if (q.includes('Nirgendwo')) return response.end('[]');
      if (q.includes('Kaputt')) {
        response.statusCode = 502;
        return response.end('bad gateway');
      }
      return response.end(JSON.stringify([{ lat: '51.1066', lon: '13.6720', display_name: q }]));
    }
    response.statusCode = 404;
    response.end('{}');
  });
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  process.env.HYDRANT_GEOCODING_URL = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`;

  server = await startTestServer();
  editor = await server.userWithSession({ rechteSolo: ['x|310|000'] });
  admin = await server.userWithSession({ rechteSolo: ['x|310|000', 'x|310|010'] });
  stranger = await server.userWithSession({ rechteSolo: ['x|150'] });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => geocoder.close(resolve));
  process.env.HYDRANT_GEOCODING_URL = 'none';
});

const calls = hydrantCalls;

function expectDenied(reply: Reply): void {
  expectStatus(reply, 'noRight', 403);
}

async function load(code = editor.code): Promise<HydrantData> {
  const reply = await server.call(calls.getHydranten, code);
  expectStatus(reply, 'success');
  return reply.body as unknown as HydrantData;
}

const base: HydrantInput = {
  id: 0,
  coords_lat: 51.1066,
  coords_lon: 13.672,
  id_strasse: 0,
  strasse: 'Hauptstraße',
  plz: '01445',
  ort: 'Radebeul',
  hausnummer: '12a',
  nummer: '4711',
};

async function create(input: Partial<HydrantInput> = {}): Promise<{ hydrant: Hydrant; strasse: Street }> {
  const reply = await server.call(calls.saveHydrant, editor.code, { hydrant: { ...base, ...input } });
  expectStatus(reply, 'success');
  return reply.body as unknown as { hydrant: Hydrant; strasse: Street };
}

describe('getHydranten', () => {
  it('needs a session and 310|000', async () => {
    expectStatus(await server.call(calls.getHydranten, 'x'.repeat(43)), 'accessError');
    expectDenied(await server.call(calls.getHydranten, stranger.code));
  });

  it('answers settings (null before any are saved), hydrants, streets, statuses, defects and the map config', async () => {
    const data = await load();
    expect(data.settings).toBeNull();
    expect(data.statuswerte).toEqual([
      { id: '1', name: 'geprüft' },
      { id: '2', name: 'ungeprüft' },
    ]);
    expect(data.maengel.map((m) => m.schluessel)).toContain('13');
    expect(data.karte).toEqual({ tileUrl: '', attribution: '', geocoding: true });
  });
});

describe('saveHydrant', () => {
  it('creates a hydrant with the defaults and a new street, then reuses the street', async () => {
    const { hydrant, strasse } = await create();
    expect(hydrant).toMatchObject({
      lageSchild: 'Laterne',
      lage: 'Gehweg',
      durchmesser: 100,
      status: '2',
      mangel: [],
      hausnummer: '12a',
    });
    expect(strasse).toMatchObject({ strasse: 'Hauptstraße', plz: '01445', ort: 'Radebeul' });
    expect(hydrant.id_strasse).toBe(strasse.id);
    const second = await create({ hausnummer: '14' });
    expect(second.strasse.id).toBe(strasse.id);
    const data = await load();
    expect(data.hydranten.map((h) => h.id)).toEqual(expect.arrayContaining([hydrant.id, second.hydrant.id]));
    expect(data.strassen.filter((s) => s.strasse === 'Hauptstraße')).toHaveLength(1);
  });

  it('changes an existing hydrant by id and by street id', async () => {
    const { hydrant, strasse } = await create();
    const reply = await server.call(calls.saveHydrant, editor.code, {
      hydrant: { ...base, id: hydrant.id, id_strasse: strasse.id, strasse: '', lage: 'Fahrbahn', coords_lat: '51.2' },
    });
    expectStatus(reply, 'success');
    expect((reply.body.hydrant as Hydrant).lage).toBe('Fahrbahn');
    expect((reply.body.hydrant as Hydrant).coords_lat).toBe(51.2);
  });

  it('refuses bad coordinates, numbers and names with German messages and saves nothing', async () => {
    const before = (await load()).hydranten.length;
    const reply = await server.call(calls.saveHydrant, editor.code, {
      hydrant: { ...base, coords_lat: 95, coords_lon: 'Osten', nummer: 'A-1', plz: '01 445', strasse: 'Haupt<script>' },
    });
    expectStatus(reply, 'validationError', 400);
    expect(reply.body.errors).toMatchObject({
      'hydrant.coords_lat': ['Bitte einen Breitengrad zwischen -90 und 90 angeben.'],
      'hydrant.coords_lon': ['Bitte einen Längengrad zwischen -180 und 180 angeben.'],
      'hydrant.nummer': ['Bitte nur Ziffern angeben.'],
      'hydrant.plz': ['Bitte nur Ziffern angeben.'],
      'hydrant.strasse': ['Enthält unerlaubte Zeichen'],
    });
    const noStreet = await server.call(calls.saveHydrant, editor.code, { hydrant: { ...base, strasse: '' } });
    expectStatus(noStreet, 'validationError', 400);
    expect(noStreet.body.errors).toMatchObject({ 'hydrant.strasse': ['Bitte angeben.'] });
    const badDefect = await server.call(calls.saveHydrant, editor.code, { hydrant: { ...base, mangel: ['99'] } });
    expectStatus(badDefect, 'validationError', 400);
    expect((await load()).hydranten.length).toBe(before);
  });

  it('answers notFound for an unknown hydrant or street and noRight without 310|000', async () => {
    expectStatus(
      await server.call(calls.saveHydrant, editor.code, { hydrant: { ...base, id: 999_999 } }),
      'notFound',
      404,
    );
    const unknownStreet = await server.call(calls.saveHydrant, editor.code, {
      hydrant: { ...base, id_strasse: 999_999 },
    });
    expectStatus(unknownStreet, 'validationError', 400);
    expect(unknownStreet.body.errors).toMatchObject({ 'hydrant.id_strasse': ['Diese Straße gibt es nicht.'] });
    expectDenied(await server.call(calls.saveHydrant, stranger.code, { hydrant: base }));
  });
});

describe('saveHydrantChangeStatus / saveHydrantChangeMangel', () => {
  it('changes the status; checking records the inspection day', async () => {
    const { hydrant } = await create();
    const reply = await server.call(calls.saveHydrantChangeStatus, editor.code, { idHydrant: hydrant.id, status: '1' });
    expectStatus(reply, 'success');
    const changed = reply.body.hydrant as Hydrant;
    expect(changed.status).toBe('1');
    // The inspection day is the Berlin day (between 23:00 and 24:00 UTC it is already the next one).
    expect(changed.letztePruefung).toBe(todayIsoDay());
    expectStatus(
      await server.call(calls.saveHydrantChangeStatus, editor.code, { idHydrant: hydrant.id, status: '7' }),
      'validationError',
      400,
    );
    expectStatus(
      await server.call(calls.saveHydrantChangeStatus, editor.code, { idHydrant: 999_999, status: '1' }),
      'notFound',
      404,
    );
    expectDenied(
      await server.call(calls.saveHydrantChangeStatus, stranger.code, { idHydrant: hydrant.id, status: '1' }),
    );
  });

  it('saves defects sorted and answers neuStatus (checked)', async () => {
    const { hydrant } = await create();
    const reply = await server.call(calls.saveHydrantChangeMangel, editor.code, {
      idHydrant: hydrant.id,
      mangel: ['13', '03', '03'],
    });
    expectStatus(reply, 'success');
    expect(reply.body.neuStatus).toBe('1');
    expect((reply.body.hydrant as Hydrant).mangel).toEqual(['03', '13']);
    const raw = await server.post(calls.saveHydrantChangeMangel.url, {
      code: editor.code,
      idHydrant: String(hydrant.id),
      mangel: '[]',
    });
    expectStatus(raw, 'success');
    expect((raw.body.hydrant as Hydrant).mangel).toEqual([]);
    const bad = await server.call(calls.saveHydrantChangeMangel, editor.code, { idHydrant: hydrant.id, mangel: ['x'] });
    expectStatus(bad, 'validationError', 400);
    expect(bad.body.errors).toMatchObject({ 'mangel.0': ['Unbekannter Mangel.'] });
    expectDenied(
      await server.call(calls.saveHydrantChangeMangel, stranger.code, { idHydrant: hydrant.id, mangel: [] }),
    );
  });
});

describe('delHydrant', () => {
  it('deletes; a second delete and strangers are refused', async () => {
    const { hydrant } = await create();
    expectDenied(await server.call(calls.delHydrant, stranger.code, { idHydrant: hydrant.id }));
    expectStatus(await server.call(calls.delHydrant, editor.code, { idHydrant: hydrant.id }), 'success');
    expect((await load()).hydranten.some((h) => h.id === hydrant.id)).toBe(false);
    expectStatus(await server.call(calls.delHydrant, editor.code, { idHydrant: hydrant.id }), 'notFound', 404);
  });
});

describe('saveSettings / saveHydrantChangeStatusALL (310|010)', () => {
  it('saves start position and zoom; needs 310|010; refuses bad values', async () => {
    const settings = { coords_lat: 51.1, coords_lon: 13.66, zoom: 17.5 };
    expectDenied(await server.call(calls.saveSettings, editor.code, { settings }));
    const reply = await server.call(calls.saveSettings, admin.code, { settings });
    expectStatus(reply, 'success');
    expect((await load()).settings).toEqual({
      startpos_lat: 51.1,
      startpos_lon: 13.66,
      startpos_zoom: 17.5,
      pruefzyklusJahre: 4,
    });
    const bad = await server.call(calls.saveSettings, admin.code, { settings: { ...settings, zoom: 40 } });
    expectStatus(bad, 'validationError', 400);
    expect(bad.body.errors).toMatchObject({ 'settings.zoom': ['Bitte eine Zoomstufe zwischen 1 und 20 angeben.'] });
    const cycle = await server.call(calls.saveSettings, admin.code, { settings: { ...settings, pruefzyklusJahre: 6 } });
    expect((cycle.body.settings as { pruefzyklusJahre: number }).pruefzyklusJahre).toBe(6);
  });

  it('sets every hydrant unchecked and names the status', async () => {
    const { hydrant } = await create();
    await server.call(calls.saveHydrantChangeStatus, editor.code, { idHydrant: hydrant.id, status: '1' });
    expectDenied(await server.call(calls.saveHydrantChangeStatusALL, editor.code, { neuStatus: '2' }));
    const reply = await server.call(calls.saveHydrantChangeStatusALL, admin.code, { neuStatus: '2' });
    expectStatus(reply, 'success');
    expect(reply.body.statuswert).toEqual({ id: '2', name: 'ungeprüft' });
    expect(reply.body.anzahl).toBeGreaterThanOrEqual(1);
    expect((await load()).hydranten.every((h) => h.status === '2')).toBe(true);
  });
});

const fetchStored = (code: string, file: string) => fetchStoredFile(server.app, code, file);

describe('getBericht / exportRegister / importRegister (beyond the specification)', () => {
  it('makes the inspection report with the defective hydrants by street', async () => {
    const { hydrant } = await create({ strasse: 'Berichtsweg', hausnummer: '3', nummer: '8801' });
    await server.call(calls.saveHydrantChangeMangel, editor.code, { idHydrant: hydrant.id, mangel: ['06', '01'] });
    expectDenied(await server.call(calls.getBericht, stranger.code));
    const reply = await server.call(calls.getBericht, editor.code);
    expectStatus(reply, 'success');
    expect(reply.body.name).toMatch(/^Hydranten-Pruefbericht-\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = (await pageTexts(await fetchStored(editor.code, String(reply.body.file)))).join('\n');
    expect(text).toContain('Hydranten-Prüfbericht');
    expect(text).toContain('Berichtsweg, 01445 Radebeul');
    expect(text).toContain('! 8801');
    expect(text).toContain('06 Hydrant undicht');
  });

  it('exports CSV and GeoJSON that import again (as duplicates)', async () => {
    await create({ nummer: '8802', coords_lat: 51.2, coords_lon: 13.7 });
    const csvReply = await server.call(calls.exportRegister, editor.code, { format: 'csv' });
    expectStatus(csvReply, 'success');
    const csv = (await fetchStored(editor.code, String(csvReply.body.file))).toString('utf8');
    expect(csv.startsWith('\uFEFF"nummer";"strasse";"hausnummer"')).toBe(true);
    expect(csv).toContain('"8802"');
    const geoReply = await server.call(calls.exportRegister, editor.code, { format: 'geojson' });
    const geo = JSON.parse((await fetchStored(editor.code, String(geoReply.body.file))).toString('utf8')) as {
      features: { properties: { nummer: string }; geometry: { coordinates: number[] } }[];
    };
    expect(geo.features.find((f) => f.properties.nummer === '8802')?.geometry.coordinates).toEqual([13.7, 51.2]);
    const count = (await load()).hydranten.length;
    const again = await server.call(calls.importRegister, admin.code, { format: 'csv', inhalt: csv });
    expectStatus(again, 'success');
    expect(again.body.angelegt).toBe(0);
    expect((again.body.duplikate as string[]).length).toBe(count);
    expectStatus(await server.call(calls.exportRegister, editor.code, { format: 'xml' }), 'validationError', 400);
  });

  it('imports new hydrants, skips duplicates by number and position, needs 310|010', async () => {
    const csv = [
      'nummer;strasse;hausnummer;plz;ort;breitengrad;laengengrad;maengel',
      '9901;Importweg;1;01445;Radebeul;51,3001;13,8001;3',
      '9902;Importweg;2;01445;Radebeul;51,3002;13,8002;',
      '9901;Importweg;3;01445;Radebeul;51,3003;13,8003;',
      ';Importweg;4;01445;Radebeul;51,30020;13,80020;',
    ].join('\n');
    expectDenied(await server.call(calls.importRegister, editor.code, { format: 'csv', inhalt: csv }));
    const reply = await server.call(calls.importRegister, admin.code, { format: 'csv', inhalt: csv });
    expectStatus(reply, 'success');
    expect(reply.body).toMatchObject({
      angelegt: 2,
      duplikate: ['Zeile 4: Die Nummer 9901 gibt es schon.', 'Zeile 5: An dieser Position steht schon ein Hydrant.'],
    });
    const data = await load();
    const imported = data.hydranten.find((h) => h.nummer === '9901');
    expect(imported?.mangel).toEqual(['03']);
    expect(data.strassen.filter((s) => s.strasse === 'Importweg')).toHaveLength(1);
  });

  it('refuses a file with bad rows as a whole, naming the lines', async () => {
    const before = (await load()).hydranten.length;
    const csv = [
      'nummer;strasse;breitengrad;laengengrad;status',
      '9911;Fehlerweg;51,4;13,9;1',
      '99x;Fehlerweg;51,41;13,91;1',
      '9913;Fehlerweg;91;13,92;3',
    ].join('\n');
    const reply = await server.call(calls.importRegister, admin.code, { format: 'csv', inhalt: csv });
    expectStatus(reply, 'validationError', 400);
    expect((reply.body.errors as Record<string, string[]>)['inhalt']).toEqual([
      'Zeile 3: nummer: Bitte nur Ziffern angeben.',
      'Zeile 4: breitengrad: Bitte einen Breitengrad zwischen -90 und 90 angeben.',
      'Zeile 4: status: Ungültiger Status.',
    ]);
    const geo = await server.call(calls.importRegister, admin.code, { format: 'geojson', inhalt: '{"type":"x"}' });
    expectStatus(geo, 'validationError', 400);
    expect((await load()).hydranten.length).toBe(before);
  });

  it('refuses a postcode that is not five digits (01445 after a spreadsheet: 1445), creating no street', async () => {
    const before = await load();
    const csv = [
      'nummer;strasse;hausnummer;plz;ort;breitengrad;laengengrad',
      '9921;Nullweg;1;01445;Radebeul;51,5001;13,5001',
      '9922;Nullweg;2;1445;Radebeul;51,5002;13,5002',
    ].join('\n');
    const reply = await server.call(calls.importRegister, admin.code, { format: 'csv', inhalt: csv });
    expectStatus(reply, 'validationError', 400);
    expect((reply.body.errors as Record<string, string[]>)['inhalt']).toEqual([
      'Zeile 3: plz: Die Postleitzahl muss aus fünf Ziffern bestehen.',
    ]);
    const edit = await server.call(calls.saveHydrant, editor.code, {
      hydrant: { ...base, strasse: 'Nullweg', plz: '1445' },
    });
    expectStatus(edit, 'validationError', 400);
    expect(edit.body.errors).toMatchObject({ 'hydrant.plz': ['Die Postleitzahl muss aus fünf Ziffern bestehen.'] });
    const after = await load();
    expect(after.hydranten.length).toBe(before.hydranten.length);
    expect(after.strassen).toEqual(before.strassen);
  });
});

describe('geocoding proxy (local stand-in for Nominatim)', () => {
  it('finds the address of coordinates with an identifying User-Agent', async () => {
    const reply = await server.call(calls.reverseGeocode, editor.code, { lat: 51.1066, lon: 13.672 });
    expectStatus(reply, 'success');
    expect(reply.body.adresse).toEqual({ strasse: 'Hauptstraße', hausnummer: '12', plz: '01445', ort: 'Radebeul' });
    expect(geocoderRequests.at(-1)?.userAgent).toMatch(/^Hortus-Hydrantenpflege\//);
  });

  it('answers from its cache for the same coordinates', async () => {
    const before = geocoderRequests.length;
    expectStatus(await server.call(calls.reverseGeocode, editor.code, { lat: 51.1066, lon: 13.672 }), 'success');
    expect(geocoderRequests.length).toBe(before);
  });

  it('needs a house number and country de', async () => {
    const abroad = await server.call(calls.reverseGeocode, editor.code, { lat: -10, lon: 13 });
    expectStatus(abroad, 'notFound', 404);
    expect(abroad.body.message).toBe('Es konnte keine Adresse aus den Koordinaten ermittelt werden.');
    const noNumber = await server.call(calls.reverseGeocode, editor.code, { lat: 53, lon: 13 });
    expect(noNumber.body.message).toBe('Es konnte keine Adresse aus den Koordinaten ermittelt werden.');
  });

  it('keeps to one request per second', async () => {
    const start = Date.now();
    const before = geocoderRequests.length;
    await server.call(calls.searchAddress, editor.code, { q: 'Bahnhofstraße 1 Radebeul' });
    await server.call(calls.searchAddress, editor.code, { q: 'Bahnhofstraße 2 Radebeul' });
    expect(geocoderRequests.length).toBe(before + 2);
    expect(Date.now() - start).toBeGreaterThanOrEqual(900);
  });

  it('finds coordinates of an address; nothing found and a broken service read German', async () => {
    const found = await server.call(calls.searchAddress, editor.code, { q: 'Hauptstraße 12, Radebeul' });
    expectStatus(found, 'success');
    expect(found.body).toMatchObject({ lat: 51.1066, lon: 13.672 });
    const none = await server.call(calls.searchAddress, editor.code, { q: 'Nirgendwo 1' });
    expect(none.body.message).toBe('Es konnten keine Koordinaten aus der Adresse ermittelt werden.');
    const broken = await server.call(calls.searchAddress, editor.code, { q: 'Kaputt 1' });
    expect(broken.body.message).toBe('Es konnte keine Adresse ermittelt werden. Bitte Netzwerkverbindung prüfen.');
    expectStatus(await server.call(calls.searchAddress, editor.code, { q: '' }), 'validationError', 400);
    expectDenied(await server.call(calls.searchAddress, stranger.code, { q: 'Hauptstraße' }));
    expectDenied(await server.call(calls.reverseGeocode, stranger.code, { lat: 51, lon: 13 }));
  });
});

describe('demo organisation', () => {
  // The demo seed is set-up work: it runs under the hook time limit, not the test's.
  let demo: TestServer;
  beforeAll(async () => {
    demo = await startTestServer({ seed: 'demo' });
  });
  afterAll(async () => {
    await demo?.close();
  });

  it('holds about 300 hydrants in Radebeul with statuses and some defects', async () => {
    const code = await demo.login('leitung', 'Leitung#2026');
    const reply = await demo.call(calls.getHydranten, code);
    expectStatus(reply, 'success');
    const data = reply.body as unknown as HydrantData;
    expect(data.hydranten.length).toBeGreaterThanOrEqual(250);
    expect(data.hydranten.length).toBeLessThanOrEqual(350);
    expect(data.strassen.every((s) => s.ort === 'Radebeul' && s.plz === '01445')).toBe(true);
    expect(data.hydranten.some((h) => h.mangel.length > 0)).toBe(true);
    expect(new Set(data.hydranten.map((h) => h.status))).toEqual(new Set(['1', '2']));
    expect(data.settings?.startpos_zoom).toBe(16);
  });
});
