import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AdminUser, Condition, UserParameter } from '@hortus/contract';
import {
  membersMessages,
  type MemberDetail,
  type MemberListEntry,
  membersCalls,
} from '@hortus/contract/modules/members';
import { profileMessages } from '@hortus/contract/modules/profile';
import { userAdminMessages, userAdminCalls } from '@hortus/contract/modules/user-admin';
import { users } from '../../../src/platform/db/schema';
import {
  readModuleSettings,
  readSharedModuleSettings,
  writeModuleSettings,
} from '../../../src/platform/settings/module-settings';
import { createGroup, createParameter, createUser } from '../../../src/seed/factories';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const forged = 'x'.repeat(43);
const everyone: Condition = { alle: true, gruppen: [] };
const nobody: Condition = { alle: false, gruppen: [] };
const only = (...gruppen: number[]): Condition => ({ alle: false, gruppen });

function call(func: keyof typeof membersCalls, code: string, input: Record<string, unknown> = {}): Promise<Reply> {
  return server.call(membersCalls[func], code, input);
}

function saveNutzer(code: string, user: AdminUser, neuPW = ''): Promise<Reply> {
  return server.call(userAdminCalls.saveNutzer, code, { data: user, neuPW });
}

/** Which groups the directory shows (written straight into the store; the calls are tested below). */
function showGroups(anzeigeGruppen: number[]): Promise<void> {
  return writeModuleSettings(server.database.db, '100', { anzeigeGruppen });
}

function f100(sehen: Condition, bearbeiten: Condition = nobody) {
  return { f010: { sehen: everyone, bearbeiten: nobody }, f100: { sehen, bearbeiten }, f200: { sehen, bearbeiten } };
}

function expectDenied(reply: Reply): void {
  expectStatus(reply, 'noRight', 403);
  expect(reply.body).toEqual({ status: 'noRight', message: 'Zugriff verweigert' });
}

const expectNoSession = (reply: Reply) => expectStatus(reply, 'accessError', 401);

function expectInvalid(reply: Reply, errors: Record<string, string[]>): void {
  expectStatus(reply, 'validationError', 400);
  expect(reply.body.errors).toEqual(errors);
}

async function adminUser(id: number): Promise<AdminUser> {
  const admin = await server.userWithSession({ rechteSolo: ['x|005|000'] });
  const reply = await server.call(userAdminCalls.getNutzer, admin.code);
  const found = (reply.body.nutzer as AdminUser[]).find((user) => user.id === id);
  if (!found) throw new Error(`user ${id} not found`);
  return found;
}

describe('module settings store', () => {
  it('answers the defaults when nothing or something invalid is stored, else the parsed value', async () => {
    const db = server.database.db;
    const schema = z.object({ n: z.number() });
    expect(await readModuleSettings(db, 'test-a', schema, { n: 1 })).toEqual({ n: 1 });
    await writeModuleSettings(db, 'test-a', { n: 'kaputt' });
    expect(await readModuleSettings(db, 'test-a', schema, { n: 1 })).toEqual({ n: 1 });
    await writeModuleSettings(db, 'test-a', { n: 7 });
    expect(await readModuleSettings(db, 'test-a', schema, { n: 1 })).toEqual({ n: 7 });
  });

  it('shares one frozen value with the hot paths and gives every other reader its own copy', async () => {
    const db = server.database.db;
    const schema = z.object({ list: z.array(z.object({ n: z.number() })) });
    await writeModuleSettings(db, 'test-b', { list: [{ n: 1 }] });
    // Frozen, so no copy (a clone is never frozen); identity across reads is not asserted, because on
    // PostgreSQL the write's own notification may clear the entry between two reads.
    const shared = await readSharedModuleSettings(db, 'test-b', schema, { list: [] });
    expect(Object.isFrozen(shared) && Object.isFrozen(shared.list) && Object.isFrozen(shared.list[0])).toBe(true);
    expect(() => {
      (shared.list[0] as { n: number }).n = 2;
    }).toThrow(TypeError);
    const own = await readModuleSettings(db, 'test-b', schema, { list: [] });
    own.list.push({ n: 3 });
    expect(await readSharedModuleSettings(db, 'test-b', schema, { list: [] })).toEqual({ list: [{ n: 1 }] });
    await writeModuleSettings(db, 'test-b', { list: [{ n: 4 }] });
    expect(await readSharedModuleSettings(db, 'test-b', schema, { list: [] })).toEqual({ list: [{ n: 4 }] });
  });
});

