import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { childrenCalls, type ChildrenData } from '@hortus/contract/modules/children';
import {
  dashboardCalls,
  dashboardMessages as texts,
  type Meldung,
  type W1Data,
} from '@hortus/contract/modules/dashboard';
import { children } from '../../../src/modules/children/schema';
import { invalidateChildBase } from '../../../src/modules/children/child-base';
import { audienceMembers, loadRow } from '../../../src/modules/dashboard/access';
import { recipientIds } from '../../../src/modules/dashboard/messages-notify';
import { createGroup } from '../../../src/seed/factories';
import { insertChildren, insertClasses } from '../../support/children-world';
import { dashboardClient } from '../../support/dashboard-calls';
import { expectInvalid, expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';

/**
 * Messages to the parents of a class (core.md: 'parents can be filtered by class'): the dashboard settings name
 * the parents' group (w1_200_Elterngruppe) and list the classes (w1_200_Klassen); a message's `klassen` reach
 * the parent accounts of the children of those classes as they are when read — through the platform's
 * audiences extension point, offered by module 200.
 */

let server: TestServer;
type Person = Awaited<ReturnType<TestServer['userWithSession']>>;
let boss: Person;
let author: Person;
let staff: Person;
let parentA: Person;
let parentB: Person;
let groups: { authors: number; staff: number; parents: number };
let classes: { a: number; b: number };
let kids: { a: number; b: number };

const view = 'x|000|000';

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  groups = {
    authors: await createGroup(db, { name: 'Klassen-Autoren', rechte: [view] }),
    staff: await createGroup(db, { name: 'Klassen-Personal', rechte: [view] }),
    parents: await createGroup(db, { name: 'Klassen-Eltern', rechte: [view] }),
  };
  boss = await server.userWithSession({ rechteSolo: [view, 'x|000|set', 'x|200|000|010', 'x|200|100', 'x|200|set'] });
  author = await server.userWithSession({ groupIds: [groups.authors], ident: 'Klassen Autorin' });
  staff = await server.userWithSession({ groupIds: [groups.staff] });
  parentA = await server.userWithSession({ groupIds: [groups.parents] });
  parentB = await server.userWithSession({ groupIds: [groups.parents] });
  const everyone = { alle: true, gruppen: [] };
  const [a, b] = await insertClasses(db, [
    { name: 'Klasse 1a', sehen: everyone, bearbeiten: everyone },
    { name: 'Klasse 2b', sehen: everyone, bearbeiten: everyone },
  ]);
  classes = { a: a as number, b: b as number };
  const [kidA] = await insertChildren(db, 'Adler', [{ vorname: 'Ada', classId: classes.a, parentUserId: parentA.id }]);
  const [kidB] = await insertChildren(db, 'Bauer', [{ vorname: 'Ben', classId: classes.b, parentUserId: parentB.id }]);
  kids = { a: kidA as number, b: kidB as number };
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

const {
  save: load,
  settingsOf,
  saveSettings,
  feed,
} = dashboardClient(
  () => server,
  () => boss.code,
);

const titlesOf = async (code: string) => (await feed(code)).map((meldung) => meldung.titel);

function w1(code: string, dataToSave: W1Data | Record<string, unknown>): Promise<Reply> {
  return server.call(dashboardCalls.w1, code, { dataToSave });
}

async function send(titel: string, bedingung: Record<string, unknown>): Promise<Meldung> {
  const reply = await w1(author.code, {
    func: 'saveMeldung',
    data: { id: 0, typ: 'info', titel, text: 'Text', bedingung_f000w1_sehen: bedingung },
  });
  expectStatus(reply, 'success');
  return reply.body.savedMeldung as Meldung;
}

describe('dashboard settings: the parents group and the classes', () => {
  it('stores w1_200_Elterngruppe (x|000|set), refuses an unknown group and keeps it when a save leaves it out', async () => {
    const before = await load(boss.code);
    expect(before.settings.w1_200_Elterngruppe).toBe(0);
    expect(before.settings.w1_200_Klassen).toEqual([
      { id: classes.a, name: 'Klasse 1a' },
      { id: classes.b, name: 'Klasse 2b' },
    ]);
    const settings = await settingsOf(boss.code);
    expectInvalid(
      await saveSettings({ ...settings, w1_200_Elterngruppe: 999_999 }),
      'dataToSave.data.w1_200_Elterngruppe',
      texts.unknownGroup,
    );
    expectInvalid(
      await saveSettings({ ...settings, w1_200_Elterngruppe: 'Eltern' as unknown as number }),
      'dataToSave.data.w1_200_Elterngruppe',
    );
    expectStatus(
      await server.call(dashboardCalls.getSettings, staff.code, {
        dataToSave: { type: 'saveSettings', data: { ...settings, w1_200_Elterngruppe: groups.parents } },
      }),
      'noRight',
      403,
    );
    expect((await load(boss.code)).settings.w1_200_Elterngruppe).toBe(0);
    expectStatus(await saveSettings({ ...settings, w1_200_Elterngruppe: groups.parents }), 'success');
    expect((await load(staff.code)).settings.w1_200_Elterngruppe).toBe(groups.parents);
    // The specification's client may save without the field: the parents group stays.
    expectStatus(await saveSettings(settings), 'success');
    expect((await load(boss.code)).settings.w1_200_Elterngruppe).toBe(groups.parents);
  });
});

describe('a message to the parents of a class', () => {
  it('reaches exactly the parents of the chosen class (and the author), not the other parents or staff', async () => {
    const sent = await send('Ausflug 1a', { alle: false, gruppen: [], klassen: [classes.a] });
    expect(sent.bedingung_f000w1_sehen).toEqual({ alle: false, gruppen: [], nutzer: [], klassen: [classes.a] });
    expect(await titlesOf(parentA.code)).toContain('Ausflug 1a');
    expect(await titlesOf(author.code)).toContain('Ausflug 1a');
    expect(await titlesOf(parentB.code)).not.toContain('Ausflug 1a');
    expect(await titlesOf(staff.code)).not.toContain('Ausflug 1a');
    // Recipients never learn whom else it went to.
    const seen = (await feed(parentA.code)).find((meldung) => meldung.id === sent.id);
    expect(seen?.bedingung_f000w1_sehen).toEqual({ alle: false, gruppen: [] });
    // Push and mail go to the same people.
    const row = await loadRow(server.database.db, sent.id);
    const members = await audienceMembers(server.context, server.database.db);
    expect(await recipientIds(server.database.db, row!, members)).toEqual([parentA.id]);
  });

  it('adds the class to chosen groups: staff and the parents of 2b', async () => {
    const sent = await send('Elternabend 2b', { alle: false, gruppen: [groups.staff], klassen: [classes.b] });
    expect(await titlesOf(staff.code)).toContain('Elternabend 2b');
    expect(await titlesOf(parentB.code)).toContain('Elternabend 2b');
    expect(await titlesOf(parentA.code)).not.toContain('Elternabend 2b');
    const row = await loadRow(server.database.db, sent.id);
    const members = await audienceMembers(server.context, server.database.db);
    expect((await recipientIds(server.database.db, row!, members)).sort((x, y) => x - y)).toEqual(
      [staff.id, parentB.id].sort((x, y) => x - y),
    );
  });

  it('is another parent’s record for a parent outside the class: not found; a parent inside may only read', async () => {
    const sent = await send('Nur 1a', { alle: false, gruppen: [], klassen: [classes.a] });
    expectStatus(await w1(parentB.code, { func: 'popupGesehen', data: { meldungId: sent.id } }), 'notFound', 404);
    expectStatus(await w1(parentA.code, { func: 'popupGesehen', data: { meldungId: sent.id } }), 'success');
    expectStatus(await w1(parentA.code, { func: 'delMeldung', data: { id: sent.id } }), 'noRight', 403);
    expectStatus(await w1(parentB.code, { func: 'delMeldung', data: { id: sent.id } }), 'notFound', 404);
  });

  it('follows the children when read: a child moving to 1a brings its parent the class’s messages', async () => {
    const sent = await send('Wandertag 1a', { alle: false, gruppen: [], klassen: [classes.a] });
    expect(await titlesOf(parentB.code)).not.toContain('Wandertag 1a');
    const db = server.database.db;
    await db.update(children).set({ classId: classes.a }).where(eq(children.id, kids.b));
    await invalidateChildBase(db);
    expect(await titlesOf(parentB.code)).toContain('Wandertag 1a');
    await db.update(children).set({ classId: classes.b }).where(eq(children.id, kids.b));
    await invalidateChildBase(db);
    expect(await titlesOf(parentB.code)).not.toContain('Wandertag 1a');
    expect(sent.id).toBeGreaterThan(0);
  });

  it('follows a parent account linked to a child of the class through the parents dialog (editEltern)', async () => {
    await send('Sportfest 1a', { alle: false, gruppen: [], klassen: [classes.a] });
    const settingsReply = await server.call(childrenCalls.getSettings, boss.code, {});
    expectStatus(settingsReply, 'success');
    const childSettings = (settingsReply.body.save as ChildrenData).settings;
    expectStatus(
      await server.call(childrenCalls.getSettings, boss.code, {
        dataToSave: { type: 'settings', data: { ...childSettings, id_nutzergruppe_eltern: groups.parents } },
      }),
      'success',
    );
    const newParent = await server.userWithSession({ groupIds: [groups.parents] });
    expect(await titlesOf(newParent.code)).not.toContain('Sportfest 1a');
    expectStatus(
      await server.call(childrenCalls.getSettings, boss.code, {
        dataToSave: {
          type: 'editEltern',
          data: { eltern: { id: newParent.id, nn: newParent.nn, ids_kinder: [kids.a] } },
        },
      }),
      'success',
    );
    expect(await titlesOf(newParent.code)).toContain('Sportfest 1a');
    // The child's former parent lost the link, and with it the class's messages.
    expect(await titlesOf(parentA.code)).not.toContain('Sportfest 1a');
  });

  it('refuses classes that do not exist and bad class ids with German messages, and saves nothing', async () => {
    const before = (await feed(author.code)).length;
    const unknown = await w1(author.code, {
      func: 'saveMeldung',
      data: { id: 0, titel: 'X', text: 'Y', bedingung_f000w1_sehen: { alle: false, gruppen: [], klassen: [999_999] } },
    });
    expectInvalid(unknown, 'dataToSave.data.bedingung_f000w1_sehen.klassen', texts.unknownClass);
    const bad = await w1(author.code, {
      func: 'saveMeldung',
      data: { id: 0, titel: 'X', text: 'Y', bedingung_f000w1_sehen: { alle: false, gruppen: [], klassen: ['1a'] } },
    });
    expectStatus(bad, 'validationError', 400);
    expect(JSON.stringify(bad.body.errors)).toMatch(/Ungültige Nummer/);
    expect((await feed(author.code)).length).toBe(before);
  });

  it('leaves a message without classes as the specification sends it (no klassen field)', async () => {
    const sent = await send('An Personal', { alle: false, gruppen: [groups.staff] });
    expect(sent.bedingung_f000w1_sehen).toEqual({ alle: false, gruppen: [groups.staff], nutzer: [] });
  });
});
