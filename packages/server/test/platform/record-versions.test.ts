import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflictMessage, type AdminUser } from '@hortus/contract';
import { calendarCalls, type CalendarReply } from '@hortus/contract/modules/calendar';
import { childrenCalls, type ChildrenData } from '@hortus/contract/modules/children';
import { customerCalls, type CustomerData } from '@hortus/contract/modules/customers';
import { dashboardCalls, type Meldung } from '@hortus/contract/modules/dashboard';
import { hydrantCalls, type Hydrant } from '@hortus/contract/modules/hydrants';
import {
  payrollCalls,
  payrollInputOf,
  type EmployeeInput,
  type GetPayrollReply,
  type PayrollModuleData,
} from '@hortus/contract/modules/payroll';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { users } from '../../src/platform/db/schema';
import { loadAdminUser } from '../../src/platform/users/admin-users';
import { calendarEvents } from '../../src/modules/calendar/schema';
import { childClasses, children } from '../../src/modules/children/schema';
import { customerCosts, customerOrders, customers } from '../../src/modules/customers/schema';
import { dashboardMessages } from '../../src/modules/dashboard/schema';
import { hydrants } from '../../src/modules/hydrants/schema';
import { payrollEmployees, payrollPayrolls } from '../../src/modules/payroll/schema';
import { createGroup, createUser } from '../../src/seed/factories';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../support/helper';

/**
 * Issue 36, no silent lost update: for every record two people may edit, two saves from the same
 * loaded version — the first wins, the second answers `conflict` naming the first editor and changes
 * nothing; a save without a version (the specification's client) still works as before.
 */

let server: TestServer;
type Session = { code: string; id: number };
let anna: Awaited<ReturnType<TestServer['userWithSession']>>;
let bernd: Session;
const ANNA = 'Anna Erste';

const rights = [
  'x|420|000',
  'x|410|000',
  'x|310|000',
  'x|110',
  'x|110|set',
  'x|000',
  'x|000|000',
  'x|000|set',
  'x|200|000|000',
  'x|200|000|010',
  'x|200|100',
  'x|200|set',
  'x|005|000',
  'x|005|000|010',
  'x|005|000|020',
];
const everyone = { alle: true, gruppen: [] };

beforeAll(async () => {
  server = await startTestServer();
  anna = await server.userWithSession({ ident: ANNA, rechteSolo: rights });
  bernd = await server.userWithSession({ ident: 'Bernd Zweite', rechteSolo: rights });
});
afterAll(() => server.close());

function ok(reply: Reply): Reply {
  expectStatus(reply, 'success', 200);
  return reply;
}

/** One record type: creates a record, saves it with a marker text, reads the stored marker and version. */
interface RecordCase {
  /** Creates the record (by Anna); answers its id. */
  create(): Promise<number>;
  /** Saves the record as loaded, its marker field set to `marker`, sending `version` (undefined: none). */
  save(code: string, id: number, marker: string, version: number | undefined): Promise<Reply>;
  /** The stored marker and version. */
  stored(id: number): Promise<{ marker: string; version: number }>;
}

/** Two saves from the same version: the first wins, the second is a conflict naming the first editor. */
async function expectNoLostUpdate(
  record: RecordCase,
  first: Session = anna,
  second: Session = bernd,
  firstName = ANNA,
): Promise<void> {
  const id = await record.create();
  const loaded = await record.stored(id);
  ok(await record.save(first.code, id, 'Erste', loaded.version));
  const late = await record.save(second.code, id, 'Zweite', loaded.version);
  expectStatus(late, 'conflict', 409);
  expect(late.body.message).toBe(conflictMessage(firstName));
  expect(late.body.message).toBe(`Dieser Datensatz wurde inzwischen von ${firstName} geändert. Bitte neu laden.`);
  const after = await record.stored(id);
  expect(after).toEqual({ marker: 'Erste', version: loaded.version + 1 });
  // Without a version: today's behaviour, the save wins (and still moves the version on).
  ok(await record.save(second.code, id, 'Dritte', undefined));
  expect(await record.stored(id)).toEqual({ marker: 'Dritte', version: loaded.version + 2 });
  // From the current version a save goes through.
  ok(await record.save(first.code, id, 'Vierte', loaded.version + 2));
  expect((await record.stored(id)).marker).toBe('Vierte');
}

