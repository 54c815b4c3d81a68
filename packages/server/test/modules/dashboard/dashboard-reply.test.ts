import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardCalls, newsFeedWidget, type Meldung, type W1Data } from '@hortus/contract/modules/dashboard';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { childClasses } from '../../../src/modules/children/schema';
import { invalidateClasses } from '../../../src/modules/children/classes';
import { invalidateFeed } from '../../../src/modules/dashboard/messages-feed';
import { dashboardMessages } from '../../../src/modules/dashboard/schema';
import { invalidateUsers } from '../../../src/platform/cache/hot-cache';
import { users } from '../../../src/platform/db/schema';
import { createGroup } from '../../../src/seed/factories';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';
import { countQueries } from '../../support/count-queries';
import { dashboardClient } from '../../support/dashboard-calls';

/**
 * The dashboard load keeps its reply per loaded user as bytes (only xtime is written per call). These
 * tests warm that memo, change one thing the reply depends on through its write site and expect the next
 * load to show the change.
 */

let server: TestServer;
let admin: string;
let groups: { authors: number; readers: number };
let author: Awaited<ReturnType<TestServer['userWithSession']>>;
let reader: Awaited<ReturnType<TestServer['userWithSession']>>;
let boss: Awaited<ReturnType<TestServer['userWithSession']>>;

const view = 'x|000|000';

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
  admin = await server.login('admin', 'Admin#Passwort1');
  const db = server.database.db;
  groups = {
    authors: await createGroup(db, { name: 'Memo-Autoren', rechte: [view] }),
    readers: await createGroup(db, { name: 'Memo-Leser', rechte: [view] }),
  };
  author = await server.userWithSession({ groupIds: [groups.authors], ident: 'Memo Autorin' });
  reader = await server.userWithSession({ groupIds: [groups.readers] });
  boss = await server.userWithSession({ rechteSolo: [view, 'x|000|set'] });
  expectStatus(
    await saveSettings({
      ...(await settingsOf(boss.code)),
      w1_bedingung_meldungErstellen: { alle: false, gruppen: [groups.authors] },
    }),
    'success',
  );
});

afterAll(async () => {
  await server?.close();
});

const { load, save, settingsOf, saveSettings, feed } = dashboardClient(
  () => server,
  () => boss.code,
);

async function w1(code: string, dataToSave: W1Data): Promise<Meldung> {
  const reply = await server.call(dashboardCalls.w1, code, { dataToSave });
  expect(reply.body.status, reply.raw).toBe('success');
  return reply.body.savedMeldung as Meldung;
}

function message(titel: string, extra: Record<string, unknown> = {}) {
  return {
    id: 0,
    typ: 'info' as const,
    titel,
    text: 'Text',
    bedingung_f000w1_sehen: { alle: false, gruppen: [groups.readers] },
    ...extra,
  };
}

