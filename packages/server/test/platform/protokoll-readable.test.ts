import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { GetProtokollReply } from '@hortus/contract';
import { childHistoryCalls, childrenCalls, type ChildrenData } from '@hortus/contract/modules/children';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { detailsText } from '../../src/platform/audit/protokoll';
import { queryRows } from '../../src/platform/db/raw';
import { children } from '../../src/modules/children/schema';
import { invalidateChildBase } from '../../src/modules/children/child-base';
import { createGroup } from '../../src/seed/factories';
import { userGroups, users } from '../../src/platform/db/schema';
import { expectStatus, startTestServer, type TestServer } from '../support/helper';

/**
 * The Protokoll and a child's 'Verlauf' read in German (issue 47): German column names from each module
 * (ServerModule.protokollFields), German dates and amounts, and records named as they are now
 * (ServerModule.protokollNames) — but only records the reader may see (the module's access port).
 */

let server: TestServer;
let admin: string;
let seesA: Awaited<ReturnType<TestServer['userWithSession']>>;
let classes: { a: number; b: number };
let groupB: number;
let childId: number;

const readerRights = ['x|005|030', 'x|200|000|000', 'x|200|000|010'];

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin', 'Admin#Passwort1');
  const db = server.database.db;
  const groupA = await createGroup(db, { name: 'Nur 1a' });
  groupB = await createGroup(db, { name: 'Nur 2b' });
  const [adminRow] = await db.select({ id: users.id }).from(users).where(eq(users.nn, 'admin'));
  const adminGroups = (
    await db.select({ id: userGroups.groupId }).from(userGroups).where(eq(userGroups.userId, adminRow!.id))
  ).map((row) => row.id);
  const only = (gruppen: number[]) => ({ alle: false, gruppen });
  expectStatus(
    await server.call(childrenCalls.getSettings, admin, {
      dataToSave: {
        type: 'klassen',
        data: {
          klassen: [
            {
              id: 0,
              name: 'Lesbar 1a',
              bedingungen: {
                f200: { sehen: only([groupA, ...adminGroups]), bearbeiten: only([groupA, ...adminGroups]) },
              },
            },
            {
              id: 0,
              name: 'Lesbar 2b',
              bedingungen: { f200: { sehen: only([groupB, ...adminGroups]), bearbeiten: only(adminGroups) } },
            },
          ],
        },
      },
    }),
    'success',
  );
  const loaded = (await server.call(childrenCalls.getSettings, admin)).body.save as ChildrenData;
  const idOf = (name: string) => loaded.klassen.find((entry) => entry.name === name)!.id;
  classes = { a: idOf('Lesbar 1a'), b: idOf('Lesbar 2b') };
  const kind = {
    id: 0,
    vorname: 'Emma',
    nachname: 'Lesbar',
    id_klasse: classes.a,
    betreuungsplatz: '11:30',
    standardentlasszeit: '15:00',
  };
  const added = await server.call(childrenCalls.getSettings, admin, {
    dataToSave: { type: 'editKind', data: { kind } },
  });
  expectStatus(added, 'success');
  childId = (added.body.save as ChildrenData).kinder.find((entry) => entry.nachname === 'Lesbar')!.id;
  expectStatus(
    await server.call(childrenCalls.getSettings, admin, {
      dataToSave: {
        type: 'editKind',
        data: { kind: { ...kind, id: childId, id_klasse: classes.b, date_geburtstag: '2019-02-01' } },
      },
    }),
    'success',
  );
  seesA = await server.userWithSession({ groupIds: [groupA], rechteSolo: readerRights });
});

afterAll(() => server.close());

async function entriesOf(code: string): Promise<GetProtokollReply['eintraege']> {
  const reply = await server.call(userAdminCalls.getProtokoll, code, { objekt: `Kind ${childId}` });
  expectStatus(reply, 'success');
  return (reply.body as unknown as GetProtokollReply).eintraege;
}

