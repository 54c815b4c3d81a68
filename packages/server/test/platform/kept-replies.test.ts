import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarCalls, type CalendarReply } from '@hortus/contract/modules/calendar';
import { dashboardCalls, newsFeedWidget, type GetDashboardReply } from '@hortus/contract/modules/dashboard';
import { keptStates } from '../../src/modules/calendar/calls/calendar';
import { calendarCategories, calendarEvents } from '../../src/modules/calendar/schema';
import { invalidateCalendar } from '../../src/modules/calendar/state';
import { keptDashboards } from '../../src/modules/dashboard/calls/settings';
import { invalidateFeed } from '../../src/modules/dashboard/messages-feed';
import {
  CACHE_CHANNEL,
  cacheOf,
  cacheScope,
  invalidate,
  invalidateAll,
  invalidateUsers,
  remember,
} from '../../src/platform/cache/hot-cache';
import { userGroups } from '../../src/platform/db/schema';
import { createGroup } from '../../src/seed/factories';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../support/helper';

/**
 * The dashboard and calendar loads keep their reply bytes per loaded user while every hot-cache entry they
 * were built from holds (platform/cache/derived.ts `whileReadsHold`): a kept reply is byte for byte the
 * reply built anew, a write through a module's change signal builds it again, and a user never gets the
 * bytes kept for another (rights and record access stay per user).
 */

let server: TestServer;
let admin: string;
let groups: { team: number; parents: number };
let teamMember: Awaited<ReturnType<TestServer['userWithSession']>>;
let teamMate: Awaited<ReturnType<TestServer['userWithSession']>>;
let parentUser: Awaited<ReturnType<TestServer['userWithSession']>>;
let teamCategory: number;

const window = { von: Date.UTC(2032, 2, 1), bis: Date.UTC(2032, 3, 1) };
const rule = (alle: boolean, gruppen: number[] = []) => ({ alle, gruppen, nutzer: [] });

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
  admin = await server.login('admin', 'Admin#Passwort1');
  const db = server.database.db;
  groups = {
    team: await createGroup(db, { name: 'Kept-Team', rechte: ['x|000|000', 'x|110'] }),
    parents: await createGroup(db, { name: 'Kept-Eltern', rechte: ['x|000|000', 'x|110'] }),
  };
  teamMember = await server.userWithSession({ groupIds: [groups.team], ident: 'Kept Team' });
  teamMate = await server.userWithSession({ groupIds: [groups.team], ident: 'Kept Kollegin' });
  parentUser = await server.userWithSession({ groupIds: [groups.parents], ident: 'Kept Eltern' });
  const [category] = await db
    .insert(calendarCategories)
    .values({
      name: 'Nur Team',
      farbe: '#336699',
      bedingungen: { f110: { sehen: rule(false, [groups.team]), bearbeiten: rule(false, [groups.team]) } },
      sort: 90,
    })
    .returning({ id: calendarCategories.id });
  teamCategory = category!.id;
  const at = Date.UTC(2032, 2, 10, 8);
  await db
    .insert(calendarEvents)
    .values({ categoryId: teamCategory, name: 'Teamtag', startMs: at, endMs: at + 3600e3 });
  await invalidateCalendar(db);
});

afterAll(async () => {
  await server?.close();
});

/**
 * On PostgreSQL a server also hears its own invalidations back (pg_notify, a moment later), which clear the
 * same entries once more: before counting builds, wait until every notification sent so far has arrived (a
 * marker sent last is cleared last). PGlite sends none.
 */
