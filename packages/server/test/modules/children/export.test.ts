import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import type { ImportReply } from '@hortus/contract';
import {
  childrenCalls,
  type ChildrenData,
  type ChildrenSave,
  type EditChildInput,
} from '@hortus/contract/modules/children';
import { and, asc, eq } from 'drizzle-orm';
import { groups, protokoll } from '../../../src/platform/db/schema';
import { createGroup } from '../../../src/seed/factories';
import { expectStatus, startTestServer, type TestServer } from '../../support/helper';
import { fetchStored } from '../../support/download';
import { postMultipart } from '../../support/multipart';

let server: TestServer;
let leitung: string;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
  leitung = await server.login('leitung', 'Leitung#2026');
}, 120_000);
afterAll(() => server.close());

const header = [
  'Vorname',
  'Nachname',
  'Klasse',
  'Geburtsdatum',
  'Geschlecht',
  'Betreuungsplatz',
  'Entlasszeit',
  'Erziehungsberechtigte/r',
  'Benutzername',
  'E-Mail',
  'Telefon',
  'Abholberechtigte',
];
const withoutParents = header.filter(
  (column) => !['Erziehungsberechtigte/r', 'Benutzername', 'E-Mail'].includes(column),
);

async function data(code: string): Promise<ChildrenData> {
  const reply = await server.call(childrenCalls.getSettings, code);
  expectStatus(reply, 'success');
  return reply.body.save as ChildrenData;
}
async function save(code: string, dataToSave: ChildrenSave): Promise<void> {
  expectStatus(await server.call(childrenCalls.getSettings, code, { dataToSave }), 'success');
}
/** A class seen and edited by the demo's Verwaltung (leitung) and the given groups. */
async function addClass(name: string, gruppen: number[] = []): Promise<number> {
  const [verwaltung] = await server.database.db.select().from(groups).where(eq(groups.name, 'Verwaltung'));
  const condition = { alle: false, gruppen: [verwaltung?.id as number, ...gruppen] };
  await save(leitung, {
    type: 'klassen',
    data: { klassen: [{ id: 0, name, bedingungen: { f200: { sehen: condition, bearbeiten: condition } } }] },
  });
  return (await data(leitung)).klassen.find((k) => k.name === name)?.id as number;
}

/** exportKinder and the file it offers: name, bytes. */
async function exportFile(code: string, format?: string): Promise<{ name: string; bytes: Buffer }> {
  const reply = await server.call(childrenCalls.exportKinder, code, format === undefined ? {} : { format });
  expectStatus(reply, 'success');
  return { name: String(reply.body.name), bytes: await fetchStored(server.app, code, String(reply.body.file)) };
}
const csvLines = (bytes: Buffer) =>
  bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(0, -1);
const cells = (line: string) => line.split(';').map((cell) => cell.replace(/^"(.*)"$/, '$1'));

/** The import's preview of a file (importKinder with probelauf). */
async function preview(code: string, file: { name: string; bytes: Buffer }): Promise<ImportReply> {
  const reply = await postMultipart(
    server.app,
    childrenCalls.importKinder.url,
    { code, probelauf: 'true' },
    { filename: file.name, bytes: file.bytes },
  );
  expect(reply.status).toBe('success');
  return reply.body as unknown as ImportReply;
}