async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('record not found');
  return row;
}

// ---------------------------------------------------------------- 420 employees and payrolls

const payrollSave = (code: string, dataToSave: unknown) =>
  server.call(payrollCalls.getOrSaveSettings, code, { dataToSave } as never);
const employee = (input: Partial<EmployeeInput> = {}): EmployeeInput => ({
  id: 0,
  vorname: 'Erika',
  nachname: 'Muster',
  eintrittsdatum: '2024-01-01',
  urlaubstage: 30,
  standard_lohngruppe: 1,
  standard_arbeitsbeginn: '08:00',
  standard_arbeitsende: '16:30',
  standard_pausen: 30,
  vertrag_lohngruppe: 1,
  vertrag_stunden: 160,
  festgehalt: 0,
  ausnahmen: [],
  ...input,
});
let payrollSettingsSaved = false;
async function newEmployee(nachname: string): Promise<number> {
  if (!payrollSettingsSaved) {
    const settings = { lohngruppen: [{ id: 1, name: 'Fachkraft', wert: 20 }], bundesland: 'BY', region: '' };
    ok(await payrollSave(anna.code, { type: 'saveSettings', data: { settings } }));
    payrollSettingsSaved = true;
  }
  const reply = ok(
    await payrollSave(anna.code, { type: 'saveMitarbeiter', data: { mitarbeiter: employee({ nachname }) } }),
  );
  const added = (reply.body.save as PayrollModuleData).mitarbeiter.find((m) => m.nachname === nachname);
  if (!added) throw new Error('employee not added');
  return added.id;
}
async function payrollOf(idMitarbeiter: number): Promise<GetPayrollReply> {
  const reply = ok(await server.call(payrollCalls.getAbrechnung, anna.code, { idMitarbeiter, jahr: 2025, monat: 3 }));
  return reply.body as unknown as GetPayrollReply;
}

const employeeCase: RecordCase = {
  create: () => newEmployee('Mitarbeiterfall'),
  save: (code, id, marker, version) =>
    payrollSave(code, {
      type: 'saveMitarbeiter',
      data: { mitarbeiter: { ...employee({ nachname: 'Mitarbeiterfall' }), id, vorname: marker, version } },
    }),
  stored: (id) =>
    one(
      server.database.db
        .select({ marker: payrollEmployees.vorname, version: payrollEmployees.version })
        .from(payrollEmployees)
        .where(eq(payrollEmployees.id, id)),
    ),
};

const payrollCase: RecordCase = {
  async create() {
    const idMitarbeiter = await newEmployee('Abrechnungsfall');
    const prepared = await payrollOf(idMitarbeiter);
    ok(
      await payrollSave(anna.code, {
        type: 'saveAbrechnung',
        data: { abrechnung: payrollInputOf(prepared.abrechnung) },
      }),
    );
    return (await payrollOf(idMitarbeiter)).abrechnung.id;
  },
  async save(code, id, marker, version) {
    const [row] = await server.database.db.select().from(payrollPayrolls).where(eq(payrollPayrolls.id, id));
    const loaded = await payrollOf(row?.employeeId ?? 0);
    const abrechnung = { ...payrollInputOf(loaded.abrechnung), sonderzahlungen: [{ text: marker, wert: 10 }], version };
    return payrollSave(code, { type: 'saveAbrechnung', data: { abrechnung } });
  },
  async stored(id) {
    const row = await one(server.database.db.select().from(payrollPayrolls).where(eq(payrollPayrolls.id, id)));
    return { marker: row.data.sonderzahlungen[0]?.text ?? '', version: row.version };
  },
};

// ---------------------------------------------------------------- 410 customers, orders, costs

const customerSave = (code: string, dataToSave: unknown) =>
  server.call(customerCalls.getSettings, code, { dataToSave } as never);