describe('getMitgliederliste', () => {
  it('lists shown members sorted by ident with the visible list columns only', async () => {
    const db = server.database.db;
    const viewerGroup = await createGroup(db);
    const vorname = await createParameter(db, {
      name: 'Vorname',
      seeOnTable: true,
      sort: 1,
      bedingungen: f100(everyone),
    });
    const telefon = await createParameter(db, {
      name: 'Telefon',
      seeOnTable: true,
      sort: 2,
      bedingungen: f100(only(viewerGroup)),
    });
    const notiz = await createParameter(db, { name: 'Notiz', seeOnTable: false, sort: 3, bedingungen: f100(everyone) });
    const shown = await createGroup(db, { parameterIds: [vorname.id, telefon.id, notiz.id] });
    const other = await createGroup(db, { parameterIds: [vorname.id] });
    const values = { [vorname.id]: 'V', [telefon.id]: '0123', [notiz.id]: 'geheim' };
    const zora = await createUser(db, { ident: 'Zora', groupIds: [shown], values });
    const anna = await createUser(db, { ident: 'Anna', groupIds: [shown, other], values });
    await createUser(db, { ident: 'Bert', groupIds: [other], values });
    const hidden = await createUser(db, { ident: 'Carl', groupIds: [shown], values });
    await db.update(users).set({ show: false }).where(eq(users.id, hidden.id));
    await showGroups([shown]);

    const outsider = await server.userWithSession({ rechteSolo: ['x|100|000'] });
    const reply = await call('getMitgliederliste', outsider.code);
    expect(reply.statusCode).toBe(200);
    const nutzer = reply.body.nutzer as MemberListEntry[];
    expect(nutzer).toEqual([
      {
        id: anna.id,
        ident: 'Anna',
        gruppen: [shown, other].sort((a, b) => a - b),
        nutzerparameterwerte: { [vorname.id]: 'V' },
        nutzerparameterwerteSelectoptionIDs: {},
      },
      {
        id: zora.id,
        ident: 'Zora',
        gruppen: [shown],
        nutzerparameterwerte: { [vorname.id]: 'V' },
        nutzerparameterwerteSelectoptionIDs: {},
      },
    ]);
    const spalten = (reply.body.spalten as UserParameter[]).map((parameter) => parameter.id);
    expect(spalten).toContain(vorname.id);
    expect(spalten).not.toContain(telefon.id);
    expect(spalten).not.toContain(notiz.id);

    // A viewer in the group of the f100 condition also sees the phone column.
    const insider = await server.userWithSession({ rechteSolo: ['x|100|000'], groupIds: [viewerGroup] });
    const inside = await call('getMitgliederliste', insider.code);
    const first = (inside.body.nutzer as MemberListEntry[])[0];
    expect(first?.nutzerparameterwerte).toEqual({ [vorname.id]: 'V', [telefon.id]: '0123' });
    const insideSpalten = (inside.body.spalten as UserParameter[]).map((parameter) => parameter.id);
    expect(insideSpalten.indexOf(vorname.id)).toBeLessThan(insideSpalten.indexOf(telefon.id));
  });

  it('shows members of every group when no group is chosen', async () => {
    const db = server.database.db;
    const group = await createGroup(db);
    const member = await createUser(db, { ident: 'Irgendwer', groupIds: [group] });
    const loner = await createUser(db, { ident: 'Ohne Gruppe' });
    await showGroups([]);
    const viewer = await server.userWithSession({ rechteSolo: ['x|100|000'] });
    const ids = ((await call('getMitgliederliste', viewer.code)).body.nutzer as MemberListEntry[]).map((m) => m.id);
    expect(ids).toContain(member.id);
    expect(ids).not.toContain(loner.id);
  });

  it('never lists the technical administrator (the initial account, created with show = false)', async () => {
    const db = server.database.db;
    const [admin] = await db.select({ id: users.id, show: users.show }).from(users).where(eq(users.nn, 'admin'));
    expect(admin?.show).toBe(false);
    await showGroups([]);
    const viewer = await server.userWithSession({ rechteSolo: ['x|100|000'] });
    const ids = ((await call('getMitgliederliste', viewer.code)).body.nutzer as MemberListEntry[]).map((m) => m.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(admin?.id);
    const detail = await call('getMitglied', viewer.code, { id: admin?.id });
    expect(detail.body.status).not.toBe('success');
  });

  it('needs a session and x|100|000', async () => {
    expectNoSession(await call('getMitgliederliste', forged));
    const other = await server.userWithSession({ rechteSolo: ['x|100|010', 'x|005|000'] });
    expectDenied(await call('getMitgliederliste', other.code));
  });
});

describe('getMitglied', () => {
  it('answers the visible parameters of the member with edit flags', async () => {
    const db = server.database.db;
    const viewerGroup = await createGroup(db);
    const editable = await createParameter(db, { sort: 1, bedingungen: f100(nobody, only(viewerGroup)) });
    const readOnly = await createParameter(db, { sort: 2, bedingungen: f100(everyone) });
    const invisible = await createParameter(db, { sort: 3, bedingungen: f100(nobody) });
    const notApplying = await createParameter(db, { sort: 4, bedingungen: f100(everyone) });
    const group = await createGroup(db, { parameterIds: [editable.id, readOnly.id, invisible.id] });
    const member = await createUser(db, {
      ident: 'Mia',
      groupIds: [group],
      values: { [editable.id]: 'e', [readOnly.id]: 'r', [invisible.id]: 'i', [notApplying.id]: 'n' },
    });
    await showGroups([group]);
    const viewer = await server.userWithSession({ rechteSolo: ['x|100|000'], groupIds: [viewerGroup] });
    const reply = await call('getMitglied', viewer.code, { id: member.id });
    expect(reply.statusCode).toBe(200);
    const detail = reply.body.nutzer as MemberDetail;
    expect(detail).toMatchObject({
      id: member.id,
      nn: member.nn,
      ident: 'Mia',
      gruppen: [group],
      nutzerparameterwerte: { [editable.id]: 'e', [readOnly.id]: 'r' },
      gruppenBearbeiten: false,
    });
    expect(detail.nutzerparameter.map((parameter) => [parameter.id, parameter.bearbeiten])).toEqual([
      [editable.id, true],
      [readOnly.id, false],
    ]);

    const groupEditor = await server.userWithSession({ rechteSolo: ['x|100|000', 'x|005|000|020'] });
    const asEditor = await call('getMitglied', groupEditor.code, { id: member.id });
    expect((asEditor.body.nutzer as MemberDetail).gruppenBearbeiten).toBe(true);
    expect((asEditor.body.nutzer as MemberDetail).nutzerparameter.map((p) => p.bearbeiten)).toEqual([false]);
  });

  it('answers notFound for unknown and unlisted users, refuses bad ids and missing rights', async () => {
    const db = server.database.db;
    const shown = await createGroup(db);
    const other = await createGroup(db);
    const unlisted = await createUser(db, { groupIds: [other] });
    await showGroups([shown]);
    const viewer = await server.userWithSession({ rechteSolo: ['x|100|000'] });
    for (const id of ['999999', String(unlisted.id)]) {
      const reply = await call('getMitglied', viewer.code, { id });
      expect(reply.statusCode).toBe(404);
      expect(reply.body).toEqual({ status: 'notFound', message: membersMessages.unknownMember });
    }
    expect((await call('getMitglied', viewer.code, { id: 'abc' })).statusCode).toBe(400);
    expect((await call('getMitglied', viewer.code)).statusCode).toBe(400);
    // Ids beyond PostgreSQL's integer are bad input, not a server error.
    for (const id of [2 ** 31, '2147483648', '99999999999999999999', -1, 0, 1.5]) {
      const reply = await call('getMitglied', viewer.code, { id });
      expectInvalid(reply, { id: ['Ungültige Nummer.'] });
    }
    expectNoSession(await call('getMitglied', forged, { id: unlisted.id }));
    const stranger = await server.userWithSession({ rechteSolo: ['x|010'] });
    expectDenied(await call('getMitglied', stranger.code, { id: unlisted.id }));
  });
});

describe('member settings', () => {
  it('round-trips the shown groups and refuses unknown groups', async () => {
    const db = server.database.db;
    const a = await createGroup(db);
    const b = await createGroup(db);
    const admin = await server.userWithSession({ rechteSolo: ['x|100|010'] });
    const saved = await call('saveSettings', admin.code, { save: { anzeigeGruppen: [b, a, b] } });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toEqual({ status: 'success', save: { anzeigeGruppen: [a, b].sort((x, y) => x - y) } });
    const reader = await server.userWithSession({ rechteSolo: ['x|100|000'] });
    for (const code of [admin.code, reader.code]) {
      const reply = await call('getSettings', code);
      expect(reply.body).toEqual({ status: 'success', save: { anzeigeGruppen: [a, b].sort((x, y) => x - y) } });
    }
    expectInvalid(await call('saveSettings', admin.code, { save: { anzeigeGruppen: [a, 999_999] } }), {
      'save.anzeigeGruppen': [userAdminMessages.unknownGroup],
    });
    expect((await call('saveSettings', admin.code, { save: '{' })).statusCode).toBe(400);
    expect((await call('saveSettings', admin.code, { save: { anzeigeGruppen: ['x'] } })).statusCode).toBe(400);
    expect((await call('getSettings', admin.code)).body.save).toEqual({
      anzeigeGruppen: [a, b].sort((x, y) => x - y),
    });
  });

  it('needs a session, x|100|000 or x|100|010 to read and x|100|010 to save', async () => {
    expectNoSession(await call('getSettings', forged));
    expectNoSession(await call('saveSettings', forged, { save: { anzeigeGruppen: [] } }));
    const stranger = await server.userWithSession({ rechteSolo: ['x|005|000'] });
    expectDenied(await call('getSettings', stranger.code));
    const reader = await server.userWithSession({ rechteSolo: ['x|100|000'] });
    expectDenied(await call('saveSettings', reader.code, { save: { anzeigeGruppen: [] } }));
  });
});

describe('member save through saveNutzer', () => {
  async function setup() {
    const db = server.database.db;
    const viewerGroup = await createGroup(db);
    const vorname = await createParameter(db, {
      ident: true,
      sort: 1,
      bedingungen: f100(everyone, only(viewerGroup)),
    });
    const telefon = await createParameter(db, { typ: 5, sort: 2, bedingungen: f100(everyone, only(viewerGroup)) });
    const readOnly = await createParameter(db, { sort: 3, bedingungen: f100(everyone) });
    const invisible = await createParameter(db, { sort: 4, bedingungen: f100(nobody) });
    const group = await createGroup(db, { parameterIds: [vorname.id, telefon.id, readOnly.id, invisible.id] });
    const second = await createGroup(db);
    const member = await createUser(db, {
      groupIds: [group],
      rechteSolo: ['x|010'],
      values: { [vorname.id]: 'Ole', [readOnly.id]: 'fest', [invisible.id]: 'geheim' },
    });
    await showGroups([group, second]);
    const viewer = await server.userWithSession({ rechteSolo: ['x|100|000'], groupIds: [viewerGroup] });
    // Sent without a version (as the spec's client): these tests are about the member rules, several saves
    // from one load; the version check of this path is in record-versions.test.ts.
    const { version: _version, ...stored } = await adminUser(member.id);
    const sent = (changes: Partial<AdminUser>): AdminUser => ({
      ...stored,
      nutzerparameterwerte: { [vorname.id]: 'Ole', [telefon.id]: '', [readOnly.id]: 'fest' },
      ...changes,
    });
    return { vorname, telefon, readOnly, invisible, group, second, member, viewer, sent, viewerGroup };
  }

  it('changes an editable value, recomputes ident and hides invisible values in the reply', async () => {
    const { vorname, telefon, readOnly, member, viewer, sent } = await setup();
    const reply = await saveNutzer(
      viewer.code,
      sent({ nutzerparameterwerte: { [vorname.id]: 'Olaf', [telefon.id]: '+49 30 1234', [readOnly.id]: 'fest' } }),
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.body.status).toBe('success');
    expect(reply.body.nutzer).toMatchObject({
      id: member.id,
      ident: 'Olaf',
      nutzerparameterwerte: { [vorname.id]: 'Olaf', [telefon.id]: '+49 30 1234', [readOnly.id]: 'fest' },
      rechteSolo: ['x|010'],
    });
    expect(Object.keys((reply.body.nutzer as AdminUser).nutzerparameterwerte)).toHaveLength(3);
    const stored = await adminUser(member.id);
    expect(stored.ident).toBe('Olaf');
    expect(Object.values(stored.nutzerparameterwerte)).toContain('geheim');
  });

  it('refuses changed non-editable or invisible values and invalid values', async () => {
    const { telefon, readOnly, invisible, member, viewer, sent, vorname } = await setup();
    expectInvalid(
      await saveNutzer(viewer.code, sent({ nutzerparameterwerte: { [vorname.id]: 'Ole', [readOnly.id]: 'neu' } })),
      { [`data.nutzerparameterwerte.${readOnly.id}`]: [profileMessages.notEditable] },
    );
    expectInvalid(await saveNutzer(viewer.code, sent({ nutzerparameterwerte: { [invisible.id]: 'geheim' } })), {
      [`data.nutzerparameterwerte.${invisible.id}`]: [profileMessages.notEditable],
    });
    const bad = await saveNutzer(viewer.code, sent({ nutzerparameterwerte: { [telefon.id]: 'keine Nummer!' } }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.body.errors as object)).toEqual([`data.nutzerparameterwerte.${telefon.id}`]);
    expect((await adminUser(member.id)).nutzerparameterwerte[readOnly.id]).toBe('fest');
  });

  it('changes groups only with x|005|000|020 and never user name, rights or show', async () => {
    const { group, second, member, viewer, sent, viewerGroup } = await setup();
    expectDenied(await saveNutzer(viewer.code, sent({ gruppen: [group, second] })));
    expect((await adminUser(member.id)).gruppen).toEqual([group]);
    // The detail does not show these fields: whatever is sent, the stored ones stay.
    const before = await adminUser(member.id);
    const ignored = await saveNutzer(
      viewer.code,
      sent({ nn: `${member.nn}-x`, rechteSolo: [], show: false, rootPW: !before.rootPW }),
    );
    expect(ignored.body.status).toBe('success');
    const after = await adminUser(member.id);
    expect({ nn: after.nn, rechteSolo: after.rechteSolo, show: after.show, rootPW: after.rootPW }).toEqual({
      nn: before.nn,
      rechteSolo: before.rechteSolo,
      show: before.show,
      rootPW: before.rootPW,
    });

    const groupEditor = await server.userWithSession({
      rechteSolo: ['x|100|000', 'x|005|000|020', 'x|010'],
      groupIds: [viewerGroup],
    });
    const reply = await saveNutzer(groupEditor.code, sent({ gruppen: [group, second] }));
    expect(reply.body.status).toBe('success');
    expect((await adminUser(member.id)).gruppen).toEqual([group, second].sort((a, b) => a - b));
  });

  it('is refused without x|100|000, with a neuPW, for unlisted users and without a session', async () => {
    const { member, viewer, sent } = await setup();
    const noMembers = await server.userWithSession({ rechteSolo: ['x|010'] });
    expectDenied(await saveNutzer(noMembers.code, sent({})));
    expectDenied(await saveNutzer(viewer.code, sent({}), '1'));
    expectDenied(await saveNutzer(viewer.code, sent({ id: 0, nn: 'neu-mitglied' })));
    expectNoSession(await saveNutzer(forged, sent({})));
    // A member the directory does not list is not found (as for getMitglied).
    await showGroups([await createGroup(server.database.db)]);
    const unlisted = await saveNutzer(viewer.code, sent({}));
    expect(unlisted.statusCode).toBe(404);
    expect(unlisted.body).toEqual({ status: 'notFound', message: membersMessages.unknownMember });
    expect((await adminUser(member.id)).id).toBe(member.id);
  });
});
