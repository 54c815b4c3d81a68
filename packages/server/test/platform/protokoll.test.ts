import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, gt, sql } from 'drizzle-orm';
import {
  PROTOKOLL_LOGIN_MODULE,
  platformCalls,
  protokollCsv,
  type AdminUser,
  type GetProtokollReply,
} from '@hortus/contract';
import { childHistoryCalls, childrenCalls, type ChildrenData } from '@hortus/contract/modules/children';
import { customerCalls } from '@hortus/contract/modules/customers';
import { payrollCalls } from '@hortus/contract/modules/payroll';
import { userAdminCalls, userAdminRights } from '@hortus/contract/modules/user-admin';
import { protokoll, users } from '../../src/platform/db/schema';
import { queryRows } from '../../src/platform/db/raw';
import { removeExpiredProtokoll } from '../../src/platform/audit/protokoll';
import { createGroup, uniqueSuffix } from '../../src/seed/factories';
import { readZip } from '../support/zip-reader';
import { postMultipart } from '../support/multipart';
import { fetchStored } from '../support/download';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../support/helper';

let server: TestServer;
let admin: { id: number; code: string };
beforeAll(async () => {
  server = await startTestServer();
  const code = await server.login('admin', 'Admin#Passwort1');
  const [row] = await server.context.db.select({ id: users.id }).from(users).where(eq(users.nn, 'admin'));
  admin = { id: row!.id, code };
  group = await createGroup(server.context.db);
});
afterAll(() => server.close());

type Row = typeof protokoll.$inferSelect;

async function lastId(): Promise<number> {
  const [row] = await queryRows<{ id: number | string | null }>(
    server.context.db,
    sql`select max(id) as id from protokoll`,
  );
  return Number(row?.id ?? 0);
}

/** The entries written since `after` (logins aside unless asked). */
async function entriesAfter(after: number, logins = false): Promise<Row[]> {
  const rows = await server.context.db.select().from(protokoll).where(gt(protokoll.id, after)).orderBy(protokoll.id);
  return rows.filter((row) => logins || row.modul !== PROTOKOLL_LOGIN_MODULE);
}

function newUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 0,
    nn: `p-${uniqueSuffix()}`,
    ident: '',
    gruppen: [],
    nutzerparameter: [],
    nutzerparameterwerte: {},
    nutzerparameterwerteSelectoptionIDs: {},
    rechteSolo: [],
    rootPW: true,
    show: true,
    ...overrides,
  };
}

let group = 0;
function someGroup(): Promise<number> {
  return Promise.resolve(group);
}