let customerId = 0;
async function aCustomer(): Promise<number> {
  if (customerId === 0) {
    const reply = ok(await customerSave(anna.code, { type: 'addKunde', data: { id: 0, firma: 'Kunde' } }));
    customerId = (reply.body.save as CustomerData).lastAddedKunde;
  }
  return customerId;
}

const customerCase: RecordCase = {
  async create() {
    const reply = ok(await customerSave(anna.code, { type: 'addKunde', data: { id: 0, firma: 'Anfang' } }));
    return (reply.body.save as CustomerData).lastAddedKunde;
  },
  save: (code, id, marker, version) => customerSave(code, { type: 'saveKunde', data: { id, firma: marker, version } }),
  stored: (id) =>
    one(
      server.database.db
        .select({ marker: customers.firma, version: customers.version })
        .from(customers)
        .where(eq(customers.id, id)),
    ),
};

const order = (id: number, idKunde: number, titel: string, version?: number) => ({
  id,
  id_kunde: idKunde,
  typ: 'Auftrag',
  titel,
  status: 1,
  version,
});
const orderCase: RecordCase = {
  async create() {
    const reply = ok(
      await customerSave(anna.code, { type: 'addAuftrag', data: order(0, await aCustomer(), 'Anfang') }),
    );
    return (reply.body.save as CustomerData).lastAddedAuftrag;
  },
  save: async (code, id, marker, version) =>
    customerSave(code, { type: 'saveAuftrag', data: order(id, await aCustomer(), marker, version) }),
  stored: (id) =>
    one(
      server.database.db
        .select({ marker: customerOrders.titel, version: customerOrders.version })
        .from(customerOrders)
        .where(eq(customerOrders.id, id)),
    ),
};

const cost = (id: number, titel: string, version?: number) => ({
  id,
  datum: '2025-03-10',
  betrag: '119,00',
  titel,
  version,
});
const costCase: RecordCase = {
  async create() {
    const reply = ok(await customerSave(anna.code, { type: 'addKosten', data: cost(0, 'Anfang') }));
    return (reply.body.save as CustomerData).lastAddedKosten;
  },
  save: (code, id, marker, version) => customerSave(code, { type: 'saveKosten', data: cost(id, marker, version) }),
  stored: (id) =>
    one(
      server.database.db
        .select({ marker: customerCosts.titel, version: customerCosts.version })
        .from(customerCosts)
        .where(eq(customerCosts.id, id)),
    ),
};

// ---------------------------------------------------------------- 310 hydrants

const hydrant = (id: number, info: string, version?: number) => ({
  id,
  coords_lat: 51.1066,
  coords_lon: 13.672,
  id_strasse: 0,
  strasse: 'Hauptstraße',
  plz: '01445',
  ort: 'Radebeul',
  hausnummer: '12a',
  nummer: '4711',
  info,
  version,
});
const hydrantCase: RecordCase = {
  async create() {
    const reply = ok(await server.call(hydrantCalls.saveHydrant, anna.code, { hydrant: hydrant(0, 'Anfang') }));
    return (reply.body.hydrant as Hydrant).id;
  },
  save: (code, id, marker, version) =>
    server.call(hydrantCalls.saveHydrant, code, { hydrant: hydrant(id, marker, version) }),
  stored: (id) =>
    one(
      server.database.db
        .select({ marker: hydrants.info, version: hydrants.version })
        .from(hydrants)
        .where(eq(hydrants.id, id)),
    ),
};

// ---------------------------------------------------------------- 110 calendar events

const calendarSave = (code: string, dataToSave: unknown) =>
  server.post(calendarCalls.getOrSaveSettings.url, { code, dataToSave: JSON.stringify(dataToSave) });
