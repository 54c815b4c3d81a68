import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { protokollMessages, type ImportReply, type ImportRow } from '@hortus/contract';
import {
  childrenCalls,
  type ChildrenData,
  type ChildrenSave,
  type ClassConditions,
} from '@hortus/contract/modules/children';
import { payrollCalls } from '@hortus/contract/modules/payroll';
import { userAdminCalls, userAdminMessages } from '@hortus/contract/modules/user-admin';
import { protokoll, users } from '../../src/platform/db/schema';
import { createGroup } from '../../src/seed/factories';
import { fetchStored } from '../support/download';
import { postMultipart } from '../support/multipart';
import { readZip } from '../support/zip-reader';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../support/helper';

/**
 * Cross-module features ask the modules (issue 42, docs/architecture.md "Record access"): the Datenauskunft
 * and the Protokoll see only what the caller may see, through each module's access port. Class A is seen by
 * group A, class B by group B; "Geheim" is the child of class B, "Offen" the child of class A. The children
 * import (module 200 itself) answers alike: as if what the importer may not see did not exist.
 */
let server: TestServer;
let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  server = await startTestServer();
  w = await world();
}, 120_000);
afterAll(() => server.close());

const only = (group: number): ClassConditions => ({
  f200: { sehen: { alle: false, gruppen: [group] }, bearbeiten: { alle: false, gruppen: [group] } },
});
const childRights = ['x|200|000|000', 'x|200|000|010'];

async function saved(code: string, dataToSave: ChildrenSave | Record<string, unknown>): Promise<ChildrenData> {
  const reply = await server.call(childrenCalls.getSettings, code, { dataToSave });
  expectStatus(reply, 'success', 200);
  return reply.body.save as ChildrenData;
}