describe('Protokoll: changes are recorded by the database in the writing transaction', () => {
  it('a new user leaves one entry with the acting user, the fields and never the password', async () => {
    const before = await lastId();
    const reply = await server.call(userAdminCalls.saveNutzer, admin.code, {
      data: newUser({ nn: 'erika.muster', gruppen: [await someGroup()] }),
      neuPW: '1',
    });
    expectStatus(reply, 'success');
    const entries = await entriesAfter(before);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ modul: '005', aktion: 'angelegt', objektTyp: 'Benutzer', nutzerId: admin.id });
    expect(entry!.objektId).toBe(String(reply.body.addedUserID));
    const text = JSON.stringify(entry!.details);
    expect(text).toContain('erika.muster');
    expect(text).toContain('user_groups');
    expect(text).not.toMatch(/password|passwort|hash/i);
    expect(text).not.toContain(String(reply.body.addedUserPW));
  });

  it('a changed field shows old → new; a save that changes nothing leaves nothing', async () => {
    const created = await server.call(userAdminCalls.saveNutzer, admin.code, {
      data: newUser({ gruppen: [await someGroup()] }),
      neuPW: '1',
    });
    // Saved without a version (as the spec's client): the test is about entries, not conflicts.
    const { version: _version, ...saved } = created.body.nutzer as AdminUser;
    let before = await lastId();
    expectStatus(
      await server.call(userAdminCalls.saveNutzer, admin.code, { data: { ...saved, show: false }, neuPW: '1' }),
      'success',
    );
    const entries = await entriesAfter(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.aktion).toBe('geändert');
    expect(entries[0]!.details).toEqual([{ t: 'users', a: 'UPDATE', f: { show: [true, false] } }]);

    before = await lastId();
    expectStatus(
      await server.call(userAdminCalls.saveNutzer, admin.code, { data: { ...saved, show: false }, neuPW: '1' }),
      'success',
    );
    expect(await entriesAfter(before)).toHaveLength(0);
  });

  it('a password reset records no password and no hash', async () => {
    const created = await server.call(userAdminCalls.saveNutzer, admin.code, {
      data: newUser({ gruppen: [await someGroup()] }),
      neuPW: '1',
    });
    const id = Number(created.body.addedUserID);
    const before = await lastId();
    const reply = await server.call(userAdminCalls.resetPW, admin.code, { data: id });
    expectStatus(reply, 'success');
    const text = JSON.stringify(await entriesAfter(before));
    expect(text).not.toContain(String(reply.body.neuPW));
    expect(text).not.toMatch(/password_hash|\$argon|\$scrypt/i);
  });

  it('a failed save leaves no entry (same transaction)', async () => {
    const nn = `dup-${uniqueSuffix()}`;
    const group = await someGroup();
    expectStatus(
      await server.call(userAdminCalls.saveNutzer, admin.code, { data: newUser({ nn, gruppen: [group] }), neuPW: '1' }),
      'success',
    );
    const before = await lastId();
    const reply = await server.call(userAdminCalls.saveNutzer, admin.code, {
      data: newUser({ nn, gruppen: [group] }),
      neuPW: '1',
    });
    expect(reply.body.status).toBe('validationError');
    // A write that the database refuses half-way rolls its entry back with it.
    await expect(
      server.context.db.transaction(async (tx) => {
        await tx.execute(sql`update users set ident = 'Halb' where id = ${admin.id}`);
        throw new Error('abgebrochen');
      }),
    ).rejects.toThrow('abgebrochen');
    expect(await entriesAfter(before)).toHaveLength(0);
  });

  it('logins are recorded, successful and failed, without the password', async () => {
    const user = await server.userWithSession({});
    const before = await lastId();
    await server.post(platformCalls.login.url, { nn: user.nn, pw: 'falsch-geraten-123' });
    await server.post(platformCalls.login.url, { nn: `niemand-${uniqueSuffix()}`, pw: 'x' });
    await server.login(user.nn, user.password);
    const entries = await entriesAfter(before, true);
    expect(entries.map((entry) => entry.aktion)).toEqual([
      'Anmeldung fehlgeschlagen',
      'Anmeldung fehlgeschlagen',
      'Anmeldung',
    ]);
    expect(entries[0]).toMatchObject({ objektTyp: 'Benutzer', objektId: String(user.id), nutzerId: null });
    expect(entries[1]!.objektTyp).toBe('Anmeldename');
    expect(entries[2]).toMatchObject({ nutzerId: user.id, modul: PROTOKOLL_LOGIN_MODULE });
    const text = JSON.stringify(entries);
    expect(text).not.toContain('falsch-geraten-123');
    expect(text).not.toContain(user.password);
  });
});