/** The reply text without its xtime (the only part written per call). */
function withoutXtime(raw: string): string {
  return raw.replace(/^\{"status":"success","save":\{"xtime":\d+,/, '');
}

describe('the dashboard reply kept per user', () => {
  it('is exactly the JSON of the reply, with a new xtime per call and no query on a warm cache', async () => {
    const first = await load(reader.code);
    expectStatus(first, 'success');
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.stringify(JSON.parse(first.raw))).toBe(first.raw);
    expect(Object.keys(first.body)).toEqual(['status', 'save']);
    expect(Object.keys(first.body.save as object)).toEqual(['xtime', 'settings', 'widgets']);
    await new Promise((resolve) => setTimeout(resolve, 2));
    let second: Reply | undefined;
    expect(
      await countQueries(server.database.db, async () => {
        second = await load(reader.code);
      }),
    ).toBe(0);
    const xtime = (reply: Reply) => (reply.body.save as { xtime: number }).xtime;
    expect(xtime(second!)).toBeGreaterThan(xtime(first));
    expect(Math.abs(xtime(second!) - Date.now())).toBeLessThan(5_000);
    expect(withoutXtime(second!.raw)).toBe(withoutXtime(first.raw));
  });

  it('shows a new message, a changed one and a deleted one', async () => {
    await feed(reader.code);
    const created = await w1(author.code, { func: 'saveMeldung', data: message('Neu im Memo') });
    expect((await feed(reader.code)).map((entry) => entry.titel)).toContain('Neu im Memo');
    await w1(author.code, { func: 'saveMeldung', data: message('Geändert im Memo', { id: created.id }) });
    const titles = (await feed(reader.code)).map((entry) => entry.titel);
    expect(titles).toContain('Geändert im Memo');
    expect(titles).not.toContain('Neu im Memo');
    await w1(author.code, { func: 'delMeldung', data: { id: created.id } });
    expect((await feed(reader.code)).map((entry) => entry.id)).not.toContain(created.id);
  });

  it('shows an answer to the one who answered and the count to the author', async () => {
    const created = await w1(author.code, {
      func: 'saveMeldung',
      data: message('Mit Rückmeldung', {
        rueckmeldung: {
          nutzen: true,
          formularfelder: [{ id: 0, sort: 1, name: 'Bemerkung', beschreibung: '', typ: 'text', selectoptions: [] }],
        },
      }),
    });
    const field = created.rueckmeldung.formularfelder[0]!.id;
    const mine = async (code: string) => (await feed(code)).find((entry) => entry.id === created.id)!;
    expect((await mine(reader.code)).rueckmeldung.user).toBeNull();
    expect((await mine(author.code)).rueckmeldung.anzahl).toBe(0);
    await w1(reader.code, { func: 'saveRueckmeldung', data: { meldungId: created.id, werte: { [field]: 'Gern' } } });
    expect((await mine(reader.code)).rueckmeldung.user?.werte).toEqual({ [field]: 'Gern' });
    expect((await mine(author.code)).rueckmeldung.anzahl).toBe(1);
  });

  it('shows a popup as seen once it is marked', async () => {
    const created = await w1(author.code, { func: 'saveMeldung', data: message('Popup im Memo', { popup: true }) });
    const seen = async () => (await feed(reader.code)).find((entry) => entry.id === created.id)?.popupGesehen;
    expect(await seen()).toBe(false);
    await w1(reader.code, { func: 'popupGesehen', data: { meldungId: created.id } });
    expect(await seen()).toBe(true);
  });

  it('follows a settings change of the dashboard', async () => {
    const before = await settingsOf(reader.code);
    expect((await save(reader.code)).widgets.map((widget) => widget.id)).toContain('w1');
    expectStatus(
      await saveSettings({ ...before, useWidgets: before.useWidgets.filter((id) => id !== 'w1') }),
      'success',
    );
    expect((await save(reader.code)).widgets.map((widget) => widget.id)).not.toContain('w1');
    expect((await save(reader.code)).settings.useWidgets).not.toContain('w1');
    expectStatus(await saveSettings(before), 'success');
    expect((await save(reader.code)).widgets.map((widget) => widget.id)).toContain('w1');
  });

  it("follows a change of a group's rights", async () => {
    const kannErstellen = async (code: string) =>
      newsFeedWidget.parse((await save(code)).widgets.find((widget) => widget.id === 'w1')).kannErstellen;
    expect(await kannErstellen(author.code)).toBe(true);
    // The readers' group gains and loses the right to see widget 1's feed through the user administration.
    const group = (rechte: string[]) => ({
      data: {
        id: groups.readers,
        name: 'Memo-Leser',
        icon: 'Group',
        beschreibung: '',
        nutzerparameter: [],
        rechte,
        standard: false,
        forcePwReset: false,
      },
    });
    expect((await save(reader.code)).widgets.length).toBeGreaterThan(0);
    expectStatus(await server.call(userAdminCalls.saveNutzergruppe, admin, group(['x|000|set'])), 'success');
    expect((await save(reader.code)).widgets).toEqual([]);
    expectStatus(await server.call(userAdminCalls.saveNutzergruppe, admin, group([view])), 'success');
    expect((await save(reader.code)).widgets.length).toBeGreaterThan(0);
  });

  it("shows an author's new display name", async () => {
    const created = await w1(author.code, { func: 'saveMeldung', data: message('Namenstest') });
    const ident = async () => (await feed(reader.code)).find((entry) => entry.id === created.id)?.autor.ident;
    expect(await ident()).toBe('Memo Autorin');
    const db = server.database.db;
    await db.update(users).set({ ident: 'Memo Autorin-Neu' }).where(eq(users.id, author.id));
    await invalidateUsers(db, [author.id]);
    expect(await ident()).toBe('Memo Autorin-Neu');
  });

  it('follows a change of the school classes', async () => {
    const db = server.database.db;
    const names = async () => (await save(reader.code)).settings.w1_200_Klassen.map((entry) => entry.name);
    expect(await names()).not.toContain('Memo-Klasse');
    const [row] = await db
      .insert(childClasses)
      .values({ name: 'Memo-Klasse', conditions: {} as never })
      .returning();
    await invalidateClasses(db);
    expect(await names()).toContain('Memo-Klasse');
    await db.delete(childClasses).where(eq(childClasses.id, row!.id));
    await invalidateClasses(db);
    expect(await names()).not.toContain('Memo-Klasse');
  });

  it('shows a planned message when its window opens and hides it when it closes, without a write', async () => {
    const db = server.database.db;
    const now = Date.now();
    const [row] = await db
      .insert(dashboardMessages)
      .values({
        typ: 'info',
        titel: 'Geplant im Memo',
        text: '',
        authorId: author.id,
        planned: true,
        showFrom: new Date(now + 600),
        showUntil: new Date(now + 1_200),
        recipients: { alle: false, gruppen: [groups.readers], nutzer: [] },
      })
      .returning();
    await invalidateFeed(db);
    const shown = async () => (await feed(reader.code)).some((entry) => entry.id === row!.id);
    expect(await shown()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, now + 700 - Date.now()));
    expect(await shown()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, now + 1_300 - Date.now()));
    expect(await shown()).toBe(false);
  });
});
