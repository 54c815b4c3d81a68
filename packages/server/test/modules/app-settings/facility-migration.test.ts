import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyFacility } from '@hortus/contract';
import { migrationsFolder } from '../../../src/platform/db/database';
import { appSettings } from '../../../src/platform/db/schema';
import { readFacility } from '../../../src/platform/settings/org-data';
import { writeModuleSettings } from '../../../src/platform/settings/module-settings';
import { freshDatabase, type TestDatabase } from '../../support/helper';

/** The data migration of issue 47 (0036_facility.sql): the facility from 210's contact, else 410's company. */
const migration = fs.readFileSync(path.join(migrationsFolder(), '0036_facility.sql'), 'utf8');

const oldContact = {
  kontakt_name: 'Hort Sonnenschein',
  kontakt_adresse: 'Lindenstraße 12a\n01067 Dresden',
  kontakt_telefon: '(0351) 123456',
  kontakt_email: 'hort@example.org',
  kontakt_oeffnungszeiten: 'Montag bis Freitag 6:30 – 17:00 Uhr',
  kontakt_gruppen: [],
  abholungHeute_spaetestensBis: '12:00',
};
const oldFirm = {
  name: 'Hort Sonnenschein gGmbH',
  strasse: 'Lindenweg',
  hausnummer: '12',
  plz: '01099',
  ort: 'Dresden',
  telefon: '0351 123456',
  mail: 'buero@hort.example',
  steuernummer: '203/123/45678',
};

let test: TestDatabase;
beforeEach(async () => {
  test = await freshDatabase();
});
afterEach(async () => {
  await test.drop();
});

const run = () => test.database.db.execute(sql.raw(migration));

describe('migration 0036_facility (a database holding only the old values)', () => {
  it("fills the facility from 210's contact, splitting its address, and runs twice without change", async () => {
    const { db } = test.database;
    await writeModuleSettings(db, '210', oldContact);
    await writeModuleSettings(db, '410', { firma: oldFirm });
    await run();
    const expected = {
      name: 'Hort Sonnenschein',
      strasse: 'Lindenstraße',
      hausnummer: '12a',
      plz: '01067',
      ort: 'Dresden',
      telefon: '(0351) 123456',
      email: 'hort@example.org',
      oeffnungszeiten: 'Montag bis Freitag 6:30 – 17:00 Uhr',
    };
    expect(await readFacility(db)).toEqual(expected);
    await run();
    const rows = await db.select().from(appSettings).where(eq(appSettings.key, 'einrichtung'));
    expect(rows.map((row) => row.value)).toEqual([expected]);
  });

  it('keeps an address that does not fit the pattern whole', async () => {
    const { db } = test.database;
    await writeModuleSettings(db, '210', { ...oldContact, kontakt_adresse: 'Am Markt, Haus B, Eingang Hof' });
    await run();
    expect(await readFacility(db)).toMatchObject({
      strasse: 'Am Markt',
      hausnummer: '',
      plz: '',
      ort: 'Haus B, Eingang Hof',
    });
  });

  it("takes 410's company address when 210 holds no contact", async () => {
    const { db } = test.database;
    // 210's save always stored its five contact fields: here all empty.
    const emptied = Object.entries(oldContact).map(([key, value]) => [key, typeof value === 'string' ? '' : value]);
    await writeModuleSettings(db, '210', { ...Object.fromEntries(emptied), abholungHeute_spaetestensBis: '12:00' });
    await writeModuleSettings(db, '410', { firma: oldFirm });
    await run();
    const { mail, steuernummer: _taxNumber, ...address } = oldFirm;
    expect(await readFacility(db)).toEqual({ ...address, email: mail, oeffnungszeiten: '' });
  });

  it('never replaces a stored facility, and stores none without old values', async () => {
    const { db } = test.database;
    await run();
    expect(await db.select().from(appSettings).where(eq(appSettings.key, 'einrichtung'))).toEqual([]);
    const own = { ...emptyFacility, name: 'Schon gepflegt' };
    await db.insert(appSettings).values({ key: 'einrichtung', value: own });
    await writeModuleSettings(db, '210', oldContact);
    await run();
    expect(await readFacility(db)).toEqual(own);
  });
});