let categoryId = 0;
async function editableCategory(): Promise<number> {
  if (categoryId === 0) {
    const loaded = ok(await calendarSave(anna.code, { type: 'load' })).body as unknown as CalendarReply;
    const allgemein = loaded.kalender.kategorien[0]?.id ?? 0;
    const settings = {
      standard_id_kategorie: allgemein,
      id_kalenderkategorie_geburtstag: 0,
      id_nutzerparameter_geburtstag: 0,
      bedingungen_geburtstage_sehen: { gruppen: {} },
      kategorien: [
        {
          id: allgemein,
          name: 'Allgemein',
          farbe: '#1E88E5',
          bedingungen: { f110: { sehen: everyone, bearbeiten: everyone } },
        },
      ],
    };
    ok(await calendarSave(anna.code, { type: 'saveSettings', data: settings }));
    categoryId = allgemein;
  }
  return categoryId;
}
const event = (id: number, name: string, kategorie: number, version?: number) => ({
  id,
  name,
  beschreibung: '',
  start: Date.UTC(2026, 2, 2, 15),
  end: Date.UTC(2026, 2, 2, 16),
  id_kalenderkategorie: kategorie,
  timed: true,
  istSerie: false,
  repeat: null,
  ausSerie: 0,
  version,
});
const eventCase: RecordCase = {
  async create() {
    const reply = ok(
      await calendarSave(anna.code, { type: 'saveTermin', data: event(0, 'Anfang', await editableCategory()) }),
    );
    return (reply.body as unknown as CalendarReply).saveTerminNeuId ?? 0;
  },
  save: async (code, id, marker, version) =>
    calendarSave(code, { type: 'saveTermin', data: event(id, marker, await editableCategory(), version) }),
  stored: (id) =>
    one(
      server.database.db
        .select({ marker: calendarEvents.name, version: calendarEvents.version })
        .from(calendarEvents)
        .where(eq(calendarEvents.id, id)),
    ),
};

// ---------------------------------------------------------------- 000 dashboard messages

const w1 = (code: string, dataToSave: unknown) => server.call(dashboardCalls.w1, code, { dataToSave } as never);
const meldung = (id: number, titel: string, version?: number) => ({
  id,
  typ: 'info',
  titel,
  text: 'Text',
  bedingung_f000w1_sehen: everyone,
  version,
});
let messagesAllowed = false;
const messageCase: RecordCase = {
  async create() {
    if (!messagesAllowed) {
      const settings = {
        useWidgets: ['w1'],
        bedingung_f000_sehen: {},
        w1_bedingung_meldungErstellen: everyone,
        w1_standardEmpfaenger: '',
      };
      ok(
        await server.call(dashboardCalls.getSettings, anna.code, {
          dataToSave: { type: 'saveSettings', data: settings },
        } as never),
      );
      messagesAllowed = true;
    }
    const reply = ok(await w1(anna.code, { func: 'saveMeldung', data: meldung(0, 'Anfang') }));
    return (reply.body.savedMeldung as Meldung).id;
  },
  save: (code, id, marker, version) => w1(code, { func: 'saveMeldung', data: meldung(id, marker, version) }),
  stored: (id) =>
    one(
      server.database.db
        .select({ marker: dashboardMessages.titel, version: dashboardMessages.version })
        .from(dashboardMessages)
        .where(eq(dashboardMessages.id, id)),
    ),
};

// ---------------------------------------------------------------- 200 classes, children, parent accounts

const childrenSave = (code: string, dataToSave: unknown) =>
  server.call(childrenCalls.getSettings, code, { dataToSave } as never);
const classConditions = { f200: { sehen: everyone, bearbeiten: everyone } };
async function newClass(name: string): Promise<number> {
  const reply = ok(
    await childrenSave(anna.code, {
      type: 'klassen',
      data: { klassen: [{ id: 0, name, bedingungen: classConditions }], geloescht: [] },
    }),
  );
  const created = (reply.body.save as ChildrenData).klassen.find((k) => k.name === name);
  if (!created) throw new Error('class not added');
  return created.id;
}
let childClass = 0;
async function aClass(): Promise<number> {
  if (childClass === 0) childClass = await newClass('Kinderklasse');
  return childClass;
}

