import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { platformCalls } from '@hortus/contract';
import { calendarCalls, calendarModule } from '@hortus/contract/modules/calendar';
import { dashboardCalls } from '@hortus/contract/modules/dashboard';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { HotCache, invalidate, invalidateUsers, remember } from '../../src/platform/cache/hot-cache';
import { groups, userParameterValues } from '../../src/platform/db/schema';
import { calendarEvents, calendarCategories } from '../../src/modules/calendar/schema';
import { readCalendarSettings } from '../../src/modules/calendar/settings';
import { invalidateCalendar } from '../../src/modules/calendar/state';
import { writeModuleSettings } from '../../src/platform/settings/module-settings';
import { createGroup } from '../../src/seed/factories';
import { expectStatus, startTestServer, type TestServer } from '../support/helper';
import { countQueries } from '../support/count-queries';

describe('HotCache', () => {
  it('loads once, clears a key or a scope, applies notifications and keeps no failed load', async () => {
    const cache = new HotCache({ maxAgeMs: null });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.memo('s', 'a', load)).toBe(1);
    expect(await cache.memo('s', 'a', load)).toBe(1);
    expect(await cache.memo('s', 'b', load)).toBe(2);
    cache.clear('s', 'a');
    expect(await cache.memo('s', 'a', load)).toBe(3);
    expect(await cache.memo('s', 'b', load)).toBe(2);
    cache.applyNotification('s\tb');
    expect(await cache.memo('s', 'b', load)).toBe(4);
    cache.applyNotification('s');
    expect(cache.size('s')).toBe(0);
    await expect(cache.memo('t', 'x', () => Promise.reject(new Error('kaputt')))).rejects.toThrow('kaputt');
    expect(cache.size('t')).toBe(0);
    cache.applyNotification('*');
    expect(await cache.memo('s', 'a', load)).toBe(5);
  });

  it('keeps at most the bound of entries per scope, dropping the oldest', async () => {
    const cache = new HotCache({ maxAgeMs: null, entriesMax: 3 });
    for (const key of ['1', '2', '3', '4']) await cache.memo('s', key, async () => key);
    expect(cache.size('s')).toBe(3);
    let reloaded = false;
    await cache.memo('s', '1', async () => {
      reloaded = true;
      return '1';
    });
    expect(reloaded).toBe(true);
  });

  it('expires entries after the safety time limit', async () => {
    const cache = new HotCache({ maxAgeMs: 1 });
    let loads = 0;
    await cache.memo('s', 'a', async () => ++loads);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await cache.memo('s', 'a', async () => ++loads)).toBe(2);
  });
});

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
});

afterAll(async () => {
  await server?.close();
});

describe('transactions find the cache of their database', () => {
  it('a write through a transaction handle invalidates what readers through the database see', async () => {
    const db = server.database.db;
    let version = 1;
    const read = () => remember(db, 'test-scope', 'value', async () => version);
    expect(await read()).toBe(1);
    await db.transaction(async (tx) => {
      version = 2;
      await invalidate(tx, 'test-scope');
      // A reader during the transaction may load again …
      expect(await read()).toBe(2);
      version = 3;
    });
    // … and what it kept is dropped when the transaction ends.
    expect(await read()).toBe(3);
  });

  it('runs a Drizzle query given as the load once (it is a lazy thenable), not on every read', async () => {
    const db = server.database.db;
    const read = () => remember(db, 'lazy-scope', 'groups', () => db.select().from(groups));
    expect((await read()).length).toBeGreaterThan(0);
    expect(await countQueries(db, async () => (await read()) && (await read()))).toBe(0);
  });

  it('a transaction that fails clears what it invalidated as well', async () => {
    const db = server.database.db;
    let version = 10;
    const read = () => remember(db, 'test-scope-2', 'value', async () => version);
    expect(await read()).toBe(10);
    await expect(
      db.transaction(async (tx) => {
        await invalidate(tx, 'test-scope-2');
        version = 11;
        expect(await read()).toBe(11);
        version = 12;
        throw new Error('abgebrochen');
      }),
    ).rejects.toThrow('abgebrochen');
    expect(await read()).toBe(12);
  });
});