async function world() {
  const db = server.database.db;
  const [gA, gB, gParents] = (await Promise.all([createGroup(db), createGroup(db), createGroup(db)])) as [
    number,
    number,
    number,
  ];
  const setup = await server.userWithSession({
    groupIds: [gA, gB],
    rechteSolo: [...childRights, 'x|200|100', 'x|200|200', 'x|200|set', 'x|420|000'],
  });
  const first = await saved(setup.code, {
    type: 'klassen',
    data: {
      klassen: [
        { id: 0, name: `Sonnen${gA}`, bedingungen: only(gA) },
        { id: 0, name: `Geheimklasse${gB}`, bedingungen: only(gB) },
      ],
    },
  });
  await saved(setup.code, { type: 'settings', data: { ...first.settings, id_nutzergruppe_eltern: gParents } });
  const classA = first.klassen.find((k) => k.name === `Sonnen${gA}`)!.id;
  const classB = first.klassen.find((k) => k.name === `Geheimklasse${gB}`)!.id;
  const child = async (klasse: number, vorname: string, telefon: string, geburtstag = '') => {
    const save = await saved(setup.code, {
      type: 'editKind',
      data: {
        kind: {
          id: 0,
          vorname,
          nachname: `Kind${gA}`,
          id_klasse: klasse,
          betreuungsplatz: '11:30',
          standardentlasszeit: '15:00',
          date_geburtstag: geburtstag,
        },
        telefonnummern: [{ id: 0, name: 'Mutter', nummer: telefon }],
      },
    });
    return save.kinder.find((k) => k.vorname === vorname)!.id;
  };
  const hidden = await child(classB, 'Geheim', '0170 1111111', '2017-03-14');
  const visible = await child(classA, 'Offen', '0170 2222222');
  const diary = (idKind: number, text: string) =>
    server.call(childrenCalls.saveTagebucheintrag, setup.code, { idKind, tag: '2026-11-02', text });
  expectStatus(await diary(hidden, 'Krampfanfall, Notfallmedikament gegeben'), 'success', 200);
  expectStatus(await diary(visible, 'Schön gemalt'), 'success', 200);
  const parent = async (nn: string, kids: number[]) => {
    const save = await saved(setup.code, {
      type: 'editEltern',
      data: { eltern: { id: 0, nn, vorname: 'Eltern', nachname: nn, ids_kinder: kids } },
    });
    return save.eltern.find((p) => p.nn === nn)!.id;
  };
  const parentA = await parent(`elterna${gA}`, [visible]);
  const parentB = await parent(`elternb${gA}`, [hidden]);
  // A staff account linked to an employee with a salary.
  const staff = await server.userWithSession({ rechteSolo: ['x|000|000'] });
  const employee = await server.call(payrollCalls.getOrSaveSettings, setup.code, {
    dataToSave: {
      type: 'saveMitarbeiter',
      data: {
        mitarbeiter: {
          id: 0,
          vorname: 'Gehalt',
          nachname: `Geheim${gA}`,
          benutzer: staff.nn,
          urlaubstage: 30,
          standard_lohngruppe: 0,
          standard_arbeitsbeginn: '08:00',
          standard_arbeitsende: '16:30',
          standard_pausen: 30,
          vertrag_lohngruppe: 0,
          vertrag_stunden: 100,
          festgehalt: 4321,
          ausnahmen: [],
        },
      },
    },
  });
  expectStatus(employee, 'success', 200);
  const plain = await server.userWithSession({ rechteSolo: ['x|000|000'] });
  const [adminRow] = await db.select({ id: users.id }).from(users).where(eq(users.nn, 'admin'));
  const roles = {
    'x|005|000 (Benutzer ansehen)': await server.userWithSession({ rechteSolo: ['x|005|000'] }),
    'x|005|040 (Datenschutz) allein': await server.userWithSession({ rechteSolo: ['x|005|040'] }),
    'Datenschutz + Kinder, Klasse A': await server.userWithSession({
      groupIds: [gA],
      rechteSolo: ['x|005|040', ...childRights],
    }),
    'Datenschutz + Kinder A und B + Mitarbeiter': await server.userWithSession({
      groupIds: [gA, gB],
      rechteSolo: ['x|005|040', ...childRights, 'x|420|000'],
    }),
    Administrator: { id: adminRow!.id, code: await server.login('admin', 'Admin#Passwort1') },
  };
  const importRoles = {
    'Kinder anlegen, Klasse A': await server.userWithSession({ groupIds: [gA], rechteSolo: childRights }),
    'Kinder anlegen, Klassen A und B': await server.userWithSession({ groupIds: [gA, gB], rechteSolo: childRights }),
  };
  const protokollRoles = {
    'Protokoll allein': await server.userWithSession({ rechteSolo: ['x|005|030'] }),
    'Protokoll + Kinder, Klasse A': await server.userWithSession({
      groupIds: [gA],
      rechteSolo: ['x|005|030', ...childRights],
    }),
    'Protokoll + Kinder-Einstellungen': await server.userWithSession({ rechteSolo: ['x|005|030', 'x|200|set'] }),
    'Protokoll + Kinder A und B + Mitarbeiter': await server.userWithSession({
      groupIds: [gA, gB],
      rechteSolo: ['x|005|030', ...childRights, 'x|420|000'],
    }),
  };
  return {
    gA,
    gB,
    classA,
    classB,
    hidden,
    visible,
    parentA,
    parentB,
    staff,
    plain,
    roles,
    protokollRoles,
    importRoles,
  };
}

type Role = keyof typeof w.roles;
type Target = 'ohne Moduldaten' | 'Eltern, Kind in A' | 'Eltern, Kind in B' | 'Mitarbeiter';