const classCase: RecordCase = {
  create: () => newClass('Klassenfall'),
  save: (code, id, marker, version) =>
    childrenSave(code, {
      type: 'klassen',
      data: { klassen: [{ id, name: marker, bedingungen: classConditions, version }], geloescht: [] },
    }),
  stored: (id) =>
    one(
      server.database.db
        .select({ marker: childClasses.name, version: childClasses.version })
        .from(childClasses)
        .where(eq(childClasses.id, id)),
    ),
};

const kind = (id: number, vorname: string, klasse: number, version?: number) => ({
  kind: {
    id,
    vorname,
    nachname: 'Kindfall',
    id_klasse: klasse,
    betreuungsplatz: '11:30',
    standardentlasszeit: '15:00',
    version,
  },
});
const childCase: RecordCase = {
  async create() {
    const reply = ok(await childrenSave(anna.code, { type: 'editKind', data: kind(0, 'Anfang', await aClass()) }));
    const created = (reply.body.save as ChildrenData).kinder.find((k) => k.nachname === 'Kindfall');
    if (!created) throw new Error('child not added');
    return created.id;
  },
  save: async (code, id, marker, version) =>
    childrenSave(code, { type: 'editKind', data: kind(id, marker, await aClass(), version) }),
  stored: (id) =>
    one(
      server.database.db
        .select({ marker: children.vorname, version: children.version })
        .from(children)
        .where(eq(children.id, id)),
    ),
};

const userCase = (marker: (user: { nn: string; ident: string }) => string): Pick<RecordCase, 'stored'> => ({
  stored: async (id) => {
    const row = await one(
      server.database.db
        .select({ nn: users.nn, ident: users.ident, version: users.version })
        .from(users)
        .where(eq(users.id, id)),
    );
    return { marker: marker(row), version: row.version };
  },
});

const parentCase: RecordCase = {
  async create() {
    const loaded = ok(await server.call(childrenCalls.getSettings, anna.code)).body.save as ChildrenData;
    const group = await createGroup(server.database.db, { name: 'Eltern' });
    ok(
      await childrenSave(anna.code, { type: 'settings', data: { ...loaded.settings, id_nutzergruppe_eltern: group } }),
    );
    const reply = ok(
      await childrenSave(anna.code, { type: 'editEltern', data: { eltern: { id: 0, nn: 'elternAnfang' } } }),
    );
    const created = (reply.body.save as ChildrenData).eltern.find((p) => p.nn === 'elternAnfang');
    if (!created) throw new Error('parent not added');
    return created.id;
  },
  save: (code, id, marker, version) =>
    childrenSave(code, { type: 'editEltern', data: { eltern: { id, nn: `eltern${marker}`, version } } }),
  ...userCase((row) => row.nn.replace(/^eltern/, '')),
};

const adminUserCase: RecordCase = {
  async create() {
    const group = await createGroup(server.database.db, { name: 'Ohne Rechte' });
    return (await createUser(server.database.db, { nn: 'nutzerAnfang', groupIds: [group] })).id;
  },
  async save(code, id, marker, version) {
    const loaded = (await loadAdminUser(server.database.db, id)) as AdminUser;
    return server.call(userAdminCalls.saveNutzer, code, {
      data: { ...loaded, nn: `nutzer${marker}`, version },
      neuPW: '1',
    });
  },
  ...userCase((row) => row.nn.replace(/^nutzer/, '')),
};

// ---------------------------------------------------------------- the cases