describe('exportKinder', () => {
  it('leitung gets every child in the import’s columns (CSV for German Excel, XLSX); it imports as duplicates only', async () => {
    const shown = (await data(leitung)).kinder;
    expect(shown.length).toBeGreaterThan(0);

    const csv = await exportFile(leitung);
    expect(csv.name).toMatch(/^kinder-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csvLines(csv.bytes);
    expect(cells(lines[0] ?? '')).toEqual(header);
    expect(lines).toHaveLength(shown.length + 1);
    // A demo child with a parent account: German date, the account's name, user name and e-mail.
    const child = shown.find((kind) => kind.id_eltern !== 0 && kind.date_geburtstag !== '') as (typeof shown)[number];
    const parent = (await data(leitung)).eltern.find((p) => p.id === child.id_eltern);
    const row = lines.map(cells).find((line) => line[0] === child.vorname && line[1] === child.nachname);
    const [year, month, day] = child.date_geburtstag.split('-');
    expect(row?.slice(2, 4)).toEqual([child.name_klasse, `${day}.${month}.${year}`]);
    expect(row?.[8]).toBe(parent?.nn);
    expect(row?.[7]).toBe(`${parent?.vorname} ${parent?.nachname}`.trim());

    expect(await preview(leitung, csv)).toMatchObject({ neu: 0, fehler: [], doppelt: shown.length });

    const xlsx = await exportFile(leitung, 'xlsx');
    expect(xlsx.name).toMatch(/^kinder-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Kinder');
    expect(sheet?.rowCount).toBe(shown.length + 1);
    expect(sheet?.getRow(1).values).toEqual([undefined, ...header]);
    expect(await preview(leitung, xlsx)).toMatchObject({ neu: 0, fehler: [], doppelt: shown.length });

    // Each export is a Protokoll entry: who, which format, how many children (reads leave none otherwise).
    const entries = await server.database.db
      .select()
      .from(protokoll)
      .where(and(eq(protokoll.modul, '200'), eq(protokoll.objektTyp, 'Kinderliste')));
    expect(entries.map((entry) => [entry.aktion, entry.objektId])).toEqual(
      expect.arrayContaining([
        ['Liste exportiert', 'CSV'],
        ['Liste exportiert', 'XLSX'],
      ]),
    );
    expect(JSON.stringify(entries[0]?.details)).toContain(`"Kinder":[null,${shown.length}]`);
  });

  it('round trip (property): whatever children are stored, their export imports as duplicates only', async () => {
    const klasse = await addClass('Export-P');
    // Cells that start like formulas ("-", "+", "@", "'-") and hold separators, quotes and parentheses.
    const letters = 'aZäöüßÄÖÜé-.,;"\'()+@ ';
    const name = fc
      .array(fc.constantFrom(...letters.split('')), { minLength: 1, maxLength: 12 })
      .map((chars) => chars.join('').trim())
      .filter((text) => text !== '');
    const time = fc.tuple(fc.integer({ min: 7, max: 17 }), fc.constantFrom('00', '15', '30', '45'));
    const child = fc.record({
      vorname: name,
      nachname: name,
      junge: fc.boolean(),
      birthday: fc.option(fc.date({ min: new Date('2010-01-01'), max: new Date('2024-12-31'), noInvalidDate: true })),
      care: time,
      release: time,
      phones: fc.array(fc.constantFrom('0351 123456', '+49 171 1234567', '(0351) 98-76'), { maxLength: 2 }),
      pickups: fc.array(fc.tuple(name, fc.constantFrom('', 'Oma', 'Nachbar-in')), { maxLength: 2 }),
    });
    const hh = ([h, m]: [number, string]) => `${String(h).padStart(2, '0')}:${m}`;
    await fc.assert(
      fc.asyncProperty(fc.array(child, { minLength: 1, maxLength: 3 }), async (generated) => {
        for (const c of generated) {
          const input: EditChildInput = {
            kind: {
              id: 0,
              vorname: c.vorname,
              nachname: c.nachname,
              id_klasse: klasse,
              junge: c.junge,
              date_geburtstag: c.birthday ? c.birthday.toISOString().slice(0, 10) : '',
              betreuungsplatz: hh(c.care),
              standardentlasszeit: hh(c.release),
            },
            telefonnummern: c.phones.map((nummer) => ({ id: 0, name: 'Mutter', nummer })),
            abholberechtigte: c.pickups.map(([pickup, beziehung]) => ({ id: 0, name: pickup, beziehung })),
          };
          await save(leitung, { type: 'editKind', data: input });
        }
        const count = (await data(leitung)).kinder.length;
        for (const format of ['csv', 'xlsx']) {
          expect(await preview(leitung, await exportFile(leitung, format))).toMatchObject({
            neu: 0,
            fehler: [],
            doppelt: count,
          });
        }
      }),
      { numRuns: 6 },
    );
  }, 120_000);

  it('a user restricted to some classes gets only their children; parent columns only with the parents right', async () => {
    const db = server.database.db;
    const group = (await createGroup(db)) as number;
    const klasse = await addClass('Export-R', [group]);
    const demoParent = (await data(leitung)).eltern[0];
    if (!demoParent) throw new Error('the demo has parent accounts');
    await save(leitung, {
      type: 'editKind',
      data: {
        kind: {
          id: 0,
          vorname: 'Rita',
          nachname: 'Restrikt',
          id_klasse: klasse,
          betreuungsplatz: '11:30',
          standardentlasszeit: '15:00',
        },
        id_eltern: demoParent.id,
        telefonnummern: [{ id: 0, name: 'Mutter', nummer: '0351 4711' }],
      },
    });
    const staff = await server.userWithSession({ groupIds: [group], rechteSolo: ['x|000|000', 'x|200|000|000'] });
    const lines = csvLines((await exportFile(staff.code)).bytes).map(cells);
    expect(lines).toEqual([
      withoutParents,
      ['Rita', 'Restrikt', 'Export-R', '', 'm', '11:30', '15:00', '0351 4711', ''],
    ]);

    const withParents = await server.userWithSession({
      groupIds: [group],
      rechteSolo: ['x|000|000', 'x|200|000|000', 'x|200|100'],
    });
    const parentLines = csvLines((await exportFile(withParents.code)).bytes).map(cells);
    expect(parentLines[0]).toEqual(header);
    expect(parentLines).toHaveLength(2);
    // The parent account's other children are in classes this user does not see: not in the file.
    expect(parentLines[1]?.slice(0, 3)).toEqual(['Rita', 'Restrikt', 'Export-R']);
    expect(parentLines[1]?.[8]).toBe(demoParent.nn);
  });

  it('health notes only when chosen (gesundheit), and only of the children the caller sees (issue 44)', async () => {
    const db = server.database.db;
    const group = (await createGroup(db)) as number;
    const klasse = await addClass('Export-G', [group]);
    const hiddenClass = await addClass('Export-G-versteckt');
    for (const [vorname, id_klasse] of [
      ['Gesa', klasse],
      ['Hanno', hiddenClass],
    ] as const) {
      await save(leitung, {
        type: 'editKind',
        data: {
          kind: {
            id: 0,
            vorname,
            nachname: 'Gesund',
            id_klasse,
            betreuungsplatz: '11:30',
            standardentlasszeit: '15:00',
          },
        },
      });
    }
    const ids = (await data(leitung)).kinder.filter((kind) => kind.nachname === 'Gesund').map((kind) => kind.id);
    for (const id of ids) {
      await save(leitung, {
        type: 'gesundheit',
        data: {
          id_kind: id,
          allergien: 'Erdnüsse',
          medikamente: 'Asthmaspray',
          hinweise: 'Brille',
          notfallkontakte: [{ name: 'Opa Karl', telefon: '0351 9876', beziehung: 'Opa' }],
        },
      });
    }
    const staff = await server.userWithSession({ groupIds: [group], rechteSolo: ['x|000|000', 'x|200|000|000'] });
    const plain = csvLines((await exportFile(staff.code)).bytes).map(cells);
    expect(plain[0]).toEqual(withoutParents);
    expect(plain.flat()).not.toContain('Erdnüsse');

    const reply = await server.call(childrenCalls.exportKinder, staff.code, { gesundheit: 'true' });
    expectStatus(reply, 'success');
    const lines = csvLines(await fetchStored(server.app, staff.code, String(reply.body.file))).map(cells);
    expect(lines).toEqual([
      [...withoutParents, 'Allergien', 'Medikamente', 'Gesundheitshinweise', 'Notfallkontakte'],
      [
        'Gesa',
        'Gesund',
        'Export-G',
        '',
        'm',
        '11:30',
        '15:00',
        '',
        '',
        'Erdnüsse',
        'Asthmaspray',
        'Brille',
        'Opa Karl (Opa) 0351 9876',
      ],
    ]);
    const entries = await db
      .select()
      .from(protokoll)
      .where(and(eq(protokoll.nutzerId, staff.id), eq(protokoll.objektTyp, 'Kinderliste')))
      // In the order written (PostgreSQL answers an unordered select in any order).
      .orderBy(asc(protokoll.id));
    // The Protokoll tells which export carried health notes.
    expect(entries.map((entry) => JSON.stringify(entry.details))).toEqual([
      expect.stringContaining('"Gesundheitshinweise":[null,"nein"]'),
      expect.stringContaining('"Gesundheitshinweise":[null,"ja"]'),
    ]);

    const bad = await server.call(childrenCalls.exportKinder, staff.code, { gesundheit: 'vielleicht' });
    expectStatus(bad, 'validationError', 400);
    expect(Object.keys(bad.body.errors as object)).toEqual(['gesundheit']);
  });

  it('refuses callers without the children list right, the settings right alone and bad formats (German, no 500)', async () => {
    const noList = await server.userWithSession({ rechteSolo: ['x|000|000', 'x|200|100'] });
    expectStatus(await server.call(childrenCalls.exportKinder, noList.code, {}), 'noRight', 403);
    const settingsOnly = await server.userWithSession({ rechteSolo: ['x|000|000', 'x|200|set'] });
    expectStatus(await server.call(childrenCalls.exportKinder, settingsOnly.code, {}), 'noRight', 403);
    const noSession = await server.call(childrenCalls.exportKinder, 'falsch', {});
    expect(noSession.body.status).toBe('accessError');
    for (const format of ['pdf', '', 'CSV']) {
      const bad = await server.call(childrenCalls.exportKinder, leitung, { format });
      expectStatus(bad, 'validationError', 400);
      expect(bad.body.errors).toEqual({ format: ['Bitte csv oder xlsx angeben.'] });
    }
  });
});