async function notificationsArrived(): Promise<void> {
  const db = server.database.db;
  if (server.database.kind !== 'postgres') return;
  await remember(db, 'kept-test-marker', 'x', async () => true);
  await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, 'kept-test-marker')`);
  await expect.poll(() => cacheOf(db).size('kept-test-marker'), { timeout: 5_000, interval: 5 }).toBe(0);
}

/** The reply after its xtime: the part that is kept (xtime is written per call). */
function tail(reply: Reply): string {
  expectStatus(reply, 'success');
  const match = /^\{"status":"success",("save":\{)?"xtime":\d+/.exec(reply.raw);
  expect(match, reply.raw.slice(0, 80)).not.toBeNull();
  return reply.raw.slice(match![0].length);
}

const dashboard = (code: string) => server.call(dashboardCalls.getSettings, code, {});
const calendar = (code: string, extra: Record<string, unknown> = {}) =>
  server.call(calendarCalls.getOrSaveSettings, code, { ...window, ...extra });

/** The reply as a server with a cold cache builds it (every kept reply and cached entry is gone). */
async function builtAnew(load: () => Promise<Reply>): Promise<string> {
  await invalidateAll(server.database.db);
  return tail(await load());
}

function feedTitles(reply: Reply): string[] {
  const save = reply.body.save as GetDashboardReply['save'];
  const entry = save.widgets.find((widget) => widget.id === 'w1');
  return entry ? newsFeedWidget.parse(entry).meldungen.map((message) => message.titel) : [];
}

function eventNames(reply: Reply): string[] {
  return (reply.body.kalender as CalendarReply['kalender']).events.map((event) => event.name);
}

describe('the dashboard reply kept while its reads hold', () => {
  it('answers the kept bytes without building, identical to the reply built anew', async () => {
    await notificationsArrived();
    const first = tail(await dashboard(teamMember.code));
    const builds = keptDashboards.builds;
    const second = await dashboard(teamMember.code);
    expect(keptDashboards.builds).toBe(builds);
    expect(tail(second)).toBe(first);
    expect(await builtAnew(() => dashboard(teamMember.code))).toBe(first);
  });

  it('is built again after a change signal, byte for byte the same when nothing changed', async () => {
    const before = tail(await dashboard(teamMember.code));
    await invalidateFeed(server.database.db);
    await notificationsArrived();
    const builds = keptDashboards.builds;
    const after = await dashboard(teamMember.code);
    expect(keptDashboards.builds).toBe(builds + 1);
    expect(tail(after)).toBe(before);
  });

  it('shows a message written through the call, and keeps the new reply', async () => {
    const before = await dashboard(teamMember.code);
    expect(feedTitles(before)).not.toContain('Nur fürs Team');
    const saved = await server.call(dashboardCalls.w1, admin, {
      dataToSave: {
        func: 'saveMeldung',
        data: {
          id: 0,
          typ: 'info',
          titel: 'Nur fürs Team',
          text: 'Text',
          bedingung_f000w1_sehen: rule(false, [groups.team]),
        },
      },
    });
    expectStatus(saved, 'success');
    await notificationsArrived();
    const after = await dashboard(teamMember.code);
    expect(feedTitles(after)).toContain('Nur fürs Team');
    const builds = keptDashboards.builds;
    expect(tail(await dashboard(teamMember.code))).toBe(tail(after));
    expect(keptDashboards.builds).toBe(builds);
    expect(await builtAnew(() => dashboard(teamMember.code))).toBe(tail(after));
  });

  it("never answers one user with another's kept bytes", async () => {
    // Warm all three, then alternate: each gets what is built for them alone.
    const own = new Map<string, string>();
    for (const user of [teamMember, parentUser, teamMate]) own.set(user.code, tail(await dashboard(user.code)));
    for (const user of [parentUser, teamMember, teamMate, parentUser]) {
      expect(tail(await dashboard(user.code))).toBe(own.get(user.code));
    }
    expect(feedTitles(await dashboard(parentUser.code))).not.toContain('Nur fürs Team');
    expect(feedTitles(await dashboard(teamMate.code))).toContain('Nur fürs Team');
    for (const user of [teamMember, parentUser, teamMate]) {
      expect(await builtAnew(() => dashboard(user.code))).toBe(own.get(user.code));
    }
  });

  it('follows a user who leaves the group at once', async () => {
    expect(feedTitles(await dashboard(teamMate.code))).toContain('Nur fürs Team');
    const db = server.database.db;
    await db.update(userGroups).set({ groupId: groups.parents }).where(eq(userGroups.userId, teamMate.id));
    await invalidateUsers(db, [teamMate.id]);
    expect(feedTitles(await dashboard(teamMate.code))).not.toContain('Nur fürs Team');
  });
});

describe('the calendar reply kept while its reads hold', () => {
  it('answers the kept bytes without building, identical to the reply built anew', async () => {
    await notificationsArrived();
    const first = tail(await calendar(teamMember.code));
    const builds = keptStates.builds;
    expect(tail(await calendar(teamMember.code))).toBe(first);
    expect(keptStates.builds).toBe(builds);
    expect(await builtAnew(() => calendar(teamMember.code))).toBe(first);
  });

  it('builds again for another window or birthdays version, and keeps each per user', async () => {
    const month = await calendar(teamMember.code);
    const stand = (month.body.settings as CalendarReply['settings']).geburtstageStand;
    const held = await calendar(teamMember.code, { geburtstageStand: stand });
    expect((held.body.settings as CalendarReply['settings']).geburtstageUnveraendert).toBe(true);
    const other = await calendar(teamMember.code, { von: window.von - 86_400_000 });
    expect(tail(other)).not.toBe(tail(month));
    expect(tail(await calendar(teamMember.code))).toBe(tail(month));
  });

  it('is built again after a change signal, byte for byte the same when nothing changed', async () => {
    const before = tail(await calendar(teamMember.code));
    await invalidateCalendar(server.database.db);
    await notificationsArrived();
    const builds = keptStates.builds;
    expect(tail(await calendar(teamMember.code))).toBe(before);
    expect(keptStates.builds).toBe(builds + 1);
    // The office sees everybody's birthdays: the people scope is read for its reply (not for the team's).
    const office = await server.login('leitung', 'Leitung#2026');
    await notificationsArrived();
    expect(tail(await calendar(teamMember.code))).toBe(before);
    const ofOffice = tail(await calendar(office));
    expect((JSON.parse(`{${ofOffice.slice(1)}`) as CalendarReply).settings.geburtstage.length).toBeGreaterThan(0);
    const officeBuilds = keptStates.builds;
    await invalidate(server.database.db, cacheScope.people);
    await notificationsArrived();
    expect(tail(await calendar(teamMember.code))).toBe(before);
    expect(tail(await calendar(office))).toBe(ofOffice);
    expect(keptStates.builds).toBe(officeBuilds + 1);
  });

  it('shows an event saved and deleted through the call', async () => {
    const saveTermin = (data: Record<string, unknown>) =>
      calendar(teamMember.code, { dataToSave: { type: 'saveTermin', data } });
    const saved = await saveTermin({
      id: 0,
      name: 'Neu im Kept',
      beschreibung: '',
      start: Date.UTC(2032, 2, 12, 8),
      end: Date.UTC(2032, 2, 12, 9),
      id_kalenderkategorie: teamCategory,
      timed: true,
      istSerie: false,
      repeat: null,
      ausSerie: 0,
    });
    expectStatus(saved, 'success');
    const after = await calendar(teamMember.code);
    expect(eventNames(after)).toContain('Neu im Kept');
    expect(await builtAnew(() => calendar(teamMember.code))).toBe(tail(after));
    const deleted = await calendar(teamMember.code, {
      dataToSave: { type: 'delTermin', data: { id: saved.body.saveTerminNeuId } },
    });
    expectStatus(deleted, 'success');
    expect(eventNames(await calendar(teamMember.code))).not.toContain('Neu im Kept');
  });

  it("never answers one user with another's kept bytes: the team's category stays the team's", async () => {
    const ofTeam = tail(await calendar(teamMember.code));
    const ofParent = await calendar(parentUser.code);
    expect(eventNames(ofParent)).not.toContain('Teamtag');
    expect(tail(ofParent)).not.toBe(ofTeam);
    for (const user of [teamMember, parentUser, teamMember, parentUser]) {
      const reply = await calendar(user.code);
      expect(eventNames(reply).includes('Teamtag')).toBe(user === teamMember);
    }
    expect(await builtAnew(() => calendar(parentUser.code))).toBe(tail(ofParent));
    expect(await builtAnew(() => calendar(teamMember.code))).toBe(ofTeam);
  });
});