describe('no silent lost update: two saves from the same version', () => {
  it('payroll (420)', () => expectNoLostUpdate(payrollCase));
  it('employee (420)', () => expectNoLostUpdate(employeeCase));
  it('customer (410)', () => expectNoLostUpdate(customerCase));
  it('order (410)', () => expectNoLostUpdate(orderCase));
  it('cost (410)', () => expectNoLostUpdate(costCase));
  it('hydrant (310)', () => expectNoLostUpdate(hydrantCase));
  it('calendar event (110)', () => expectNoLostUpdate(eventCase));
  it('class (200)', () => expectNoLostUpdate(classCase));
  it('child (200)', () => expectNoLostUpdate(childCase));
  it('parent account (200)', () => expectNoLostUpdate(parentCase));
  it('user (005)', () => expectNoLostUpdate(adminUserCase));
  it('user through the member detail (100): a viewer without user administration', async () => {
    const carl = await server.userWithSession({ ident: 'Carl Dritte', rechteSolo: ['x|100|000'] });
    const dora = await server.userWithSession({ ident: 'Dora Vierte', rechteSolo: ['x|100|000'] });
    const group = await createGroup(server.database.db, { name: 'Mitglieder' });
    const id = (await createUser(server.database.db, { nn: 'mitglied', ident: 'Mia Mitglied', groupIds: [group] })).id;
    const { stored } = userCase((row) => row.ident);
    const loaded = (await loadAdminUser(server.database.db, id)) as AdminUser;
    const { version } = await stored(id);
    const memberSave = (code: string, sent: number | undefined) =>
      server.call(userAdminCalls.saveNutzer, code, { data: { ...loaded, version: sent }, neuPW: '' });
    ok(await memberSave(carl.code, version));
    const late = await memberSave(dora.code, version);
    expectStatus(late, 'conflict', 409);
    expect(late.body.message).toBe(conflictMessage('Carl Dritte'));
    expect((await stored(id)).version).toBe(version + 1);
    // The spec's client (no version) and a save from the current version go through.
    ok(await memberSave(dora.code, undefined));
    ok(await memberSave(carl.code, version + 2));
  });
  it('dashboard message (000): the author saving from two devices', async () => {
    const otherDevice = { code: await server.login(anna.nn, anna.password), id: anna.id };
    await expectNoLostUpdate(messageCase, anna, otherDevice, ANNA);
  });
});

describe('the version check and the write are one step', () => {
  it('of parallel saves from the same version exactly one wins, every time', async () => {
    const id = await customerCase.create();
    for (let round = 0; round < 3; round++) {
      const { version } = await customerCase.stored(id);
      const sessions = [anna, bernd, anna, bernd];
      const replies = await Promise.all(
        sessions.map((session, index) => customerCase.save(session.code, id, `Parallel${index}`, version)),
      );
      const statuses = replies.map((reply) => reply.body.status);
      expect(statuses.filter((status) => status === 'success')).toHaveLength(1);
      expect(statuses.filter((status) => status === 'conflict')).toHaveLength(3);
      const winner = statuses.indexOf('success');
      expect(await customerCase.stored(id)).toEqual({ marker: `Parallel${winner}`, version: version + 1 });
    }
  });
});

describe('loads carry the version', () => {
  it('customers, orders and costs (410), hydrants (310), children and classes (200), users (005)', async () => {
    const customer = await customerCase.create();
    ok(await customerCase.save(anna.code, customer, 'Geladen', undefined));
    const loaded = ok(await server.call(customerCalls.getSettings, anna.code)).body.save as CustomerData;
    expect(loaded.kunden.find((k) => k.id === customer)?.version).toBe(1);
    expect(loaded.auftraege.every((o) => typeof o.version === 'number')).toBe(true);
    expect(loaded.kosten.every((c) => typeof c.version === 'number')).toBe(true);

    const saved = ok(await server.call(hydrantCalls.saveHydrant, anna.code, { hydrant: hydrant(0, 'Neu') }));
    expect((saved.body.hydrant as Hydrant).version).toBe(0);

    const child = await childCase.create();
    ok(await childCase.save(anna.code, child, 'Geladen', undefined));
    const kids = ok(await server.call(childrenCalls.getSettings, anna.code)).body.save as ChildrenData;
    expect(kids.kinder.find((k) => k.id === child)?.version).toBe(1);
    expect(kids.klassen.every((k) => typeof k.version === 'number')).toBe(true);

    const listed = ok(await server.call(userAdminCalls.getNutzer, anna.code)).body.nutzer as AdminUser[];
    expect(listed.every((user) => typeof user.version === 'number')).toBe(true);
  });
});
