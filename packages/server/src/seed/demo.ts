import { createHash } from 'node:crypto';
import { count, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { exampleFacility } from '@hortus/contract';
import { demoProtokoll, writeDemoProtokoll } from '../platform/audit/demo-protokoll';
import type { Db } from '../platform/db/database';
import { userParameters, users } from '../platform/db/schema';
import { writeAppSettings } from '../platform/settings/app-settings';
import { invalidateOrgData } from '../platform/settings/org-data';
import { readModuleSettings, writeModuleSettings } from '../platform/settings/module-settings';
import { createGroup, createParameter, createUser } from './factories';
import type { ServerModule } from '../platform/modules/server-module';

/** Demo logins, printed at start and listed in the README. Non-admin users only. */
export const demoLogins = [
  { nn: 'leitung', password: 'Leitung#2026', group: 'Verwaltung', role: 'Verwaltung, alle Rechte' },
  { nn: 'erzieher', password: 'Erzieher#2026', group: 'Personal', role: 'Personal' },
  { nn: 'eltern', password: 'Eltern#2026', group: 'Eltern', role: 'Eltern' },
  { nn: 'kunde', password: 'Kunde#2026', group: 'Kunden', role: 'Kunden' },
] as const;

/**
 * Settings row that keeps a digest of each demo login's password hash as seeded (never the hash), to tell
 * whether its password was changed since.
 */
const DEMO_HASHES_CODE = 'demo-zugaenge';
const demoHashes = z.record(z.string(), z.string()).nullable();

async function demoAccounts(db: Db) {
  const rows = await db
    .select({ nn: users.nn, hash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.nn,
        demoLogins.map((login) => login.nn),
      ),
    );
  return rows.map((row) => ({ nn: row.nn, hash: createHash('sha256').update(row.hash).digest('hex') }));
}

/**
 * The demo logins whose passwords are still the published ones (their hash as seeded), for the start banner;
 * a database seeded before the hashes were kept lists every demo login that exists.
 */
export async function unchangedDemoLogins(db: Db): Promise<(typeof demoLogins)[number][]> {
  const [seeded, accounts] = await Promise.all([
    readModuleSettings(db, DEMO_HASHES_CODE, demoHashes, null),
    demoAccounts(db),
  ]);
  const current = new Map(accounts.map((account) => [account.nn, account.hash]));
  return demoLogins.filter((login) =>
    seeded === null ? current.has(login.nn) : current.get(login.nn) === seeded[login.nn],
  );
}

const everyone = { alle: true, gruppen: [] };

/** Rights of the demo groups, including those of modules that later releases add. */
const staffRights = [
  'x|000|000',
  'x|010',
  'x|020',
  'x|100|000',
  'x|110',
  'x|120|000',
  'x|130',
  'x|150',
  'x|200|000|000',
  'x|200|100',
  'x|200|200',
  'x|310|000',
  'x|999|000',
  'x|999|100',
];
/** Parents see the cloud's files tab (x|130|000: the 'Elternbriefe' slot), without managing slots. */
const parentRights = [
  'x|000|000',
  'x|010',
  'x|020',
  'x|110',
  'x|120|000',
  'x|130|000',
  'x|210|000',
  'x|210|100',
  'x|220|100',
  'x|999|000',
];
// Customers use module 410 for their own orders (public information only, enforced by the module).
const customerRights = ['x|010', 'x|020', 'x|410|000', 'x|999|000'];

export interface DemoSeedResult {
  adminGroupId: number;
}

/**
 * A small after-care organisation: groups Verwaltung, Personal, Eltern and Kunden, users of each
 * kind, user parameters (names, e-mail, phone, birthday, a choice) and login-screen content.
 */
export async function seedDemo(
  db: Db,
  allRights: readonly string[],
  modules: readonly ServerModule[],
  now = new Date(),
): Promise<DemoSeedResult> {
  const vorname = await createParameter(db, {
    name: 'Vorname',
    icon: 'Badge',
    sort: 10,
    ident: true,
    seeOnTable: true,
  });
  const nachname = await createParameter(db, {
    name: 'Nachname',
    icon: 'Badge',
    sort: 11,
    ident: true,
    seeOnTable: true,
  });
  const email = await createParameter(db, { name: 'E-Mail', icon: 'Email', typ: 4, sort: 12, seeOnTable: true });
  const telefon = await createParameter(db, { name: 'Telefon', icon: 'Phone', typ: 5, sort: 13, seeOnTable: true });
  const geburtstag = await createParameter(db, { name: 'Geburtstag', icon: 'Cake', typ: 7, sort: 14 });
  const funktion = await createParameter(db, {
    name: 'Funktion',
    icon: 'Work',
    typ: 9,
    sort: 15,
    options: ['Leitung', 'Erzieher/in', 'Praktikant/in'],
  });
  const common = [vorname.id, nachname.id, email.id, telefon.id];
  const staffParameters = [...common, geburtstag.id, funktion.id];

  const verwaltung = await createGroup(db, {
    name: 'Verwaltung',
    icon: 'AdminPanelSettings',
    beschreibung: 'Leitung und Büro mit allen Rechten',
    rechte: [...allRights],
    parameterIds: staffParameters,
  });
  const personal = await createGroup(db, {
    name: 'Personal',
    icon: 'Badge',
    beschreibung: 'Erzieherinnen und Erzieher',
    rechte: staffRights,
    parameterIds: staffParameters,
  });
  const eltern = await createGroup(db, {
    name: 'Eltern',
    icon: 'FamilyRestroom',
    beschreibung: 'Elternkonten',
    rechte: parentRights,
    standard: true,
    forcePwReset: true,
    parameterIds: common,
  });
  const kunden = await createGroup(db, {
    name: 'Kunden',
    icon: 'Storefront',
    beschreibung: 'Kundinnen und Kunden',
    rechte: customerRights,
    parameterIds: common,
  });
  const groupIds: Record<string, number> = {
    Verwaltung: verwaltung,
    Personal: personal,
    Eltern: eltern,
    Kunden: kunden,
  };
  // The office keeps phone numbers and e-mail addresses current (member directory, parent and customer dialogs,
  // the children import); everyone else only reads them.
  await db
    .update(userParameters)
    .set({
      bedingungen: {
        f010: { sehen: everyone, bearbeiten: everyone },
        f100: { sehen: everyone, bearbeiten: { alle: false, gruppen: [verwaltung] } },
        // The office also keeps the customer logins' phone numbers current (customer dialog, 410).
        f200: { sehen: everyone, bearbeiten: { alle: false, gruppen: [verwaltung] } },
      },
    })
    .where(inArray(userParameters.id, [telefon.id, email.id]));
  await invalidateOrgData(db);

  const people: Record<
    string,
    { vorname: string; nachname: string; telefon: string; geburtstag: string; funktion?: number }
  > = {
    leitung: {
      vorname: 'Sabine',
      nachname: 'Krüger',
      telefon: '0351 123456',
      geburtstag: '1978-04-12',
      funktion: funktion.optionIds[0],
    },
    erzieher: {
      vorname: 'Jonas',
      nachname: 'Weiß',
      telefon: '0351 234567',
      geburtstag: '1991-11-03',
      funktion: funktion.optionIds[1],
    },
    eltern: { vorname: 'Aylin', nachname: 'Öztürk', telefon: '0171 3456789', geburtstag: '1985-07-21' },
    kunde: { vorname: 'Peter', nachname: 'Schäfer', telefon: '0160 4567890', geburtstag: '1969-02-28' },
  };
  for (const login of demoLogins) {
    const person = people[login.nn];
    if (!person) continue;
    await createUser(db, {
      nn: login.nn,
      password: login.password,
      ident: `${person.vorname} ${person.nachname}`,
      // Own passwords: a start password would have to be replaced at the first login, and the demo's printed
      // logins would stop working for everyone after.
      rootPw: false,
      groupIds: [groupIds[login.group] as number],
      values: {
        [vorname.id]: person.vorname,
        [nachname.id]: person.nachname,
        [email.id]: `${login.nn}@hort-sonnenschein.example`,
        [telefon.id]: person.telefon,
        [geburtstag.id]: person.geburtstag,
        ...(person.funktion ? { [funktion.id]: { optionIds: [person.funktion] } } : {}),
      },
    });
  }

  await writeAppSettings(db, {
    app_titel: 'Hort Sonnenschein',
    app_untertitel: 'Ganztagsbetreuung an der Grundschule am Lindenweg',
    app_theme_color_primary: '#2e7d32',
    loginscreen_bg_color: '#e8f5e9',
    loginscreen_bg_img: '',
    loginscreen_welcomeText:
      'Willkommen im Hort Sonnenschein!\nHier finden Eltern und Team alle Neuigkeiten, Termine und Meldungen.',
    // The opening hours and the office's phone are the facility's ('Kontakt und Öffnungszeiten' panel).
    loginscreen_infos: [
      {
        titel: 'Zugangsdaten vergessen?',
        text: 'Bitte wenden Sie sich an das Hortbüro (Telefon unter „Kontakt und Öffnungszeiten“).',
      },
      { titel: 'Datenschutz', text: 'Ihre Daten werden ausschließlich für die Arbeit des Horts verwendet.' },
    ],
    // One facility for the login screen, 210's 'Kontakt' tab and 410's invoices (issue 47).
    einrichtung: exampleFacility,
  });
  await writeModuleSettings(
    db,
    DEMO_HASHES_CODE,
    Object.fromEntries((await demoAccounts(db)).map((account) => [account.nn, account.hash])),
  );
  const accounts = await db
    .select({ id: users.id, nn: users.nn })
    .from(users)
    .where(
      inArray(
        users.nn,
        demoLogins.map((login) => login.nn),
      ),
    );
  const protokoll = demoProtokoll(now, new Map(accounts.map((account) => [account.nn, account.id])));
  const demo = {
    groups: { admins: verwaltung, staff: personal, parents: eltern, customers: kunden },
    now,
    protokoll,
  };
  for (const module of modules) await module.demoSeed?.(db, demo);
  await writeDemoProtokoll(db, protokoll);
  return { adminGroupId: verwaltung };
}

export async function userCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}