describe('Protokoll: nobody changes or deletes entries', () => {
  it('update, delete and truncate are refused; only the retention removes old entries', async () => {
    const db = server.context.db;
    await expect(db.execute(sql`update protokoll set aktion = 'x'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from protokoll`)).rejects.toThrow();
    await expect(db.execute(sql`truncate protokoll`)).rejects.toThrow();
    expect(await lastId()).toBeGreaterThan(0);

    // An entry from three years ago goes with the retention job, a recent one stays.
    await db.execute(
      sql`insert into protokoll (zeit, modul, aktion, objekt_typ, objekt_id) values (now() - interval '3 years', '005', 'geändert', 'Benutzer', '999999')`,
    );
    const old = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from protokoll where objekt_id = '999999'`,
    );
    expect(Number(old[0]!.n)).toBe(1);
    const all = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from protokoll`);
    expect(await removeExpiredProtokoll(db, 24)).toBe(1);
    const after = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from protokoll`);
    expect(Number(after[0]!.n)).toBe(Number(all[0]!.n) - 1);
  });
});

describe('getProtokoll', () => {
  it('is denied without x|005|030 (even to user administrators) and with a forged session', async () => {
    const userAdmin = await server.userWithSession({ rechteSolo: [userAdminRights.list, userAdminRights.edit] });
    expectStatus(await server.call(userAdminCalls.getProtokoll, userAdmin.code, {}), 'noRight', 403);
    expectStatus(await server.call(userAdminCalls.getProtokoll, 'x'.repeat(43), {}), 'accessError', 401);
  });

  it('filters by user, module, record, text and time span, and pages', async () => {
    const reader = await server.userWithSession({ rechteSolo: [userAdminRights.protokoll] });
    const ident = `filter-${uniqueSuffix()}`;
    const created = await server.call(userAdminCalls.saveNutzer, admin.code, {
      data: newUser({ nn: ident, gruppen: [await someGroup()] }),
      neuPW: '1',
    });
    const objekt = `Benutzer ${String(created.body.addedUserID)}`;
    const get = async (input: Record<string, unknown>) => {
      const reply = await server.call(userAdminCalls.getProtokoll, reader.code, input);
      expectStatus(reply, 'success');
      return reply.body as unknown as GetProtokollReply;
    };
    const byObject = await get({ objekt });
    expect(byObject.anzahl).toBe(1);
    expect(byObject.eintraege[0]).toMatchObject({ objekt, aktion: 'angelegt', modul: 'Benutzerverwaltung' });
    expect(byObject.eintraege[0]!.details).toContain(ident);

    expect((await get({ suche: ident })).anzahl).toBe(1);
    expect((await get({ suche: ident, nutzer: reader.id })).anzahl).toBe(0);
    expect((await get({ suche: ident, nutzer: admin.id })).anzahl).toBe(1);
    expect((await get({ suche: ident, modul: '200' })).anzahl).toBe(0);
    expect((await get({ suche: ident, modul: '005' })).anzahl).toBe(1);
    expect((await get({ suche: ident, bis: '2020-01-01' })).anzahl).toBe(0);
    expect((await get({ suche: ident, von: '2020-01-01' })).anzahl).toBe(1);
    expect((await get({ suche: '%' })).anzahl).toBe(0);

    const all = await get({ proSeite: 2 });
    expect(all.eintraege).toHaveLength(2);
    expect(all.anzahl).toBeGreaterThan(2);
    const second = await get({ proSeite: 2, seite: 1 });
    expect(second.eintraege[0]!.zeit <= all.eintraege[1]!.zeit).toBe(true);

    const bad = await server.call(userAdminCalls.getProtokoll, reader.code, { von: '2020-13-45' });
    expect(bad.body.status).toBe('validationError');
  });

  it('finds entries by the words and dates it shows, not only by the stored column names', async () => {
    const reader = await server.userWithSession({ rechteSolo: [userAdminRights.protokoll] });
    const objektId = `9${Date.now() % 1_000_000}`;
    await server.database.db.insert(protokoll).values({
      nutzerId: admin.id,
      modul: '200',
      aktion: 'geändert',
      objektTyp: 'Anwesenheit',
      objektId,
      details: [
        { t: 'children_attendance', a: 'UPDATE', f: { time_to: [null, '16:45'], day: ['2026-12-24', '2026-12-24'] } },
      ],
    });
    const count = async (suche: string) => {
      const reply = await server.call(userAdminCalls.getProtokoll, reader.code, {
        objekt: `Anwesenheit ${objektId}`,
        suche,
      });
      expectStatus(reply, 'success');
      return (reply.body as unknown as GetProtokollReply).anzahl;
    };
    expect(await count('Gegangen')).toBe(1);
    expect(await count('gegangen')).toBe(1);
    expect(await count('time_to')).toBe(1);
    expect(await count('24.12.2026')).toBe(1);
    expect(await count('24.12.')).toBe(1);
    expect(await count('16:45')).toBe(1);
    expect(await count('Abgeholt von')).toBe(0);
    expect(await count('25.12.2026')).toBe(0);
  });

  it('the CSV export guards formulas', () => {
    const csv = protokollCsv([
      {
        zeit: '2026-01-05T08:00:00.000Z',
        nutzer: '=HYPERLINK("x")',
        modul: 'Kinder',
        aktion: 'geändert',
        objekt: 'Kind 1',
        bezeichnung: '=Emma',
        details: '-1+2',
      },
    ]);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain(`"'-1+2"`);
    expect(csv).toContain('"Kind 1 (=Emma)"');
    expect(csv.split('\r\n')[0]).toBe('"Zeit";"Benutzer";"Modul";"Aktion";"Datensatz";"Details"');
  });
});

describe('Protokoll: the write calls of the listed modules', () => {
  const everyone = { alle: true, gruppen: [] };
  const children = (dataToSave: Record<string, unknown>) =>
    server.call(childrenCalls.getSettings, admin.code, { dataToSave });
  const payroll = (dataToSave: Record<string, unknown>) =>
    server.call(payrollCalls.getOrSaveSettings, admin.code, { dataToSave });
  const customers = (dataToSave: Record<string, unknown>) =>
    server.call(customerCalls.getSettings, admin.code, { dataToSave });
  const state = { klasse: 0, kind: 0, hydrant: 0, gruppe: 0 };

  async function childrenData(): Promise<ChildrenData> {
    const reply = await server.call(childrenCalls.getSettings, admin.code);
    return reply.body.save as ChildrenData;
  }

  /** Each call changes one record: it leaves exactly one entry, of this module, type and action, by the caller. */
  const cases: {
    name: string;
    run: () => Promise<Reply>;
    modul: string;
    objekt: string;
    aktion: string;
    after?: () => Promise<void>;
  }[] = [
    {
      name: 'children: a class',
      run: () =>
        children({
          type: 'klassen',
          data: {
            klassen: [
              { id: 0, name: `P${uniqueSuffix()}`, bedingungen: { f200: { sehen: everyone, bearbeiten: everyone } } },
            ],
          },
        }),
      modul: '200',
      objekt: 'Klasse',
      aktion: 'angelegt',
      after: async () => {
        state.klasse = Math.max(...(await childrenData()).klassen.map((klasse) => klasse.id));
      },
    },
    {
      name: 'children: a new child with a phone number',
      run: () =>
        children({
          type: 'editKind',
          data: {
            kind: {
              id: 0,
              vorname: 'Lotta',
              nachname: 'Protokoll',
              id_klasse: state.klasse,
              betreuungsplatz: '11:30',
              standardentlasszeit: '15:00',
              telefonnummern: [{ id: 0, name: 'Mama', nummer: '0351 123456' }],
            },
          },
        }),
      modul: '200',
      objekt: 'Kind',
      aktion: 'angelegt',
      after: async () => {
        state.kind = Math.max(...(await childrenData()).kinder.map((kind) => kind.id));
      },
    },
    {
      name: 'children: a status click',
      run: () =>
        children({ type: 'anwesenheitsstatus', data: { id_kind: state.kind, neuStatus: 1, neuZeit_von: '08:00' } }),
      modul: '200',
      objekt: 'Kind',
      aktion: 'geändert',
    },
    {
      name: 'children: a changed child',
      run: () =>
        children({
          type: 'editKind',
          data: {
            kind: {
              id: state.kind,
              vorname: 'Lotte',
              nachname: 'Protokoll',
              id_klasse: state.klasse,
              betreuungsplatz: '11:30',
              standardentlasszeit: '15:30',
            },
          },
        }),
      modul: '200',
      objekt: 'Kind',
      aktion: 'geändert',
    },
    {
      name: 'children: a diary entry',
      run: () =>
        server.call(childrenCalls.saveTagebucheintrag, admin.code, {
          idKind: state.kind,
          tag: new Date().toISOString().slice(0, 10),
          text: 'Hat gut gegessen.',
        }),
      modul: '200',
      objekt: 'Kind',
      aktion: 'geändert',
    },
    {
      name: 'payroll: a new employee',
      run: () =>
        payroll({
          type: 'saveMitarbeiter',
          data: {
            mitarbeiter: {
              id: 0,
              vorname: 'Erika',
              nachname: 'Protokoll',
              personalnummer: '77',
              eintrittsdatum: '2024-01-01',
              urlaubstage: 30,
              standard_lohngruppe: 0,
              standard_arbeitsbeginn: '08:00',
              standard_arbeitsende: '16:30',
              standard_pausen: 30,
              vertrag_lohngruppe: 0,
              vertrag_stunden: 160,
              festgehalt: 2500,
              ausnahmen: [],
            },
          },
        }),
      modul: '420',
      objekt: 'Mitarbeiter',
      aktion: 'angelegt',
    },
    {
      name: 'customers: a new customer',
      run: () => customers({ type: 'addKunde', data: { id: 0, firma: 'Protokoll GmbH' } }),
      modul: '410',
      objekt: 'Kunde',
      aktion: 'angelegt',
    },
    {
      name: 'user administration: a group with rights',
      run: () =>
        server.call(userAdminCalls.saveNutzergruppe, admin.code, {
          data: {
            id: 0,
            name: `Gruppe ${uniqueSuffix()}`,
            icon: 'Group',
            beschreibung: '',
            standard: false,
            forcePwReset: false,
            rechte: ['x|200|000|000'],
            nutzerparameter: [],
          },
        }),
      modul: '005',
      objekt: 'Gruppe',
      aktion: 'angelegt',
    },
    {
      name: 'module settings: the children settings',
      run: async () => children({ type: 'settings', data: { ...(await childrenData()).settings, anzeigeGruppen: [] } }),
      modul: '001',
      objekt: 'Moduleinstellungen',
      aktion: 'geändert',
    },
    {
      name: 'children: a deleted child',
      run: () => children({ type: 'delKind', data: { id: state.kind } }),
      modul: '200',
      objekt: 'Kind',
      aktion: 'gelöscht',
    },
  ];

  for (const entry of cases) {
    it(`${entry.name} leaves exactly one entry`, async () => {
      const before = await lastId();
      const reply = await entry.run();
      expectStatus(reply, 'success');
      const entries = await entriesAfter(before);
      expect(entries, JSON.stringify(entries).slice(0, 1500)).toHaveLength(1);
      expect(entries[0]).toMatchObject({ modul: entry.modul, objektTyp: entry.objekt, nutzerId: admin.id });
      if (entry.objekt !== 'Moduleinstellungen') expect(entries[0]!.aktion).toBe(entry.aktion);
      await entry.after?.();
    });
  }
});

describe("getKindProtokoll: a child's history", () => {
  it('shows the child’s entries to those who may edit the child, to nobody else', async () => {
    const db = server.context.db;
    const gEdit = await createGroup(db);
    const editor = await server.userWithSession({
      groupIds: [gEdit],
      rechteSolo: ['x|200|000|000', 'x|200|000|010', 'x|200|set'],
    });
    const viewer = await server.userWithSession({ rechteSolo: ['x|200|000|000'] });
    const save = (dataToSave: Record<string, unknown>) =>
      server.call(childrenCalls.getSettings, editor.code, { dataToSave });
    const name = `H${uniqueSuffix()}`;
    expectStatus(
      await save({
        type: 'klassen',
        data: {
          klassen: [
            {
              id: 0,
              name,
              bedingungen: {
                f200: { sehen: { alle: true, gruppen: [] }, bearbeiten: { alle: false, gruppen: [gEdit] } },
              },
            },
          ],
        },
      }),
      'success',
    );
    const loaded = (await server.call(childrenCalls.getSettings, editor.code)).body.save as ChildrenData;
    const klasse = loaded.klassen.find((entry) => entry.name === name)!.id;
    const kind = {
      id: 0,
      vorname: 'Emma',
      nachname: 'Verlauf',
      id_klasse: klasse,
      betreuungsplatz: '11:30',
      standardentlasszeit: '15:00',
    };
    const added = await save({ type: 'editKind', data: { kind } });
    const id = Math.max(...(added.body.save as ChildrenData).kinder.map((entry) => entry.id));
    expectStatus(
      await save({ type: 'anwesenheitsstatus', data: { id_kind: id, neuStatus: 1, neuZeit_von: '08:00' } }),
      'success',
    );

    const history = await server.call(childHistoryCalls.getKindProtokoll, editor.code, { id });
    expectStatus(history, 'success');
    const body = history.body as unknown as GetProtokollReply;
    expect(body.anzahl).toBe(2);
    expect(body.eintraege.map((entry) => entry.aktion)).toEqual(['geändert', 'angelegt']);
    expect(body.eintraege[0]!.details).toContain('Anwesenheit neu');
    expect(body.eintraege.every((entry) => entry.objekt === `Kind ${id}`)).toBe(true);

    expectStatus(await server.call(childHistoryCalls.getKindProtokoll, viewer.code, { id }), 'noRight', 403);
    const stranger = await server.userWithSession({ rechteSolo: ['x|150'] });
    expectStatus(await server.call(childHistoryCalls.getKindProtokoll, stranger.code, { id }), 'noRight', 403);
    expectStatus(await server.call(childHistoryCalls.getKindProtokoll, editor.code, { id: 999999 }), 'notFound', 404);
  });
});

describe('the demo', () => {
  it('shows a week of plausible Protokoll entries, and the parent’s Datenauskunft holds both children and no other family', async () => {
    const demo = await startTestServer({ seed: 'demo' });
    try {
      const code = await demo.login('leitung', 'Leitung#2026');
      const reply = await demo.call(userAdminCalls.getProtokoll, code, { proSeite: 1000 });
      expectStatus(reply, 'success');
      const body = reply.body as unknown as GetProtokollReply;
      // The login just made is the newest entry; the rest is the seeded week.
      expect(body.eintraege[0]).toMatchObject({ aktion: 'Anmeldung', nutzer: 'Sabine Krüger' });
      const week = body.eintraege.slice(1);
      expect(week.length).toBeGreaterThan(30);
      const days = new Set(week.map((entry) => entry.zeit.slice(0, 10)));
      expect(days.size).toBeGreaterThanOrEqual(4);
      expect(week.some((entry) => entry.aktion === 'Anmeldung fehlgeschlagen')).toBe(true);
      expect(week.some((entry) => entry.details.includes('Arzttermin') && entry.nutzer === 'Aylin Öztürk')).toBe(true);
      expect(week.filter((entry) => entry.modul === 'Kinder' && entry.nutzer === 'Jonas Weiß').length).toBeGreaterThan(
        10,
      );
      // Only the start's own work is the system's: the administrator account it creates after the seed, and
      // the demo's issued documents (invoices, reminder, credit note), which the first start makes on orders, and
      // last month's fee run of the demo (its statements, the mandates' sequence, the run's done-marker) with what
      // it books into 410 (the income centre 'Elternbeiträge' in 410's settings, the returned debit's bank fee).
      const system = week.filter((entry) => entry.nutzer === 'System');
      const accounts = new Set(system.filter((entry) => entry.modul === 'Benutzerverwaltung').map((e) => e.objekt));
      expect(accounts.size).toBe(1);
      expect(
        system
          .filter(
            (entry) =>
              !['Benutzerverwaltung', 'Beiträge'].includes(entry.modul) &&
              !entry.objekt.startsWith('Auftrag') &&
              entry.objekt !== 'Moduleinstellungen 220-demo-lauf' &&
              entry.objekt !== 'Moduleinstellungen 410' &&
              !(
                entry.modul === 'Kunden' &&
                entry.objekt.startsWith('Kosten') &&
                entry.details.includes('Rücklastschrift')
              ),
          )
          .map((entry) => `${entry.modul}: ${entry.objekt}`),
      ).toEqual([]);
      expect(system.some((entry) => entry.details.includes('„admin“'))).toBe(true);

      // Datenauskunft (Art. 15 DSGVO) of the demo parent: both children, none of another family, no hash.
      const [parent] = await demo.context.db.select({ id: users.id }).from(users).where(eq(users.nn, 'eltern'));
      // Leitung uploads a document for one of the parent's children: the child's, so in the parent's ZIP and
      // not among the uploader's own files.
      const [child] = await queryRows<{ id: number }>(
        demo.context.db,
        sql`select id from children where parent_user_id = ${parent!.id} order by id limit 1`,
      );
      const document = await postMultipart(
        demo.app,
        childrenCalls.uploadDokument.url,
        { code, idKind: String(child!.id) },
        { filename: 'Befund-Auskunft.pdf', bytes: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') },
      );
      expect(document.status).toBe('success');
      const before = await demo.context.db.select({ id: protokoll.id }).from(protokoll);
      const made = await demo.call(userAdminCalls.datenauskunft, code, { data: parent!.id });
      expectStatus(made, 'success');
      // The Datenauskunft itself is recorded: one entry of the person, by the administrator who made it.
      const seen = new Set(before.map((row) => row.id));
      const disclosed = (
        await demo.context.db.select().from(protokoll).where(eq(protokoll.objektTyp, 'Benutzer'))
      ).filter((row) => !seen.has(row.id) && row.aktion === 'Datenauskunft erstellt');
      expect(disclosed).toHaveLength(1);
      expect(disclosed[0]).toMatchObject({ modul: '005', objektId: String(parent!.id) });
      expect(disclosed[0]?.nutzerId).not.toBeNull();
      const response = await demo.app.inject({
        method: 'POST',
        url: '/_api/data/download.php',
        payload: { code, file: String(made.body.file) },
      });
      expect(response.statusCode).toBe(200);
      const zip = readZip(response.rawPayload);
      expect([...zip.keys()]).toEqual(expect.arrayContaining(['konto.json', 'kinder.json', 'auskunft.pdf']));
      const konto = JSON.parse(zip.get('konto.json')!.toString('utf8')) as { konto: { benutzername: string } };
      expect(konto.konto.benutzername).toBe('eltern');
      const kinder = JSON.parse(zip.get('kinder.json')!.toString('utf8')) as {
        parentUserId: number;
        vorname: string;
      }[];
      expect(kinder).toHaveLength(2);
      expect(kinder.every((kind) => kind.parentUserId === parent!.id)).toBe(true);
      const others = await queryRows<{ vorname: string; nachname: string }>(
        demo.context.db,
        sql`select vorname, nachname from children where parent_user_id is distinct from ${parent!.id}`,
      );
      expect(others.length).toBeGreaterThan(0);
      const everything = [...zip.entries()]
        .filter(([name]) => name.endsWith('.json'))
        .map(([, bytes]) => bytes.toString('utf8'))
        .join('\n');
      for (const other of others) expect(everything).not.toContain(`"${other.vorname} ${other.nachname}"`);
      expect(everything).not.toMatch(/password|passwort|hash|token/i);
      expect(zip.get('auskunft.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
      expect([...zip.keys()].some((name) => name.startsWith('dateien/') && name.endsWith('Befund-Auskunft.pdf'))).toBe(
        true,
      );
      const [leitung] = await demo.context.db.select({ id: users.id }).from(users).where(eq(users.nn, 'leitung'));
      /** A Datenauskunft made by leitung, fetched as the web does, opened. */
      const auskunftOf = async (userId: number) => {
        const made = await demo.call(userAdminCalls.datenauskunft, code, { data: userId });
        expectStatus(made, 'success');
        return readZip(await fetchStored(demo.app, code, String(made.body.file)));
      };
      const uploaderZip = await auskunftOf(leitung!.id);
      expect([...uploaderZip.keys()].filter((name) => name.includes('Befund-Auskunft'))).toEqual([]);

      // The staff account is also an employee: its ZIP holds him and his two payrolls, no other employee.
      const [erzieher] = await demo.context.db.select({ id: users.id }).from(users).where(eq(users.nn, 'erzieher'));
      const staffZip = await auskunftOf(erzieher!.id);
      const employees = JSON.parse(staffZip.get('lohnabrechnungen.json')!.toString('utf8')) as {
        nachname: string;
        lohnabrechnungen: unknown[];
      }[];
      expect(employees.map((e) => [e.nachname, e.lohnabrechnungen.length])).toEqual([['Weiß', 2]]);
      expect(zip.has('lohnabrechnungen.json')).toBe(false);

      const staff = await demo.login('erzieher', 'Erzieher#2026');
      expectStatus(await demo.call(userAdminCalls.datenauskunft, staff, { data: parent!.id }), 'noRight', 403);
      expectStatus(await demo.call(userAdminCalls.datenauskunft, code, { data: 999_999 }), 'notFound', 404);
    } finally {
      await demo.close();
    }
  }, 240_000);
});