describe('the Protokoll in German', () => {
  it('names columns in German, a class by its name, dates as TT.MM.JJJJ, and the child as it is called now', async () => {
    const [changed, created] = await entriesOf(admin);
    expect(changed!.objekt).toBe(`Kind ${childId}`);
    expect(changed!.bezeichnung).toBe('Emma Lesbar');
    expect(changed!.details).toContain('Kind geändert:');
    expect(changed!.details).toContain('Klasse „Lesbar 1a“ → „Lesbar 2b“');
    expect(changed!.details).toContain('Geburtstag – → 01.02.2019');
    expect(created!.details).toContain('Vorname „Emma“');
    expect(created!.details).toContain('Entlasszeit „15:00“');
    for (const entry of [changed!, created!]) {
      expect(entry.details).not.toMatch(/class_id|birthday|vorname|release_time|\bid \d|version|edited_by/);
      expect(entry.details).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    }
  });

  it('resolves names when read: a renamed child and class show their new names in old entries', async () => {
    const db = server.database.db;
    await db.update(children).set({ vorname: 'Emmi' }).where(eq(children.id, childId));
    await invalidateChildBase(db);
    const entries = await entriesOf(admin);
    expect(entries.every((entry) => entry.bezeichnung === 'Emmi Lesbar')).toBe(true);
    // The value the entry recorded stays as it was.
    expect(entries.some((entry) => entry.details.includes('Vorname „Emma“'))).toBe(true);
  });

  it('names nothing the reader may not see: another class’s child stays withheld and unnamed', async () => {
    const entries = await entriesOf(seesA.code);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(entry.bezeichnung).toBe('');
      expect(entry.details).toBe('Details ausgeblendet (keine Berechtigung für diesen Datensatz)');
      expect(JSON.stringify(entry)).not.toContain('Lesbar');
    }
    // Without the Protokoll right: no entries at all.
    const staff = await server.userWithSession({ rechteSolo: ['x|200|000|000'] });
    expectStatus(await server.call(userAdminCalls.getProtokoll, staff.code, {}), 'noRight', 403);
  });

  it('a class the reader may not see is not named in a visible child’s details', async () => {
    // A reader who sees 2b but not 1a: the child is visible, its former class is not.
    const seesB = await server.userWithSession({ groupIds: [groupB], rechteSolo: readerRights });
    const changed = (await entriesOf(seesB.code)).find((entry) => entry.details.includes('Klasse '));
    expect(changed!.bezeichnung).toBe('Emmi Lesbar');
    expect(changed!.details).toContain(`Klasse Nr. ${classes.a} → „Lesbar 2b“`);
    expect(changed!.details).not.toContain('Lesbar 1a');
  });

  it('the child’s Verlauf reads the same way', async () => {
    const reply = await server.call(childHistoryCalls.getKindProtokoll, admin, { id: childId });
    expectStatus(reply, 'success');
    const changed = (reply.body as unknown as GetProtokollReply).eintraege.find((entry) =>
      entry.details.includes('Klasse '),
    );
    expect(changed!.bezeichnung).toBe('Emmi Lesbar');
    expect(changed!.details).toContain('Klasse „Lesbar 1a“ → „Lesbar 2b“');
    expectStatus(await server.call(childHistoryCalls.getKindProtokoll, admin, { id: 'x' }), 'validationError', 400);
  });
});

describe('detailsText', () => {
  const reading = {
    labels: new Map([['orders', 'Auftrag']]),
    fields: new Map(),
    names: new Map(),
  };

  it('reads amounts in cents as euros, hundredths as decimals, times in Berlin time and days in German', () => {
    const text = detailsText(
      [
        {
          t: 'orders',
          a: 'UPDATE',
          f: {
            wert_cents: [21420, 99],
            hours_hundredths: [16000, 750],
            due_at: ['2026-11-25T05:00:00+00:00', null],
            tag: ['2026-03-01', '2026-03-02'],
            erledigt: [false, true],
            input: [{ monat: '2026-10' }, [1, 2]],
          },
        },
      ],
      reading,
    );
    expect(text).toBe(
      'Auftrag geändert: wert_cents 214,20 € → 0,99 €, hours_hundredths 160 → 7,5, ' +
        'due_at 25.11.2026, 06:00:00 → –, tag 01.03.2026 → 02.03.2026, erledigt nein → ja, ' +
        'input (monat: „2026-10“) → 1, 2',
    );
  });

  it('puts each changed part on its own line and leaves ids out', () => {
    const text = detailsText(
      [
        { t: 'orders', a: 'INSERT', f: { id: [null, 4], name: [null, 'A'] } },
        { t: 'positions', a: 'DELETE', f: { id: [3, null], version: [2, null] } },
      ],
      reading,
    );
    expect(text).toBe('Auftrag neu: name „A“\npositions entfernt');
  });
});