describe('Datenauskunft: the right to see the person’s data in every module it includes, or an administrator', () => {
  const table: [Role, Record<Target, boolean>][] = [
    [
      'x|005|000 (Benutzer ansehen)',
      { 'ohne Moduldaten': false, 'Eltern, Kind in A': false, 'Eltern, Kind in B': false, Mitarbeiter: false },
    ],
    [
      'x|005|040 (Datenschutz) allein',
      { 'ohne Moduldaten': true, 'Eltern, Kind in A': false, 'Eltern, Kind in B': false, Mitarbeiter: false },
    ],
    [
      'Datenschutz + Kinder, Klasse A',
      { 'ohne Moduldaten': true, 'Eltern, Kind in A': true, 'Eltern, Kind in B': false, Mitarbeiter: false },
    ],
    [
      'Datenschutz + Kinder A und B + Mitarbeiter',
      { 'ohne Moduldaten': true, 'Eltern, Kind in A': true, 'Eltern, Kind in B': true, Mitarbeiter: true },
    ],
    [
      'Administrator',
      { 'ohne Moduldaten': true, 'Eltern, Kind in A': true, 'Eltern, Kind in B': true, Mitarbeiter: true },
    ],
  ];
  const targetId = (target: Target): number =>
    ({
      'ohne Moduldaten': w.plain.id,
      'Eltern, Kind in A': w.parentA,
      'Eltern, Kind in B': w.parentB,
      Mitarbeiter: w.staff.id,
    })[target];
  const disclosures = async (userId: number) =>
    (
      await server.database.db
        .select()
        .from(protokoll)
        .where(and(eq(protokoll.objektTyp, 'Benutzer'), eq(protokoll.objektId, String(userId))))
        .orderBy(protokoll.id)
    ).filter((row) => row.aktion === protokollMessages.disclosed);

  it.each(table)('%s', async (role, expected) => {
    const caller = w.roles[role];
    for (const [target, allowed] of Object.entries(expected) as [Target, boolean][]) {
      const id = targetId(target);
      const before = (await disclosures(id)).length;
      const reply: Reply = await server.call(userAdminCalls.datenauskunft, caller.code, { data: id });
      if (!allowed) {
        expect({ target, status: reply.body.status }).toEqual({ target, status: 'noRight' });
        expect(reply.statusCode).toBe(403);
        expect(reply.body.file).toBeUndefined();
        if (role !== 'x|005|000 (Benutzer ansehen)') {
          expect(reply.body.message).toBe(userAdminMessages.datenauskunftWithheld);
        }
        expect(await disclosures(id)).toHaveLength(before);
        continue;
      }
      expect({ target, status: reply.body.status }).toEqual({ target, status: 'success' });
      const zip = readZip(await fetchStored(server.app, caller.code, String(reply.body.file)));
      const text = [...zip.entries()]
        .filter(([name]) => name.endsWith('.json'))
        .map(([, bytes]) => bytes.toString('utf8'))
        .join('\n');
      if (target === 'Eltern, Kind in B') expect(text).toContain('Krampfanfall');
      if (target === 'Mitarbeiter') expect(zip.has('lohnabrechnungen.json')).toBe(true);
      // Every Datenauskunft is recorded, an administrator's as such.
      const recorded = await disclosures(id);
      expect(recorded).toHaveLength(before + 1);
      expect(JSON.stringify(recorded.at(-1)?.details)).toContain(
        role === 'Administrator' ? protokollMessages.disclosedByAdministrator : protokollMessages.disclosedSeen,
      );
    }
  });
});