describe('hot paths answer from memory', () => {
  it('getSettings and the dashboard run no query on a warm cache', async () => {
    const code = await server.login('leitung', 'Leitung#2026');
    const settings = () => server.call(platformCalls.getSettings, code);
    const dashboard = () => server.call(dashboardCalls.getSettings, code);
    expectStatus(await settings(), 'success');
    expectStatus(await dashboard(), 'success');
    const queries = await countQueries(server.database.db, async () => {
      for (let i = 0; i < 5; i++) {
        expectStatus(await settings(), 'success');
        expectStatus(await dashboard(), 'success');
      }
    });
    expect(queries).toBe(0);
  });

  it('getSettings sends the same content as before: org parts, menu and the own user', async () => {
    const code = await server.login('erzieher', 'Erzieher#2026');
    const reply = await server.call(platformCalls.getSettings, code);
    expectStatus(reply, 'success');
    const data = reply.body.data as Record<string, unknown>;
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect((data.user as { nn: string }).nn).toBe('erzieher');
    expect(Array.isArray(data.nutzergruppen)).toBe(true);
    expect((data.mainmenu_links as { link: string }[]).map((link) => link.link)).toContain('/110');
    expect((data.mainmenu_links as { link: string }[]).map((link) => link.link)).not.toContain('/005');
    // The reply text is exactly the JSON of its content.
    expect(JSON.parse(reply.raw)).toEqual(reply.body);
  });

  it('a change of the user, a group or the app settings shows at once', async () => {
    const admin = await server.login('admin', 'Admin#Passwort1');
    const groupId = await createGroup(server.database.db, { name: 'Cachetest', rechte: ['x|110', 'x|999|000'] });
    const user = await server.userWithSession({ groupIds: [groupId] });
    const menu = async () =>
      (
        (await server.call(platformCalls.getSettings, user.code)).body.data as { mainmenu_links: { link: string }[] }
      ).mainmenu_links.map((link) => link.link);
    expect(await menu()).toContain('/110');
    // The group loses the calendar right through the user administration (a transaction).
    const saved = await server.call(userAdminCalls.saveNutzergruppe, admin, {
      data: {
        id: groupId,
        name: 'Cachetest',
        icon: 'Group',
        beschreibung: '',
        nutzerparameter: [],
        rechte: ['x|999|000'],
        standard: false,
        forcePwReset: false,
      },
    });
    expect(saved.body.status).toBe('success');
    expect(await menu()).not.toContain('/110');
  });
});