describe('the modules name their columns (ServerModule.protokollFields)', () => {
  it('payroll (420) and fees (220) read in German, amounts and hours as such', () => {
    const { protokollLabels, protokollFields } = server.context;
    const reading = { labels: protokollLabels, fields: protokollFields, names: new Map() };
    expect(
      detailsText(
        [
          {
            t: 'payroll_employees',
            a: 'UPDATE',
            f: { festgehalt_cents: [250000, 260050], vertrag_stunden_hundredths: [3900, 4000], updated_at: ['a', 'b'] },
          },
          { t: 'fees_mandates', a: 'UPDATE', f: { collected: [false, true], signed_on: [null, '2026-01-15'] } },
        ],
        reading,
      ),
    ).toBe(
      'Mitarbeiter geändert: Festgehalt 2.500,00 € → 2.600,50 €, Vertragsstunden 39 → 40\n' +
        'Mandat geändert: Bereits eingezogen nein → ja, Unterschrieben am – → 15.01.2026',
    );
  });

  it('every column of every table the Protokoll tracks has a German name or is left out on purpose', async () => {
    const { protokollLabels, protokollFields } = server.context;
    const db = server.database.db;
    // Never recorded: the trigger's own exclusions (its fourth argument) and secrets by name (0017_protokoll.sql).
    const neverRecorded = /^(id|version|edited_by)$|password|passwort|hash|token|secret/i;
    const unnamed: string[] = [];
    const untracked: string[] = [];
    for (const table of protokollLabels.keys()) {
      const [trigger] = await queryRows<{ args: string }>(
        db,
        sql`select encode(tgargs, 'escape') as args from pg_trigger where tgname = 'protokoll' and tgrelid = to_regclass(${table})`,
      );
      // Entries a module writes itself ('anmeldung', 'weitergabe', a broadcast) have no table; a table that
      // has a label but lost its trigger (e.g. a migration generated anew on a merge) is recorded by nobody.
      if (!trigger) {
        const [exists] = await queryRows<{ name: string | null }>(db, sql`select to_regclass(${table})::text as name`);
        if (exists?.name) untracked.push(table);
        continue;
      }
      const excluded = new Set((trigger?.args.split('\\000')[3] ?? '').split(',').filter((name) => name !== ''));
      const columns = await queryRows<{ column_name: string }>(
        db,
        sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`,
      );
      const named = protokollFields.get(table) ?? {};
      for (const { column_name } of columns) {
        if (!neverRecorded.test(column_name) && !excluded.has(column_name) && !(column_name in named)) {
          unnamed.push(`${table}.${column_name}`);
        }
      }
    }
    expect(protokollLabels.size).toBeGreaterThan(20);
    expect(untracked).toEqual([]);
    expect(unnamed).toEqual([]);
  });

  it('hydrants (310) and customers (410) read in German', () => {
    const { protokollLabels, protokollFields } = server.context;
    const reading = { labels: protokollLabels, fields: protokollFields, names: new Map() };
    expect(
      detailsText(
        [
          { t: 'hydrants', a: 'UPDATE', f: { durchmesser: [100, 150], last_inspection: ['', '2026-11-02'] } },
          { t: 'customer_order_lines', a: 'INSERT', f: { titel: [null, 'Hortbetreuung'], net_cents: [null, 18550] } },
        ],
        reading,
      ),
    ).toBe(
      'Hydrant geändert: Durchmesser (mm) 100 → 150, Letzte Prüfung – → 02.11.2026\n' +
        'Position neu: Titel „Hortbetreuung“, Netto 185,50 €',
    );
  });
});