describe('Protokoll: details of records the caller may not see are withheld (list, search, and so the CSV)', () => {
  type Seen = { 'Kind in A': boolean; 'Kind in B': boolean; Mitarbeiter: boolean; 'Klasse B': boolean };
  const table: [keyof typeof w.protokollRoles, Seen][] = [
    ['Protokoll allein', { 'Kind in A': false, 'Kind in B': false, Mitarbeiter: false, 'Klasse B': false }],
    ['Protokoll + Kinder, Klasse A', { 'Kind in A': true, 'Kind in B': false, Mitarbeiter: false, 'Klasse B': false }],
    [
      'Protokoll + Kinder-Einstellungen',
      { 'Kind in A': false, 'Kind in B': false, Mitarbeiter: false, 'Klasse B': true },
    ],
    [
      'Protokoll + Kinder A und B + Mitarbeiter',
      { 'Kind in A': true, 'Kind in B': true, Mitarbeiter: true, 'Klasse B': true },
    ],
  ];
  /** What each record's entries must show when seen (and must not show when withheld). */
  const records = (): Record<keyof Seen, { objekt: string; text: string }> => ({
    'Kind in A': { objekt: `Kind ${w.visible}`, text: 'Schön gemalt' },
    'Kind in B': { objekt: `Kind ${w.hidden}`, text: 'Krampfanfall' },
    Mitarbeiter: { objekt: 'Mitarbeiter', text: `Geheim${w.gA}` },
    'Klasse B': { objekt: `Klasse ${w.classB}`, text: `Geheimklasse` },
  });

  it.each(table)('%s', async (role, seen) => {
    const caller = w.protokollRoles[role];
    for (const [record, visible] of Object.entries(seen) as [keyof Seen, boolean][]) {
      const { objekt, text } = records()[record];
      const reply = await server.call(userAdminCalls.getProtokoll, caller.code, { objekt, proSeite: 1000 });
      expectStatus(reply, 'success', 200);
      const entries = reply.body.eintraege as { details: string; objekt: string }[];
      // The entries stay listed (who changed what when); only their details are withheld.
      expect(entries.length).toBeGreaterThan(0);
      expect({ record, shown: reply.raw.includes(text) }).toEqual({ record, shown: visible });
      if (!visible) {
        expect(entries.every((entry) => entry.details === protokollMessages.withheld)).toBe(true);
        // Phone numbers and salaries of hidden records neither.
        // (Only the entries' details and objects: a random user name like 'nutzer-4321a1ca' may hold the digits.)
        const shownText = JSON.stringify(entries.map((entry) => [entry.objekt, entry.details]));
        expect(shownText).not.toMatch(/0170 1111111|4321/);
      }
      // The text search finds withheld details no more than it shows them.
      const search = await server.call(userAdminCalls.getProtokoll, caller.code, { objekt, suche: text });
      expectStatus(search, 'success', 200);
      expect({ record, found: Number(search.body.anzahl) > 0 }).toEqual({ record, found: visible });
    }
  });
});

describe('children import preview: as if a hidden child did not exist, never naming a hidden class', () => {
  /** The preview of a CSV list (importKinder with probelauf). */
  async function preview(code: string, rows: string[]): Promise<ImportReply> {
    const csv = ['Vorname;Nachname;Klasse;Geburtsdatum', ...rows].join('\r\n');
    const reply = await postMultipart(
      server.app,
      childrenCalls.importKinder.url,
      { code, probelauf: 'true' },
      { filename: 'kinder.csv', bytes: Buffer.from(csv, 'utf8') },
    );
    expect(reply.status).toBe('success');
    return reply.body as unknown as ImportReply;
  }
  const candidates = () => [
    // The hidden child's name, with its birthday and a wrong one, in the importer's own class.
    `Geheim;Kind${w.gA};Sonnen${w.gA};14.03.2017`,
    `Geheim;Kind${w.gA};Sonnen${w.gA};15.03.2017`,
    // The hidden class by its name, and a class that does not exist at all.
    `Neu;Kind${w.gA};Geheimklasse${w.gB};01.01.2018`,
    `Neu;Kind${w.gA};Nirgendwo${w.gB};01.01.2018`,
    // The child the importer sees.
    `Offen;Kind${w.gA};Sonnen${w.gA};`,
  ];
  const table: [keyof typeof w.importRoles, ImportRow['ergebnis'][]][] = [
    ['Kinder anlegen, Klasse A', ['neu', 'neu', 'fehler', 'fehler', 'doppelt']],
    ['Kinder anlegen, Klassen A und B', ['doppelt', 'neu', 'neu', 'fehler', 'doppelt']],
  ];

  it.each(table)('%s', async (role, expected) => {
    const reply = await preview(w.importRoles[role].code, candidates());
    expect(reply.zeilen.map((row) => row.ergebnis)).toEqual(expected);
    if (role === 'Kinder anlegen, Klasse A') {
      // The hidden class answers exactly as a class that does not exist: the typed name, 'gibt es nicht'.
      const [hiddenClass, missingClass] = [4, 5].map((zeile) =>
        reply.fehler.filter((error) => error.zeile === zeile).map((error) => error.meldung),
      );
      expect(hiddenClass).toEqual(missingClass!.map((text) => text.replace(`Nirgendwo${w.gB}`, `Geheimklasse${w.gB}`)));
      expect(JSON.stringify(reply)).not.toContain('dürfen Sie nicht bearbeiten');
    }
  });
});