describe('calendar load', () => {
  let code: string;
  let categoryId: number;

  beforeAll(async () => {
    code = await server.login('leitung', 'Leitung#2026');
    const [category] = await server.database.db.select().from(calendarCategories).limit(1);
    categoryId = category?.id ?? 0;
    const at = Date.UTC(2031, 4, 10, 8);
    await server.database.db.insert(calendarEvents).values([
      { categoryId, name: 'Im Fenster', startMs: at, endMs: at + 3_600_000 },
      { categoryId, name: 'Lange vorher', startMs: Date.UTC(2030, 0, 1, 8), endMs: Date.UTC(2030, 0, 1, 9) },
    ]);
    await invalidateCalendar(server.database.db);
  });

  it('answers the events of the window only, and every event without one', async () => {
    const windowed = await server.call(calendarCalls.getOrSaveSettings, code, {
      von: Date.UTC(2031, 4, 1),
      bis: Date.UTC(2031, 5, 1),
    });
    expectStatus(windowed, 'success');
    const kalender = windowed.body.kalender as { events: { name: string }[]; fenster?: unknown };
    expect(kalender.events.map((event) => event.name)).toContain('Im Fenster');
    expect(kalender.events.map((event) => event.name)).not.toContain('Lange vorher');
    expect(kalender.fenster).toEqual({ von: Date.UTC(2031, 4, 1), bis: Date.UTC(2031, 5, 1) });
    const full = await server.call(calendarCalls.getOrSaveSettings, code);
    const names = (full.body.kalender as { events: { name: string }[] }).events.map((event) => event.name);
    expect(names).toEqual(expect.arrayContaining(['Im Fenster', 'Lange vorher']));
    expect((full.body.kalender as { fenster?: unknown }).fenster).toBeUndefined();
  });

  it('refuses a window that ends before it starts, in German', async () => {
    const reply = await server.call(calendarCalls.getOrSaveSettings, code, {
      von: Date.UTC(2031, 5, 1),
      bis: Date.UTC(2031, 4, 1),
    });
    expectStatus(reply, 'validationError');
    expect(JSON.stringify(reply.body.errors)).toContain('bis');
  });

  it('sends the birthdays once per version', async () => {
    const first = await server.call(calendarCalls.getOrSaveSettings, code);
    const settings = first.body.settings as { geburtstage: unknown[]; geburtstageStand: string };
    expect(settings.geburtstage.length).toBeGreaterThan(0);
    const again = await server.call(calendarCalls.getOrSaveSettings, code, {
      geburtstageStand: settings.geburtstageStand,
    });
    const unchanged = again.body.settings as { geburtstage: unknown[]; geburtstageUnveraendert?: boolean };
    expect(unchanged.geburtstage).toEqual([]);
    expect(unchanged.geburtstageUnveraendert).toBe(true);
    const stale = await server.call(calendarCalls.getOrSaveSettings, code, { geburtstageStand: 'alt' });
    expect((stale.body.settings as { geburtstage: unknown[] }).geburtstage.length).toBe(settings.geburtstage.length);
  });

  it('a warm load runs no query', async () => {
    const load = () =>
      server.call(calendarCalls.getOrSaveSettings, code, { von: Date.UTC(2031, 4, 1), bis: Date.UTC(2031, 5, 1) });
    expectStatus(await load(), 'success');
    expect(await countQueries(server.database.db, load)).toBe(0);
  });

  describe('the reply kept per user (only xtime written per call)', () => {
    const window = { von: Date.UTC(2031, 4, 1), bis: Date.UTC(2031, 5, 1) };
    const load = (extra: Record<string, unknown> = {}) =>
      server.call(calendarCalls.getOrSaveSettings, code, { ...window, ...extra });
    const names = async () =>
      ((await load()).body.kalender as { events: { name: string }[] }).events.map((event) => event.name);

    it('is exactly the JSON of the reply and differs between calls in xtime only', async () => {
      const first = await load();
      await new Promise((resolve) => setTimeout(resolve, 2));
      const second = await load();
      expect(JSON.stringify(JSON.parse(second.raw))).toBe(second.raw);
      expect(Object.keys(second.body)).toEqual(['status', 'xtime', 'settings', 'kalender', 'feed']);
      expect((second.body.xtime as number) > (first.body.xtime as number)).toBe(true);
      const rest = (raw: string) => raw.replace(/^\{"status":"success","xtime":\d+,/, '');
      expect(rest(second.raw)).toBe(rest(first.raw));
    });

    it('shows a new and a deleted event', async () => {
      expect(await names()).not.toContain('Neu im Memo');
      const at = Date.UTC(2031, 4, 12, 8);
      const [row] = await server.database.db
        .insert(calendarEvents)
        .values({ categoryId, name: 'Neu im Memo', startMs: at, endMs: at + 3_600_000 })
        .returning();
      await invalidateCalendar(server.database.db);
      expect(await names()).toContain('Neu im Memo');
      const deleted = await server.call(calendarCalls.getOrSaveSettings, code, {
        ...window,
        dataToSave: { type: 'delTermin', data: { id: row!.id } },
      });
      expectStatus(deleted, 'success');
      expect(await names()).not.toContain('Neu im Memo');
    });

    it('follows a settings change, a birthday change and the feed token', async () => {
      const db = server.database.db;
      const settings = async (extra: Record<string, unknown> = {}) =>
        (await load(extra)).body.settings as { standard_id_kategorie: number; geburtstageStand: string };
      const before = await settings();
      const stored = await readCalendarSettings(db);
      const other = (await db.select().from(calendarCategories)).find(
        (entry) => entry.id !== before.standard_id_kategorie,
      );
      await writeModuleSettings(db, calendarModule.code, { ...stored, standard_id_kategorie: other!.id });
      expect((await settings()).standard_id_kategorie).toBe(other!.id);
      await writeModuleSettings(db, calendarModule.code, stored);
      expect((await settings()).standard_id_kategorie).toBe(before.standard_id_kategorie);

      // A birthday changes: the version the client holds is no longer current, so the list comes again.
      const held = await settings({ geburtstageStand: before.geburtstageStand });
      expect(held).toMatchObject({ geburtstage: [], geburtstageUnveraendert: true });
      const [value] = await db
        .select()
        .from(userParameterValues)
        .where(eq(userParameterValues.parameterId, stored.id_nutzerparameter_geburtstag))
        .limit(1);
      await db
        .update(userParameterValues)
        .set({ wert: '1990-01-02' })
        .where(
          and(eq(userParameterValues.userId, value!.userId), eq(userParameterValues.parameterId, value!.parameterId)),
        );
      await invalidateUsers(db, [value!.userId]);
      const changed = (await settings({ geburtstageStand: before.geburtstageStand })) as unknown as {
        geburtstage: unknown[];
        geburtstageStand: string;
      };
      expect(changed.geburtstageStand).not.toBe(before.geburtstageStand);
      expect(changed.geburtstage.length).toBeGreaterThan(0);

      const feed = async () => ((await load()).body.feed as { aktiv: boolean }).aktiv;
      expect(await feed()).toBe(false);
      expectStatus(await load({ dataToSave: { type: 'feedNeu' } }), 'success');
      expect(await feed()).toBe(true);
      expectStatus(await load({ dataToSave: { type: 'feedWiderrufen' } }), 'success');
      expect(await feed()).toBe(false);
    });
  });
});
