/**
 * Module 200's server side as school.md words it, checked on the demo organisation (issue 33): the
 * getSettings snapshot's statistics lists and anwesenheitHeute fields, createElternbrief with the spec's
 * parent objects, the demo parent's letter, widget 2 only for users with classes, the scan station's
 * framing policy, and the demo's realism (names, weekends, parent accounts, inspections, holidays).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { platformCalls } from '@hortus/contract';
import { childrenCalls, statisticsCalls, type ChildrenData } from '@hortus/contract/modules/children';
import { dashboardCalls } from '@hortus/contract/modules/dashboard';
import { childAttendance, childExceptions, children } from '../../../src/modules/children/schema';
import { isScanStationPage } from '../../../src/modules/children';
import { hydrants } from '../../../src/modules/hydrants/schema';
import { publicHolidays } from '../../../src/modules/payroll/holidays';
import { readPayrollSettings } from '../../../src/modules/payroll/settings';
import { addDays, berlinNow, weekdayOf } from '../../../src/platform/time/berlin-time';
import { expectStatus, startTestServer, type TestServer } from '../../support/helper';
import { pageTexts } from '../../support/pdf-reader';

let demo: TestServer;
let leitung: string;
let eltern: string;
beforeAll(async () => {
  demo = await startTestServer({ seed: 'demo' });
  leitung = await demo.login('leitung', 'Leitung#2026');
  eltern = await demo.login('eltern', 'Eltern#2026');
}, 120_000);
afterAll(() => demo?.close());

async function load(code: string): Promise<ChildrenData> {
  const reply = await demo.call(childrenCalls.getSettings, code);
  expectStatus(reply, 'success', 200);
  return reply.body.save as ChildrenData;
}

describe('getSettings snapshot (school.md 7.3)', () => {
  it('fills anwesenheitenMonate and anwesenheitenDokumente as saveAnwesenheit answers them', async () => {
    const snapshot = await load(leitung);
    // The last school day up to today: the demo's realism below allows no attendance on weekends.
    let schoolDay = berlinNow().day;
    while (weekdayOf(schoolDay) > 5) schoolDay = addDays(schoolDay, -1);
    const saved = await demo.call(statisticsCalls.saveAnwesenheit, leitung, { tag: schoolDay });
    expectStatus(saved, 'success', 200);
    expect(snapshot.anwesenheitenMonate.length).toBeGreaterThan(0);
    expect(snapshot.anwesenheitenMonate).toEqual(saved.body.anwesenheitenMonate);
    expect(snapshot.anwesenheitenDokumente).toEqual(saved.body.anwesenheitenDokumente);
    // Without the statistics right the lists stay empty (as the statistics calls are refused).
    const viewer = await demo.userWithSession({ rechteSolo: ['x|200|000|000'] });
    const viewerSnapshot = await load(viewer.code);
    expect([viewerSnapshot.anwesenheitenMonate, viewerSnapshot.anwesenheitenDokumente]).toEqual([[], []]);
    expectStatus(
      await demo.call(statisticsCalls.saveAnwesenheit, viewer.code, { tag: berlinNow().day }),
      'noRight',
      403,
    );
  });

  it("answers anwesenheitHeute with the spec's fields", async () => {
    const db = demo.database.db;
    const { day } = berlinNow();
    const [kid] = await db.select().from(children).where(isNotNull(children.classId)).limit(1);
    if (!kid) throw new Error('demo has no children');
    await db.delete(childAttendance).where(and(eq(childAttendance.childId, kid.id), eq(childAttendance.day, day)));
    const [record] = await db
      .insert(childAttendance)
      .values({ childId: kid.id, day, timeFrom: '11:50', timeTo: '15:10', reason: 'Ausnahme' })
      .returning({ id: childAttendance.id });
    await db
      .insert(childExceptions)
      .values({ childId: kid.id, day, present: true, releaseTime: '15:00', comment: 'Zahnarzt', byParent: false });
    const shown = (await load(leitung)).kinder.find((entry) => entry.id === kid.id);
    expect(shown?.anwesenheitHeute).toEqual({
      id: record?.id,
      tag: day,
      zeit_von: '11:50',
      time_angemeldet: '11:50',
      zeit_bis: '15:10',
      time_abgemeldet: '15:10',
      entlassgrund: 'Ausnahme',
      entlassgrundRegelausnahme: expect.any(String) as string,
      entlassgrundAusnahme: 'Zahnarzt',
      status: 2,
      anwesendHeuteBis: '15:00',
    });
    expect(shown?.anwesendHeuteBis).toBe('15:00');
    // Today may be a weekend: the demo's realism below allows no attendance there.
    await db.delete(childAttendance).where(eq(childAttendance.id, record?.id ?? 0));
    await db.delete(childExceptions).where(and(eq(childExceptions.childId, kid.id), eq(childExceptions.day, day)));
  });
});

describe('createElternbrief (school.md 7.3)', () => {
  it("takes the spec's list of parent account objects as well as ids, and still refuses bad input", async () => {
    const parents = (await load(leitung)).eltern;
    const [first, second] = parents;
    if (!first || !second) throw new Error('demo has too few parent accounts');
    const byObjects = await demo.call(childrenCalls.createElternbrief, leitung, {
      eltern: JSON.stringify([first, { id: String(second.id) }]),
    });
    expectStatus(byObjects, 'success', 200);
    expect(byObjects.body.name).toBe('Zugangsdaten_Alle.pdf');
    expectStatus(await demo.call(childrenCalls.createElternbrief, leitung, { eltern: [first.id] }), 'success', 200);
    const bad = await demo.call(childrenCalls.createElternbrief, leitung, { eltern: JSON.stringify([{ id: 'x' }]) });
    expectStatus(bad, 'validationError', 400);
    expect(Object.values(bad.body.errors as Record<string, string[]>).flat()).toContain('Ungültige Nummer.');
    expectStatus(await demo.call(childrenCalls.createElternbrief, eltern, { eltern: [first.id] }), 'noRight', 403);
  });

  it('prints a fresh start password for a demo parent still on one, and none for the demo login', async () => {
    const parents = (await load(leitung)).eltern;
    const onStart = parents.find((entry) => entry.nn === 'eltern2');
    const own = parents.find((entry) => entry.nn === 'eltern');
    const letterOf = async (id: number) => {
      const letter = await demo.call(childrenCalls.createElternbrief, leitung, { eltern: [id] });
      expectStatus(letter, 'success', 200);
      const file = await demo.app.inject({
        method: 'POST',
        url: '/_api/data/download.php',
        payload: { code: leitung, file: letter.body.file },
      });
      return (await pageTexts(new Uint8Array(file.rawPayload))).join(' ');
    };
    const text = await letterOf(onStart?.id ?? 0);
    const printed = /Startpasswort\s+([A-Za-z2-9]{12})/.exec(text)?.[1] ?? '';
    expect(printed).toMatch(/^[A-Za-z2-9]{12}$/);
    const first = await demo.post(platformCalls.login.url, { nn: 'eltern2', pw: printed });
    expect(first.body).toEqual({ status: 'passwortWaehlen' });
    // The demo login keeps its own password (printed in the README), so its letter prints none.
    const ownText = await letterOf(own?.id ?? 0);
    expect(ownText).toContain('(bereits vom Elternkonto geändert)');
    expect(ownText).not.toContain('Eltern#2026');
  });
});

describe('widget 2 (Abwesenheiten)', () => {
  it('is offered to staff with classes, not to parents', async () => {
    const widgets = async (code: string) => {
      const reply = await demo.call(dashboardCalls.getSettings, code);
      expectStatus(reply, 'success', 200);
      return ((reply.body.save as { widgets: { id: string }[] }).widgets ?? []).map((widget) => widget.id);
    };
    expect(await widgets(leitung)).toContain('w2');
    expect(await widgets(eltern)).not.toContain('w2');
    expectStatus(await demo.call(childrenCalls.w2, eltern, {}), 'noRight', 403);
    expectStatus(await demo.call(childrenCalls.w2, leitung, {}), 'success', 200);
  });
});

describe('scan station page', () => {
  it('may frame https dashboards; every other page frames nothing', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Hortus</title>');
    const web = await startTestServer({ webDist });
    try {
      const policy = async (url: string) =>
        String((await web.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      const station = await policy('/200?SCAN');
      expect(station).toContain("frame-src 'self' https:");
      expect(station).toContain("frame-ancestors 'none'");
      expect(station).toContain("script-src 'self'");
      for (const url of ['/200', '/', '/210?SCAN', '/200/x?SCAN']) expect(await policy(url)).not.toContain('frame-src');
    } finally {
      await web.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
    expect(isScanStationPage('/200/?SCAN=1&x=2')).toBe(true);
    expect(isScanStationPage('/200?SCANNER')).toBe(false);
  });
});

describe('demo realism', () => {
  const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

  it('has no two children with the same name and no attendance on weekends', async () => {
    const db = demo.database.db;
    const kids = await db.select({ vorname: children.vorname, nachname: children.nachname }).from(children);
    const names = kids.map((kid) => `${kid.vorname} ${kid.nachname}`);
    expect(new Set(names).size).toBe(names.length);
    const days = await db.selectDistinct({ day: childAttendance.day }).from(childAttendance);
    expect(days.length).toBeGreaterThan(0);
    expect(days.filter((row) => [0, 6].includes(weekday(row.day)))).toEqual([]);
  });

  it('has a parent account for every child with a parent report, who sent it', async () => {
    const rows = await demo.database.db
      .select({ parent: children.parentUserId, createdBy: childExceptions.createdBy })
      .from(childExceptions)
      .innerJoin(children, eq(children.id, childExceptions.childId))
      .where(eq(childExceptions.byParent, true));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.parent).not.toBeNull();
      expect(row.createdBy).toBe(row.parent);
    }
  });

  it('has no hydrant inspection in the future', async () => {
    const { day } = berlinNow();
    const dates = await demo.database.db.select({ date: hydrants.lastInspection }).from(hydrants);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.filter((row) => row.date > day)).toEqual([]);
  });

  it("keeps the payroll's holidays of Saxony, where the organisation is", async () => {
    const settings = await readPayrollSettings(demo.database.db);
    expect(settings.bundesland).toBe('SN');
    const names = [...publicHolidays(settings, 2026).values()];
    expect(names).toContain('Buß- und Bettag');
    expect(names).not.toContain('Allerheiligen');
  });
});

describe('the demo of issue 44', () => {
  it('has each kind of permission, a pickup person with earlier versions, allergies and an open health proposal', async () => {
    const reply = await demo.call(childrenCalls.getSettings, leitung);
    expectStatus(reply, 'success');
    const kinder = (reply.body.save as ChildrenData).kinder;
    const rules = kinder.map((kind) => kind.abholung?.alleinNachHause);
    expect(rules.some((rule) => rule?.erlaubt && !rule.papier && rule.abZeit === '14:00')).toBe(true);
    expect(rules.some((rule) => rule?.erlaubt && rule.papier)).toBe(true);
    expect(rules.some((rule) => rule?.erlaubt === false)).toBe(true);
    expect(kinder.filter((kind) => kind.gesundheit?.allergien).length).toBeGreaterThanOrEqual(2);
    const details = async (id: number) => {
      const got = await demo.call(childrenCalls.getKind, leitung, { id });
      expectStatus(got, 'success');
      return got.body.kind as ChildrenData['kinder'][number];
    };
    const berg = kinder.find((kind) => kind.abholung?.personen.some((person) => person.name === 'Frau Berg'));
    expect((await details(berg?.id ?? 0)).abholung?.personenVersionen).toHaveLength(2);
    const lactose = kinder.find((kind) => kind.gesundheit?.allergien === 'Laktoseintoleranz');
    expect((await details(lactose?.id ?? 0)).gesundheitVorschlaege?.map((entry) => entry.status)).toEqual(['offen']);
  });
});
